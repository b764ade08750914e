import pg from "pg";
import { Kysely, PostgresDialect, sql, type Compilable, type Transaction } from "kysely";
import { prioritisePool } from "./priority-pool.ts";
import { hearDirectoryChangesAtCommit } from "./directory-commit.ts";
import { saveRoundTrips } from "./round-trips.ts";
import { shareRowShapes } from "./row-shapes.ts";
import type { DB } from "./schema.ts";

export const APP_ROLE = "relais_app";
export const LOGIN_ROLE = "relais_login";

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;

/**
 * The two connection pools of one database.
 * - `app` runs every request as relais_app: it owns no table and has no BYPASSRLS, so row-level
 *   security holds even if a query forgets its organisation filter.
 * - `owner` runs migrations, the demo seed and cross-tenant system work (jobs, retention).
 */
export type Database = {
  app: Db;
  owner: Db;
  /**
   * A new connection outside both pools, as the URL's role, for LISTEN: a listener keeps its
   * connection for the life of the process, so it must not hold one of a pool's.
   */
  dedicatedClient: () => pg.Client;
  /**
   * The same, to the real-time bus's database (DatabaseOptions.busUrl): this database's when
   * none was given.
   */
  busClient: () => pg.Client;
  /**
   * Hears the directory changes committed through this node's pools, each before its commit
   * answers (db/directory-commit.ts), so this node forgets what it held of that organisation
   * before its next request (decisions 0050 and 0053). Other nodes hear it on DIRECTORY_CHANGE_CHANNEL,
   * on a listener of their own.
   */
  onDirectoryChange: (handler: (payload: string) => void) => () => void;
  /**
   * Opens every connection of the app pool now, together, and answers how many opened: at a
   * start, before the first requests, rather than one by one under their load, where each cost
   * the texts waiting on it 20 to 40 ms (decision 0056). A connection refused is left for later.
   */
  warm: () => Promise<number>;
  close: () => Promise<void>;
};

/** Notified, with the organisation's id or '*', when a row of an organisation's directory changes (migration 0028). */
export const DIRECTORY_CHANGE_CHANNEL = "relais_directory_change";

// int8 (counts, identities) as numbers: Relais never counts past 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// date columns stay YYYY-MM-DD strings: a calendar date has no time zone.
pg.types.setTypeParser(1082, (v) => v);
// After the parsers above: a row's shape is made once per description (row-shapes.ts).
shareRowShapes();

export type DatabaseOptions = {
  /**
   * A URL that logs in as relais_app itself. Without it the app pool logs in as the owner and
   * drops to relais_app with SET ROLE, which an injected `RESET ROLE` could undo: the
   * embedded database and the tests always give one; production should (DATABASE_APP_URL).
   */
  appUrl?: string;
  appPoolSize?: number;
  ownerPoolSize?: number;
  /** Where the PostgreSQL bus listens and notifies (DATABASE_BUS_URL, decision 0067); unset, this database. */
  busUrl?: string | undefined;
  onError?: (err: Error) => void;
};

