import { isAdministrator, reminderAt, SCHEDULED_MIN_LEAD_MINUTES, type ScheduledReminder } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";

/** Pure rules of scheduled messages (spec part 2 §3, §5). No I/O. */

const MINUTE = 60_000;

/** A team's scheduled messages are its members' only: anyone else is answered 404. */
export function canSeeScheduled(actor: Pick<Ctx, "teams">, teamId: string): boolean {
  return actor.teams.some((t) => t.id === teamId);
}

/**
 * Editing or cancelling someone else's scheduled message is for the team's administrators and
 * the organisation's; its author may always change their own.
 */
export function canChangeScheduled(
  actor: Pick<Ctx, "userId" | "role" | "teams">,
  row: { team_id: string; created_by: string | null },
): boolean {
  if (row.created_by === actor.userId || isAdministrator(actor.role)) return true;
  return actor.teams.some((t) => t.id === row.team_id && t.teamRole === "admin");
}

/** The planned time must be at least five minutes after `now`. */
export function isFarEnough(at: Date, now: Date): boolean {
  return at.getTime() - now.getTime() >= SCHEDULED_MIN_LEAD_MINUTES * MINUTE;
}

export { reminderAt };

/**
 * The reminders that will go: those still in the future at `now`. A reminder whose moment has
 * already passed (7 days before a message due tomorrow) is not sent late: it would arrive after
 * the moment it was meant for and just before the message itself.
 */
export function remindersToPlan(at: Date, reminders: readonly ScheduledReminder[], now: Date): ScheduledReminder[] {
  return reminders.filter((r) => reminderAt(at, r).getTime() > now.getTime());
}
