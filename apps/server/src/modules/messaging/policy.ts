import { THREAD_STATES, type ThreadState } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";

/** Pure rules of who sees which thread and where a new one goes (spec part 1 §4, issue). No I/O. */

/**
 * A thread belongs to a team: only that team's members see or touch it, whatever their role;
 * anyone else is answered 404, as if it did not exist.
 */
export function canSeeThread(actor: Pick<Ctx, "teams">, teamId: string): boolean {
  return actor.teams.some((t) => t.id === teamId);
}

/** The teams whose threads the caller's lists show: theirs. */
export function visibleTeamIds(actor: Pick<Ctx, "teams">): string[] {
  return actor.teams.map((t) => t.id);
}

/** A new conversation goes to the caller's current team, else to their first team; null: none. */
export function teamForNewThread(actor: Pick<Ctx, "teams" | "currentTeamId">): string | null {
  if (actor.currentTeamId && canSeeThread(actor, actor.currentTeamId)) return actor.currentTeamId;
  return actor.teams[0]?.id ?? null;
}

/** Spec part 1 §4: a state is active or inactive; any other value is 'Invalid state'. */
export function isThreadState(value: string): value is ThreadState {
  return (THREAD_STATES as readonly string[]).includes(value);
}

/**
 * A media file is seen by the members of the team whose thread it was sent or received in; an
 * upload not sent yet only by the person who uploaded it; a quick message's file (migration 0012)
 * by all the organisation's staff. Anyone else is answered 404.
 */
export function canReadMedia(
  actor: Pick<Ctx, "teams" | "userId">,
  file: { uploadedBy: string | null; messageId: string | null; teamId: string | null; textBlockId?: string | null },
): boolean {
  // A quick message's file is read by whoever may insert the quick message: all the organisation's staff.
  if (file.textBlockId) return true;
  if (file.messageId === null) return file.uploadedBy !== null && file.uploadedBy === actor.userId;
  return file.teamId !== null && canSeeThread(actor, file.teamId);
}
