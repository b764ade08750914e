import { defaultWeekSchedule, MAILBOX_PROVIDERS, weekSchedule, type Team, type TeamDetail } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { canDeleteTeam, canManageMembers, canUpdateTeam, teamRoleOf } from "./policy.ts";
import type { TeamRow } from "./repo.ts";

export function presentTeam(row: TeamRow, ctx: Pick<Ctx, "role" | "teams">): Team {
  const week = weekSchedule.safeParse((row.schedule as { week?: unknown } | null)?.week);
  const settings = (row.settings ?? {}) as { voiceQueue?: unknown };
  return {
    id: row.id,
    label: row.label,
    email: row.email,
    emailProvider: MAILBOX_PROVIDERS.find((p) => p === row.email_provider) ?? null,
    valid: row.email_valid,
    phoneNumber: row.phone_number,
    main: row.main,
    schedule: { week: week.success ? week.data : defaultWeekSchedule() },
    settings: { voiceQueue: settings.voiceQueue === true },
    memberCount: row.member_count,
    isMember: teamRoleOf(ctx, row.id) !== null,
    abilities: {
      update: canUpdateTeam(ctx, row.id),
      delete: canDeleteTeam(ctx) && !row.main,
      manageMembers: canManageMembers(ctx, row.id),
    },
  };
}

export function presentTeamDetail(
  row: TeamRow,
  members: { user_id: string; team_role: string; name: string; email: string }[],
  ctx: Pick<Ctx, "role" | "teams">,
): TeamDetail {
  return {
    ...presentTeam(row, ctx),
    members: members.map((m) => ({
      userId: m.user_id,
      name: m.name,
      email: m.email,
      teamRole: m.team_role === "admin" ? "admin" : "user",
    })),
  };
}
