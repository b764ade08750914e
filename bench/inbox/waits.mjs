// What PostgreSQL's busy connections are doing while a phase runs: sampled from
// pg_stat_activity, to tell waiting on a lock from working, and on which statement.
import pg from "pg";

const SAMPLE = `
  select coalesce(wait_event_type || ':' || wait_event, 'running') as wait,
         left(regexp_replace(query, '\\s+', ' ', 'g'), 70) as statement
  from pg_stat_activity
  where backend_type = 'client backend' and pid <> pg_backend_pid() and state = 'active'`;

/**
 * Samples every `everyMs` until `stop()`, which answers the most frequent (wait, statement)
 * pairs with the average number of connections found in each per sample.
 */
export async function sampleWaits(ownerUrl, everyMs = 250) {
  const client = new pg.Client({ connectionString: ownerUrl });
  client.on("error", () => undefined);
  await client.connect();
  // Transactions committed or rolled back in the cluster meanwhile, less this sampler's own (one
  // per query): with one per inbound text and one per read of the hub, a figure to set beside
  // the texts taken in. PostgreSQL's backends report theirs within a second of the end.
  let ownQueries = 0;
  const transactionsNow = async () => {
    ownQueries++;
    const { rows } = await client.query("select sum(xact_commit + xact_rollback)::float8 as n from pg_stat_database");
    return rows[0].n;
  };
  const transactionsAtStart = await transactionsNow();
  // The log's files: a new one is made (and zeroed, commits waiting) when none is ready for
  // reuse; reusing one leaves the count as it was (decision 0065).
  const walFilesNow = async () => {
    ownQueries++;
    const { rows } = await client.query("select count(*)::int as n from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$'");
    return rows[0].n;
  };
  const walFilesAtStart = await walFilesNow();
  let walFilesMade = 0;
  let transactions = 0;
  const counts = new Map();
  // Where PostgreSQL's write-ahead log stood at each sample (epoch ms, bytes): how much a phase
  // wrote, and when it moved into a new 16 MB segment file.
  const wal = [];
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query(SAMPLE);
      const lsn = await client.query("select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 as bytes");
      ownQueries += 2;
      wal.push({ at: Date.now(), bytes: lsn.rows[0].bytes });
      samples++;
      for (const r of rows) {
        const key = `${r.wait} | ${r.statement}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
    // A sample failing (the server going away) ends the sampling, not the benchmark.
  })().catch(() => undefined);
  return {
    async stop(top = 6) {
      running = false;
      await loop;
      // After the reports of the last second's transactions.
      await new Promise((r) => setTimeout(r, 1_100));
      walFilesMade = await walFilesNow().then(
        (n) => Math.max(0, n - walFilesAtStart),
        () => 0,
      );
      transactions = await transactionsNow().then(
        (n) => n - transactionsAtStart - ownQueries,
        () => 0,
      );
      await client.end().catch(() => undefined);
      return [...counts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([what, n]) => ({ what, connections: Math.round((n / Math.max(1, samples)) * 10) / 10 }));
    },
    /** Transactions of the cluster from the start to `stop()`, less the sampler's own. */
    transactions() {
      return transactions;
    },
    /**
     * The log's samples: bytes written per second, when (epoch ms, within a sample) it entered each
     * new segment, and how many files PostgreSQL made for them (after `stop()`).
     */
    wal() {
      const first = wal[0];
      const last = wal.at(-1);
      if (!first || !last || last.at === first.at) return { bytesPerSecond: 0, newSegmentsAt: [], filesMade: walFilesMade };
      const SEGMENT = 16 * 1024 * 1024;
      const newSegmentsAt = [];
      for (let i = 1; i < wal.length; i++) {
        const [a, b] = [wal[i - 1], wal[i]];
        if (Math.floor(b.bytes / SEGMENT) > Math.floor(a.bytes / SEGMENT)) newSegmentsAt.push({ after: a.at, before: b.at });
      }
      return {
        bytesPerSecond: Math.round((last.bytes - first.bytes) / ((last.at - first.at) / 1000)),
        newSegmentsAt,
        filesMade: walFilesMade,
      };
    },
  };
}