export function createDatabase(url: string, opts: DatabaseOptions = {}): Database {
  // An idle connection dropped by the server (restart, Ctrl-C reaching PostgreSQL first) is
  // discarded by the pool; without a listener Node would crash the process on it.
  const onIdleError = (err: Error) => opts.onError?.(err);
  const appPoolSize = opts.appPoolSize ?? 20;
  // Pipelined: a statement sent while another's answer is on its way leaves at once instead of
  // waiting for it, so a transaction's begin and first statement, or its last write and its
  // commit, cost one round trip (round-trips.ts, sendUnanswered; decision 0054).
  //
  // Kept open once opened (no idle timeout; pg's default closes a connection idle for 10 s): a
  // new one costs a backend started, a sign-in and cold caches, 20 to 40 ms under load, and at
  // 200 texts a second the connections beyond the few in steady use went idle, closed, and were
  // opened again at each small burst — the slowest texts of the benchmark waited on exactly
  // that (decision 0056). A fixed-size pool, as HikariCP recommends for spiky load.
  const appPool = new pg.Pool({ connectionString: opts.appUrl ?? url, max: appPoolSize, pipeline: true, idleTimeoutMillis: 0 });
  appPool.on("connect", (client) => {
    client.on("error", onIdleError);
    // Fallback only: each connection drops to the unprivileged role before its first query.
    if (!opts.appUrl) client.query(`SET ROLE ${APP_ROLE}`).catch(() => client.release(true));
  });
  const directoryChangeHandlers = new Set<(payload: string) => void>();
  const directoryChanged = (payload: string) => {
    for (const handler of directoryChangeHandlers) handler(payload);
  };
  // Before saveRoundTrips: a transaction that ran nothing sends no commit, and changed nothing.
  hearDirectoryChangesAtCommit(appPool, directoryChanged);
  saveRoundTrips(appPool);
  // A call's work takes the next free connection before the texts waiting for one (priority-pool.ts).
  prioritisePool(appPool, appPoolSize);
  const ownerPool = new pg.Pool({ connectionString: url, max: opts.ownerPoolSize ?? 5 });
  appPool.on("error", onIdleError);
  ownerPool.on("error", onIdleError);
  // The same for a connection in use when the server goes away: its query fails on its own,
  // the client's error event must not take the process down with it.
  ownerPool.on("connect", (client) => {
    client.on("error", onIdleError);
    // The owner's few connections listen: they also change rows outside a transaction (jobs,
    // operators' scripts), which no commit reports. PostgreSQL wakes each listener at every
    // NOTIFY of the database, so the app pool, twenty connections, hears its commits instead.
    client.on("notification", (msg) => {
      if (msg.channel === DIRECTORY_CHANGE_CHANNEL && msg.payload) directoryChanged(msg.payload);
    });
    // A connection that cannot listen still serves; the node's own listener hears the change a moment later.
    client.query(`LISTEN ${DIRECTORY_CHANGE_CHANNEL}`).catch(() => undefined);
  });
  const app = new Kysely<DB>({ dialect: new PostgresDialect({ pool: appPool }) });
  const owner = new Kysely<DB>({ dialect: new PostgresDialect({ pool: ownerPool }) });
  return {
    app,
    owner,
    dedicatedClient: () => new pg.Client({ connectionString: url, keepAlive: true }),
    busClient: () => new pg.Client({ connectionString: opts.busUrl ?? url, keepAlive: true }),
    onDirectoryChange: (handler) => {
      directoryChangeHandlers.add(handler);
      return () => directoryChangeHandlers.delete(handler);
    },
    warm: async () => {
      // All checked out at once, so the pool opens a new connection for each instead of handing
      // the same idle one back. Kept open once released (no idle timeout).
      const opened = await Promise.allSettled(Array.from({ length: appPoolSize }, () => appPool.connect()));
      let count = 0;
      for (const outcome of opened) {
        if (outcome.status !== "fulfilled") continue;
        outcome.value.release();
        count++;
      }
      return count;
    },
    close: async () => {
      await app.destroy();
      await owner.destroy();
    },
  };
}

/**
 * Runs `fn` in one transaction scoped to organisation `orgId`: the row-level security key
 * app.org_id is set for this transaction only (set_config(..., true)), so a pooled connection
 * never carries one tenant's key into another tenant's request.
 */
