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

/** Starts `apps/server/src/main.ts` on the embedded PostgreSQL in a temporary folder. */
export async function startServer({ port, env = {} }) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "relais-bench-"));
  await chmod(dataDir, 0o755);
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["apps/server/src/main.ts"], {
    env: {
      ...process.env,
      // The server runs on the project's Node 24, as under npm scripts.
      PATH: `${path.resolve("node_modules/.bin")}:${process.env.PATH}`,
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(port + 1000),
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
