import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import pg from "pg";
import { sql } from "kysely";
import { Logger, run, runMigrations, type Runner, type Task, type WorkerEvents } from "graphile-worker";
import type { Tx } from "../../db/database.ts";

/**
 * Durable background jobs: graphile-worker on the application's own PostgreSQL (DESIGN: jobs).
 * A job is added inside the transaction that makes it necessary (a message row, a scheduled
 * message), so both commit or neither does: the transactional outbox that keeps a text from being
 * lost between commit and send. See docs/decisions/0009-jobs.md.
 */

/**
 * A job's handler: its payload as added; a throw is retried later by graphile-worker. `urgent`:
 * a person or a call is waiting on it (urgentTask).
 */
type JobHandler = ((payload: unknown) => Promise<void>) & { readonly urgent?: true };
export type JobTasks = Record<string, JobHandler>;

/**
 * Marks a task someone is waiting on (a staff member's text, a ringing call's timer): each node
 * runs these on a runner of their own (startJobs), so they never queue behind a burst of the
 * other jobs, such as 10 000 scheduled messages falling due at once.
 */
export function urgentTask(handler: (payload: unknown) => Promise<void>): JobHandler {
  return Object.assign(handler, { urgent: true as const });
}

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type JobsOptions = {
  /** An owner URL: graphile-worker reads and locks jobs of every organisation. */
  connectionString: string;
  /** Jobs run at once per process: the sends wait on the network, not the CPU. */
  concurrency?: number;
  /** Urgent jobs (urgentTask) run at once per process, on their own runner; 8 when unset. */
  urgentConcurrency?: number;
  /** Jobs fetched and locked at once by the pool (graphile-worker localQueue); none when unset. */
  localQueueSize?: number;
  /** How often jobs that are due later (run_at) are looked for; new jobs arrive by LISTEN/NOTIFY at once. */
  pollIntervalMs?: number;
};

/** Installs or upgrades graphile-worker's own schema (its migrations, not ours). */
export async function installJobs(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: quietLogger });
}

/**
 * Adds job `name` in the caller's transaction: it runs once that commits, at `runAt` (default
 * now). A `jobKey` names a replaceable job: adding the same key again moves the pending one.
 * `priority`: lower runs first among the jobs due (default 0). Through relais_jobs.add_job, the
 * only door the app role has into the queue (decision 0009).
 */
export async function addJob(
  tx: Tx,
  name: string,
  payload: object,
  opts: { runAt?: Date; jobKey?: string; priority?: number } = {},
): Promise<void> {
  await sql`select relais_jobs.add_job(${name}, ${JSON.stringify(payload)}::json, ${opts.runAt?.toISOString() ?? null}::timestamptz, ${opts.jobKey ?? null}, ${opts.priority ?? 0}::integer)`.execute(
    tx,
  );
}

/** Removes the pending job named `jobKey`, if any, in the caller's transaction. */
export async function removeJob(tx: Tx, jobKey: string): Promise<void> {
  await sql`select relais_jobs.remove_job(${jobKey})`.execute(tx);
}

/** removeJob for many keys in one statement. */
export async function removeJobs(tx: Tx, jobKeys: readonly string[]): Promise<void> {
  if (jobKeys.length === 0) return;
  await sql`select relais_jobs.remove_job(k) from unnest(${[...jobKeys]}::text[]) as k`.execute(tx);
}

export type Jobs = { stop: () => Promise<void> };

/**
 * Starts the worker pool of this process. Its connections carry an application name unique to
 * the process, recorded with the pool's id in relais_jobs.pools: a pool whose process is gone
 * (kill -9, a crashed node) has no connection left, and its locked jobs are released at the next
 * start of any node instead of after graphile-worker's four-hour lock timeout. `crontab`: the
 * recurring tasks, one per line ("1 * * * * task").
 */
