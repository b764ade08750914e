// Shared pieces of the benchmarks: start the real server in its own process, describe the machine.
import { spawn } from "node:child_process";
import { mkdtemp, mkdir, writeFile, chmod } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export function machine() {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    date: new Date().toISOString(),
  };
}

/**
 * Starts `apps/server/src/main.ts` on the embedded PostgreSQL in a temporary folder. With
 * `nodeArgs`, Node runs it with tsx's loader and those flags, so `pid` is the server's own
 * process (the tsx command would put a launcher process in between).
 */
export async function startServer({ port, env = {}, nodeArgs = null }) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "relais-bench-"));
  await chmod(dataDir, 0o755);
  const pgPort = Number(env.EMBEDDED_PG_PORT ?? port + 1000);
  const [command, args] = nodeArgs
    ? [path.resolve("node_modules/.bin/node"), [...nodeArgs, "--import", "tsx", "apps/server/src/main.ts"]]
    : [path.resolve("node_modules/.bin/tsx"), ["apps/server/src/main.ts"]];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      // The server runs on the project's Node 24, as under npm scripts.
      PATH: `${path.resolve("node_modules/.bin")}:${process.env.PATH}`,
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: "warn",
      RATE_LIMIT_FACTOR: "100000",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    pid: child.pid,
    dataDir,
    pgPort,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

export async function saveResult(name, result) {
  await mkdir("bench/results", { recursive: true });
  const file = `bench/results/${name}.json`;
  await writeFile(file, JSON.stringify(result, null, 2) + "\n");
  console.log(`written ${file}`);
}

/** The demo's password, which every benchmark's seeded person shares. */
const PASSWORD = "Relais!2026";

/** Signs one person in through the API; answers their access token. */
export async function login(base, username) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return (await res.json()).jwt;
}
