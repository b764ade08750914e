import { sql, type Kysely } from "kysely";

/**
 * A message and an event no longer check their organisation's row (decision 0066). Each such
 * check is a `SELECT … FOR KEY SHARE` of that row, run per row inserted: three per inbound text
 * (its message and its two events), each locking the organisation's row again, a log record each
 * time the lock is new, and a multixact when another transaction of the organisation holds the
 * row too, which at a busy office is every time. What the checks guaranteed still holds: row
 * security (forced, migration 0001) lets a row in only with the transaction's organisation key; a
 * message's thread must exist (its own key), and goes with its thread, which goes with its
 * organisation; an event left by a deleted organisation is removed by the log's retention.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE messages DROP CONSTRAINT messages_organization_id_fkey;
    ALTER TABLE events DROP CONSTRAINT events_organization_id_fkey;
  `.execute(db);
}
