import { isAdministrator } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { canUpdateTeam } from "../teams/index.ts";

/** Pure rules of who may change voice settings (spec part 1 §6, part 2 §6). No I/O. */

/** Transfer extensions are organisation configuration: administrators change them, staff read them to transfer. */
export function canManageTransferExtensions(actor: Pick<Ctx, "role">): boolean {
  return isAdministrator(actor.role);
}

/**
 * A team's greetings: its administrators (or an organisation administrator, who edits every
 * team); the organisation's defaults (`teamId` null): organisation administrators only.
 */
export function canUpdateGreetings(actor: Pick<Ctx, "role" | "teams">, teamId: string | null): boolean {
  return teamId === null ? isAdministrator(actor.role) : canUpdateTeam(actor, teamId);
}

/** Uploading a greeting's audio: anyone who may change some greeting (an administrator of the organisation or of a team). */
export function canUploadGreetingAudio(actor: Pick<Ctx, "role" | "teams">): boolean {
  return isAdministrator(actor.role) || actor.teams.some((t) => t.teamRole === "admin");
}
