import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import type { JobTasks } from "../jobs/jobs.ts";

/**
 * The real-time log's retention (decision 0014): events older than this are deleted. A socket or
 * a polling tab away for longer resumes with a resync (its lists are read again) instead of a
 * replay, and the log holds no more than a day of the texts and names its payloads carry.
 */
export const EVENT_RETENTION_MS = 24 * 3_600_000;
/** Events deleted per statement: each batch is one short transaction. */
const PRUNE_BATCH = 5_000;

export const EVENTS_PRUNE_TASK = "events-prune";
/** Every hour at one minute past; graphile-worker's crontab runs it on one node only. */
export const EVENTS_PRUNE_CRONTAB = `1 * * * * ${EVENTS_PRUNE_TASK}`;

type Log = { info: (obj: object, msg: string) => void };

/**
 * Deletes every organisation's events created before `before`, in batches, and marks how far
 * each organisation's log was pruned (readers resuming from below that resync). Answers how many
 * it deleted. Through relais_prune_events, the only door to a DELETE on the log (migration 0014).
 */
export async function pruneEvents(db: Db, before: Date, batch = PRUNE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await sql<{ deleted: string }>`
      select relais_prune_events(${before.toISOString()}::timestamptz, ${batch}::integer) as deleted
    `.execute(db);
    const deleted = Number(rows[0]?.deleted ?? 0);
    total += deleted;
    if (deleted < batch) return total;
  }
}

/** The retention task this platform part gives the job worker (app.ts), run by EVENTS_PRUNE_CRONTAB. */
export function retentionTasks(db: Db, log: Log): JobTasks {
  return {
    [EVENTS_PRUNE_TASK]: async () => {
      const deleted = await pruneEvents(db, new Date(Date.now() - EVENT_RETENTION_MS));
      if (deleted > 0) log.info({ deleted }, "real-time events past retention deleted");
    },
  };
}
