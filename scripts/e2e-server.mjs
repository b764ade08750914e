// The server the browser tests talk to: the real one, on the embedded PostgreSQL in a fresh
// temporary folder (never ./data), with the demo seeded and the dev mailbox on; and the local
// mail servers of the email tests (an OAuth server, dovecot, an SMTP server), with Gmail and
// Outlook pointed at them by environment exactly as the API tests do. The journeys drive the
// mail side through a control door on E2E_PORT + 4000 (apps/server/test/mail/e2e-mail-control.ts).
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "relais-e2e-"));
chmodSync(dataDir, 0o755);
const port = process.env.E2E_PORT ?? "3210";
const tsx = path.resolve("node_modules/.bin/tsx");

const mailSettings = path.join(dataDir, "mail-settings.json");
const mail = spawn(tsx, ["apps/server/test/mail/e2e-mail-control.ts", String(Number(port) + 4000), mailSettings], {
  stdio: "inherit",
  env: { ...process.env, PATH: `${path.resolve("node_modules/.bin")}:${process.env.PATH}` },
});
const mailExited = new Promise((resolve) => mail.once("exit", resolve));
for (let waited = 0; !existsSync(mailSettings); waited += 100) {
  if (mail.exitCode !== null || waited > 30_000) {
    console.error("e2e-server: the local mail servers did not start");
    mail.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 100));
}
const mailConfig = JSON.parse(readFileSync(mailSettings, "utf8"));

const child = spawn(tsx, ["apps/server/src/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    ...mailConfig,
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
child.on("exit", async (code) => {
  mail.kill("SIGTERM");
  await mailExited;
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
