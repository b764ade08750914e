// What happened during one measured case, on one clock (milliseconds after its first text was
// sent), to set beside its slowest texts: whether the tail is a few moments when everything was
// late together, and what else happened in those moments. Built from what each side recorded:
// the load generator (its collections and stalls, the heartbeat pings it received), the server
// (server-probe.mjs: collections, stalls, requests held 20 ms or more) and PostgreSQL (waits.mjs:
// the write-ahead log's new segments; autovacuum and autoanalyze runs that ended meanwhile).
import pg from "pg";

/** Autovacuum and autoanalyze runs that ended after `sinceEpochMs` (PostgreSQL keeps each table's last only). */
export async function maintenanceSince(ownerUrl, sinceEpochMs) {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select relname as table, 'vacuum' as what, extract(epoch from last_autovacuum) * 1000 as at from pg_stat_user_tables where last_autovacuum is not null
       union all
       select relname, 'analyze', extract(epoch from last_autoanalyze) * 1000 from pg_stat_user_tables where last_autoanalyze is not null`,
    );
    return rows.filter((r) => Number(r.at) > sinceEpochMs).map((r) => ({ at: Math.round(Number(r.at)), table: r.table, what: r.what }));
  } finally {
    await client.end();
  }
}

/** The server's loop-delay answer without the timeline's entries, which `timeline` places. */
export function loopDelayFigures({ collections: _c, slowRequests: _r, stalls: _s, ...figures }) {
  return figures;
}

/**
 * The case's timeline. `run`: measureCores' answer; `report`: the LatencyBook's; `pingRounds`:
 * epoch ms of each heartbeat round the sockets saw; `wal`, `maintenance`: PostgreSQL's.
 */
export function timeline({ run, report, pingRounds, wal, maintenance, seconds }) {
  const origin = report.firstSentEpochMs;
  const place = (entries = []) => entries.map(({ at, ...rest }) => ({ atMs: at - origin, ...rest }));
  // Scavenges under 2 ms are left out: dozens a second, each too short to matter here.
  const collections = (entries = []) => place(entries.filter((e) => e.ms >= 2 || e.kind === "major"));
  return {
    // The clock's zero, to line the timeline up with other logs.
    firstSentEpochMs: origin,
    slowestTexts: report.slowestTexts,
    serverCollections: collections(run.serverEventLoopDelayMs.collections),
    serverStalls: place(run.serverEventLoopDelayMs.stalls),
    serverSlowRequests: place(run.serverEventLoopDelayMs.slowRequests),
    loadGeneratorCollections: collections(run.loadGeneratorCollections),
    loadGeneratorStalls: place(run.loadGeneratorStalls),
    heartbeatRoundsAtMs: pingRounds.map((at) => at - origin).filter((ms) => ms > -5_000 && ms < seconds * 1000 + 5_000),
    walNewSegmentsAtMs: wal.newSegmentsAt.map(({ after, before }) => [after - origin, before - origin]),
    autovacuum: place(maintenance),
  };
}
