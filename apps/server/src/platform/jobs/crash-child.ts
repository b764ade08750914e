import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { createDatabase } from "../../db/database.ts";
import { appUrlFor } from "../../db/app-login.ts";
import { createTokenSigner } from "../auth/tokens.ts";
import { createMailer } from "../mail.ts";
import { createRateLimiter } from "../rate-limit.ts";
import { createLocalFileStore } from "../storage/file-store.ts";
import { createLinkSigner, MEDIA_LINK_TTL_SECONDS } from "../storage/signed-links.ts";
import { TEST_APP_PASSWORD } from "../../../test/app-password.ts";
import { FileCarrier } from "./file-carrier.ts";

/**
 * The server as the crash test runs it (jobs.api.test.ts): the app with its job worker on the
 * test's database and a FileCarrier on CRASH_CARRIER_FILE, no HTTP listener (the jobs are the
 * point), the worker set as in main.ts unless CRASH_CONCURRENCY / CRASH_LOCAL_QUEUE say otherwise. Prints "ready" once the worker runs; the test kills it with SIGKILL whenever it likes.
 */
const url = process.env["CRASH_DATABASE_URL"];
const file = process.env["CRASH_CARRIER_FILE"];
if (!url || !file) throw new Error("CRASH_DATABASE_URL and CRASH_CARRIER_FILE are required");
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false", DEV_TOOLS: "false" });
const db = createDatabase(url, { appUrl: appUrlFor(url, TEST_APP_PASSWORD), appPoolSize: 6, ownerPoolSize: 2 });
const app = await buildApp(
  {
    config,
    db,
    signer: createTokenSigner(randomBytes(32).toString("hex")),
    limiter: createRateLimiter(db.app),
    mailer: createMailer({ from: config.MAIL_FROM, dataDir: "/nonexistent" }),
    carrier: new FileCarrier(file, Number(process.env["CRASH_SEND_DELAY_MS"] ?? 10)),
    files: createLocalFileStore(path.join(os.tmpdir(), "relais-crash-files")),
    mediaLinks: createLinkSigner(randomBytes(32).toString("hex"), "media", MEDIA_LINK_TTL_SECONDS),
    jobs: {
      connectionString: url,
      concurrency: Number(process.env["CRASH_CONCURRENCY"] ?? 24),
      localQueueSize: Number(process.env["CRASH_LOCAL_QUEUE"] ?? 100),
      pollIntervalMs: 200,
    },
  },
  { logger: false },
);
await app.ready();
console.log("ready");
process.once(
  "SIGTERM",
  () =>
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0)),
);
