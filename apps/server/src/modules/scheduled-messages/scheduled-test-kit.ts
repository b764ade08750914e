import { sql } from "kysely";
import { localClock, type ScheduledMessageRequest } from "@relais/shared";
import type { TestApp } from "../../../test/helpers.ts";

/** Helpers of the scheduled-messages tests: wall-clock times in a zone, and a look into the job queue. */

export const URL = "/api/scheduled-messages";

/** The date and HH:mm that `minutes` from now read on the wall clock of `timeZone`. */
export function wallClock(minutes: number, timeZone: string, from = new Date()): { date: string; time: string } {
  const { date, minutes: m } = localClock(new Date(from.getTime() + minutes * 60_000), timeZone);
  return { date, time: `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}` };
}

export function request(
  to: string,
  minutesAhead: number,
  timeZone: string,
  extra: Partial<ScheduledMessageRequest> = {},
): ScheduledMessageRequest {
  return {
    title: "Rappel de rendez-vous",
    message: "Votre rendez-vous est demain à 9 h.",
    toPhoneNumber: to,
    ...wallClock(minutesAhead, timeZone),
    ...extra,
  };
}

export type QueuedJob = { key: string; task: string; run_at: Date; payload: Record<string, unknown> };

/** The pending jobs whose key starts with the organisation and `prefix`. */
export async function jobsOf(t: TestApp, orgId: string, prefix: string): Promise<QueuedJob[]> {
  const { rows } = await sql<QueuedJob>`
    select j.key, t.identifier as task, j.run_at, j.payload
    from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where j.key like ${`${orgId}:${prefix}%`} order by j.run_at`.execute(t.db.owner);
  return rows;
}

/** Makes a pending job due now, as if the clock had reached its time. */
export async function bringForward(t: TestApp, orgId: string, key: string): Promise<void> {
  await sql`update graphile_worker._private_jobs set run_at = now() where key = ${`${orgId}:${key}`}`.execute(t.db.owner);
}