export async function startJobs(opts: JobsOptions, tasks: JobTasks, log: Log, crontab = ""): Promise<Jobs> {
  const node = `relais-jobs:${randomBytes(8).toString("hex")}`;
  const concurrency = opts.concurrency ?? 4;
  const urgentConcurrency = opts.urgentConcurrency ?? 8;
  // Each runner keeps a LISTEN connection checked out for the life of the pool: while the process
  // lives, one connection with its name always exists.
  const pool = new pg.Pool({ connectionString: opts.connectionString, application_name: node, max: concurrency + urgentConcurrency + 4 });
  pool.on("error", (err) => log.warn({ err }, "job connection dropped"));
  pool.on("connect", (client) => client.on("error", (err) => log.warn({ err }, "job connection dropped")));
  await releaseDeadPools(pool, log);
  const urgent: Record<string, Task> = {};
  const other: Record<string, Task> = {};
  for (const [name, handler] of Object.entries(tasks)) (handler.urgent ? urgent : other)[name] = (payload) => handler(payload);
  // Listened to before run(): each runner creates its worker pool inside it.
  const events: WorkerEvents = new EventEmitter();
  events.on("pool:create", ({ workerPool }) => {
    pool
      .query("insert into relais_jobs.pools (pool_id, node) values ($1, $2) on conflict do nothing", [workerPool.id, node])
      .catch((err: unknown) => log.warn({ err }, "recording the job pool failed"));
  });
  const common = { events, pgPool: pool, pollInterval: opts.pollIntervalMs ?? 1000, noHandleSignals: true, logger: loggerFor(log) };
  const runners: Runner[] = [];
  // graphile-worker hands a runner only the jobs of its own tasks: the urgent ones are never
  // fetched into the other runner's local queue, behind the batch it holds (decision 0052).
  if (Object.keys(other).length > 0) {
    runners.push(
      await run({
        ...common,
        taskList: other,
        // Recurring tasks (graphile-worker crontab syntax): one node runs each occurrence.
        crontab,
        concurrency,
        preset: {
          worker: {
            // A batch of due jobs is fetched and locked at once, and their completions written
            // together: two round trips fewer per job when many fall due (bench/scheduled). A crash
            // leaves more jobs locked, which releaseDeadPools frees.
            ...(opts.localQueueSize ? { localQueue: { size: opts.localQueueSize } } : {}),
            completeJobBatchDelay: 0,
            failJobBatchDelay: 0,
          },
        },
      }),
    );
  }
  if (Object.keys(urgent).length > 0) {
    runners.push(await run({ ...common, taskList: urgent, concurrency: urgentConcurrency }));
  }
  // A node that dies while the others run: its jobs are freed within a minute, not at the next start.
  const sweep = setInterval(
    () => void releaseDeadPools(pool, log).catch((err: unknown) => log.warn({ err }, "releasing stopped job pools failed")),
    60_000,
  );
  sweep.unref();
  return {
    stop: async () => {
      clearInterval(sweep);
      await Promise.all(runners.map((runner) => runner.stop()));
      await pool.query("delete from relais_jobs.pools where node = $1", [node]).catch(() => undefined);
      await pool.end();
    },
  };
}

/** Frees the jobs locked by pools whose process has no connection left to this database. */
async function releaseDeadPools(pool: pg.Pool, log: Log): Promise<void> {
  const { rows } = await pool.query<{ pool_id: string }>(
    `delete from relais_jobs.pools p
      where not exists (select 1 from pg_stat_activity a where a.datname = current_database() and a.application_name = p.node)
      returning pool_id`,
  );
  if (!rows.length) return;
  await pool.query("select graphile_worker.force_unlock_workers($1::text[])", [rows.map((r) => r.pool_id)]);
  log.info({ pools: rows.length }, "released the jobs of stopped job pools");
}

const quietLogger = new Logger(() => () => undefined);

function loggerFor(log: Log): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const obj = { scope, ...meta };
    if (level === "error") log.error(obj, message);
    else if (level === "warning") log.warn(obj, message);
  });
}
