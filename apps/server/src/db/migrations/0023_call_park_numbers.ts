import { sql, type Kysely } from "kysely";

/**
 * A park number names one parked call in its organisation (issue 13 §1, decision 0036): the
 * service picks the lowest free one under a lock, and this index makes a second holder of the
 * same number impossible whatever the service does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX calls_park_no_unique ON calls (organization_id, park_no) WHERE state = 'parked'`.execute(db);
}
