import { sql, type Kysely } from "kysely";

/**
 * A scheduled message's time is optional (spec part 2 §3, decision 0034): null when only a date
 * was given. `scheduled_at` still holds the instant it goes, at the office's opening time that day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE scheduled_messages ALTER COLUMN scheduled_time DROP NOT NULL`.execute(db);
}
