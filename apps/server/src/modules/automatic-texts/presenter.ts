import { AUTOMATIC_REPLY_PERIOD_DEFAULT_HOURS, type AutomaticTexts } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { canUpdateAutomaticTexts } from "./policy.ts";
import type { AutomaticTextsRow } from "./repo.ts";

/** A team's automatic texts as answered; a team that never saved them gets the defaults. */
export function presentAutomaticTexts(teamId: string, row: AutomaticTextsRow | undefined, ctx: Pick<Ctx, "role">): AutomaticTexts {
  return {
    teamId,
    outsideHours: { enabled: row?.outside_hours_enabled ?? false, text: row?.outside_hours_text ?? "" },
    missedCall: { enabled: row?.missed_call_enabled ?? false, text: row?.missed_call_text ?? "" },
    periodHours: row?.period_hours ?? AUTOMATIC_REPLY_PERIOD_DEFAULT_HOURS,
    updatedAt: row ? row.updated_at.toISOString() : null,
    abilities: { update: canUpdateAutomaticTexts(ctx) },
  };
}
