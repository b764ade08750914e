import { sql, type Kysely } from "kysely";

/**
 * Rate-limit windows are counters of the last minutes, not records: they move to an UNLOGGED
 * table (docs/decisions/0018-text-path-budget.md). Every hit was its own committed
 * transaction with a write-ahead-log flush — one per simulated inbound text, per sign-in attempt,
 * per refresh. Unlogged, a hit writes no WAL and its commit waits for no flush, and every server
 * process still counts in the same rows, so the limits hold across nodes as before.
 *
 * The price: after a PostgreSQL crash (not a clean restart) the table comes back empty, and
 * unlogged tables are not copied to replicas. A crash thus resets every window — at worst one
 * window's worth of extra attempts — which a throttle can afford; nothing else reads the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rate_limits SET UNLOGGED`.execute(db);
}
