import { sql, type Kysely } from "kysely";

/**
 * The unread counts every thread list answers with (issue 11 §4, the first page under 20 ms):
 * `count(*) … where has_notification group by state` read every thread of the caller's teams,
 * 6 of the first page's 10 ms at 50 000 threads. A partial index holds only the unread ones,
 * so the count reads those alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX threads_unread_idx ON threads (organization_id, team_id, state) WHERE has_notification;
  `.execute(db);
}