export async function withTenant<T>(db: Db, orgId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const committed: ((db: Db) => void)[] = [];
  const unanswered: Unanswered = { answers: [], handed: [] };
  let result: T;
  try {
    result = await db.transaction().execute(async (tx) => {
      commitQueues.set(tx, committed);
      unansweredQueues.set(tx, unanswered);
      const finishing: ((tx: Tx) => Promise<void>)[] = [];
      finishQueues.set(tx, finishing);
      // Inlined, not a parameter: a statement without parameters goes out with the transaction's
      // `begin` in one round trip (round-trips.ts). Only a UUID can reach the text.
      if (!UUID.test(orgId)) throw new Error("withTenant needs an organisation id");
      await sql.raw(`select set_config('app.org_id', '${orgId}', true)`).execute(tx);
      const value = await fn(tx);
      // In order, each awaited: a step may hold a lock from here to the commit (the event log).
      for (const step of finishing) await step(tx);
      // Kysely sends the commit straight to the connection, not behind the statements it still
      // lets out one at a time: every unanswered write must be on its way first.
      await Promise.all(unanswered.handed);
      return value;
    });
  } catch (err) {
    // A write sent unanswered failed first: what came after it failed only because of it.
    throw (await firstFailure(unanswered.answers)) ?? err;
  }
  // A write sent unanswered that failed made the commit a rollback (PostgreSQL answers a
  // commit of an aborted transaction with ROLLBACK, not an error): nothing was committed.
  const failed = await firstFailure(unanswered.answers);
  if (failed) throw failed;
  for (const run of committed) {
    // The transaction is committed: a failing follow-up must not turn its caller's success
    // into an error answer.
    try {
      run(db);
    } catch (err) {
      process.emitWarning(err instanceof Error ? err : String(err), "AfterCommitWarning");
    }
  }
  return result;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What afterCommit queued, per open withTenant transaction. */
const commitQueues = new WeakMap<Tx, ((db: Db) => void)[]>();

/** What sendUnanswered sent, per open withTenant transaction. */
const unansweredQueues = new WeakMap<Tx, Unanswered>();
/** `answers`: each write's answer; `handed`: settled once the write is handed to the connection. */
type Unanswered = { answers: Promise<unknown>[]; handed: Promise<unknown>[] };

/** The error of the first of `writes` that failed, once all have answered; undefined if none did. */
async function firstFailure(writes: Promise<unknown>[]): Promise<unknown> {
  for (const outcome of await Promise.allSettled(writes)) if (outcome.status === "rejected") return outcome.reason as unknown;
  return undefined;
}

/**
 * A write of the withTenant transaction `tx` whose answer nobody needs but its success, sent and
 * not awaited: whatever the transaction sends next — often its commit — leaves in the same round
 * trip (the app pool pipelines, decision 0054), and runs after it, in order, on the same
 * connection. Its failure still fails the transaction: PostgreSQL aborts it, so any later
 * statement fails and the commit becomes a rollback, and withTenant throws this write's error.
 *
 * Kysely lets a transaction's statements out one at a time, each once the one before has
 * answered; this write is handed to the connection through that same gate, but lets it go as
 * soon as it is sent, so the statements after it need not wait for its answer.
 */
export function sendUnanswered(tx: Tx, write: Compilable<unknown>): void {
  const queue = unansweredQueues.get(tx);
  if (!queue) throw new Error("sendUnanswered needs a transaction opened by withTenant");
  const compiled = write.compile();
  let answer: Promise<unknown> = Promise.resolve();
  const handed = tx.getExecutor().provideConnection((connection) => {
    answer = connection.executeQuery(compiled);
    return Promise.resolve();
  });
  const answered = handed.then(() => answer);
  // Handled now: they may fail before withTenant looks at them.
  handed.catch(() => undefined);
  answered.catch(() => undefined);
  queue.handed.push(handed);
  queue.answers.push(answered);
}

/** What beforeCommit queued, per open withTenant transaction. */
const finishQueues = new WeakMap<Tx, ((tx: Tx) => Promise<void>)[]>();

/**
 * Runs `fn` in the withTenant transaction `tx` after its callback has returned, just before the
 * commit, in the order queued; a failure rolls the whole transaction back. For writes that take
 * a lock held until commit, so that it is held as briefly as possible (the event log's cursor).
 */
export function beforeCommit(tx: Tx, fn: (tx: Tx) => Promise<void>): void {
  const queue = finishQueues.get(tx);
  if (!queue) throw new Error("beforeCommit needs a transaction opened by withTenant");
  queue.push(fn);
}

/**
 * Runs `fn` once the withTenant transaction `tx` has committed — never after a rollback — with
 * the pool it ran on. For signals that must not go out before what they announce is visible to
 * other connections (the real-time bus). Throws when `tx` was not opened by withTenant, so a
 * signal cannot be lost silently.
 */
export function afterCommit(tx: Tx, fn: (db: Db) => void): void {
  const queue = commitQueues.get(tx);
  if (!queue) throw new Error("afterCommit needs a transaction opened by withTenant");
  queue.push(fn);
}
