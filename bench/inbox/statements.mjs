// Where PostgreSQL's work goes per inbound text, by statement and by write-ahead log record
// (decision 0064). On only with BENCH_PG_STATEMENTS=1: the server's embedded PostgreSQL then
// preloads pg_stat_statements (EMBEDDED_PG_SETTINGS), whose bookkeeping costs a little of every
// statement, so the timings of such a run are not the figures of record.
import pg from "pg";

/** Whether this run counts statements. */
export const COUNT_STATEMENTS = process.env.BENCH_PG_STATEMENTS === "1";

/** What the server's embedded PostgreSQL must load for it (EMBEDDED_PG_SETTINGS). */
export const STATEMENT_SETTINGS = "shared_preload_libraries=pg_stat_statements;pg_stat_statements.track=all";

const TOP = `
  select calls::float8 as calls, total_exec_time as ms, rows::float8 as rows,
         left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as statement
  from pg_stat_statements
  where query not ilike '%pg_stat%' and query not ilike '%pg_get_wal_stats%' and query not ilike '%pg_current_wal_lsn%'
  order by total_exec_time desc limit $1`;

const WAL = `
  select "resource_manager/record_type" as record, count::float8 as count, (record_size + fpi_size)::float8 as bytes
  from pg_get_wal_stats($1::pg_lsn, pg_current_wal_lsn(), true)
  where count > 0 order by record_size + fpi_size desc limit $2`;

const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Starts counting (statements reset, the log's position noted); `stop(texts)` answers the
 * statements that took the most time and the log's records, each per text sent.
 */
export async function countStatements(ownerUrl) {
  const client = new pg.Client({ connectionString: ownerUrl });
  client.on("error", () => undefined);
  await client.connect();
  await client.query("create extension if not exists pg_stat_statements");
  await client.query("create extension if not exists pg_walinspect");
  await client.query("select pg_stat_statements_reset()");
  const { rows } = await client.query("select pg_current_wal_lsn()::text as lsn");
  const from = rows[0].lsn;
  return {
    async stop(texts, top = 15) {
      try {
        const statements = await client.query(TOP, [top]);
        const wal = await client.query(WAL, [from, top]);
        return {
          statements: statements.rows.map((r) => ({
            statement: r.statement,
            perText: round(r.calls / texts),
            msPerText: round(r.ms / texts, 3),
            rowsPerCall: round(r.rows / Math.max(1, r.calls), 1),
          })),
          wal: wal.rows.map((r) => ({ record: r.record, perText: round(r.count / texts), bytesPerText: Math.round(r.bytes / texts) })),
        };
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}

/** The counts of each case, as lines under the bench's table. */
export function printStatements(runs) {
  for (const run of runs) {
    if (!run.postgresWork) continue;
    console.log(`\n${run.case} at ${run.ratePerSecond}/s, per text sent:`);
    for (const s of run.postgresWork.statements) {
      console.log(`  ${String(s.perText).padStart(5)} × ${s.msPerText.toFixed(3).padStart(6)} ms  ${s.statement}`);
    }
    console.log("  write-ahead log:");
    for (const w of run.postgresWork.wal) {
      console.log(`  ${String(w.perText).padStart(5)} × ${String(w.bytesPerText).padStart(5)} B   ${w.record}`);
    }
  }
}
