// The server the browser tests talk to: the real one, on the embedded PostgreSQL in a fresh
// temporary folder (never ./data), with the demo seeded and the dev mailbox on.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "relais-e2e-"));
chmodSync(dataDir, 0o755);
const port = process.env.E2E_PORT ?? "3210";
const child = spawn(path.resolve("node_modules/.bin/tsx"), ["apps/server/src/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PATH: `${path.resolve("node_modules/.bin")}:${process.env.PATH}`,
    DATA_DIR: dataDir,
    PORT: port,
    EMBEDDED_PG_PORT: String(Number(port) + 2000),
    DEV_TOOLS: "true",
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    PUBLIC_URL: `http://localhost:${port}`,
    // The journeys sign in a few hundred times from one address.
    RATE_LIMIT_FACTOR: "100",
  },
});
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
