import { isAdministrator } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";

/** Pure rules of who may do what with a team (spec part 1 §5–§6). No I/O. */

export function teamRoleOf(actor: Pick<Ctx, "teams">, teamId: string): "admin" | "user" | null {
  return actor.teams.find((t) => t.id === teamId)?.teamRole ?? null;
}

/** Organisation administrators and the team's own administrators edit a team. */
export function canUpdateTeam(actor: Pick<Ctx, "role" | "teams">, teamId: string): boolean {
  return isAdministrator(actor.role) || teamRoleOf(actor, teamId) === "admin";
}

/** Only a team's administrator adds, changes or removes its members. */
export function canManageMembers(actor: Pick<Ctx, "teams">, teamId: string): boolean {
  return teamRoleOf(actor, teamId) === "admin";
}

export function canDeleteTeam(actor: Pick<Ctx, "role">): boolean {
  return isAdministrator(actor.role);
}

export function canCreateTeam(actor: Pick<Ctx, "role">): boolean {
  return isAdministrator(actor.role);
}

/**
 * Would this membership still hold one administrator and one user (spec part 1 §5)?
 * Answers the catalogue key of the first rule broken, or null.
 */
export function membershipProblem(members: { team_role: string }[]): "error.last-team-admin" | "error.last-team-user" | null {
  if (!members.some((m) => m.team_role === "admin")) return "error.last-team-admin";
  if (!members.some((m) => m.team_role === "user")) return "error.last-team-user";
  return null;
}
