import path from "node:path";
import { loadConfig } from "./config.ts";
import { buildApp } from "./app.ts";
import { createDatabase } from "./db/database.ts";
import { EMBEDDED_BUS_DATABASE, ensureBusDatabase } from "./db/bus-database.ts";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./db/embedded.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { installJobs } from "./platform/jobs/jobs.ts";
import { createTokenSigner } from "./platform/auth/tokens.ts";
import { createMailer } from "./platform/mail.ts";
import { createCarrier } from "./carriers/select.ts";
import { createRateLimiter } from "./platform/rate-limit.ts";
import { createLocalFileStore } from "./platform/storage/file-store.ts";
import { createLinkSigner, MEDIA_LINK_TTL_SECONDS } from "./platform/storage/signed-links.ts";
import { loadJwtSecret, loadOrCreateSecret } from "./secrets.ts";
import { appUrlFor, enableAppLogin } from "./db/app-login.ts";
import { seedReference } from "./seed/reference.ts";
import { mediaDepsOf } from "./modules/messaging/index.ts";
import { DEMO_CLINIC_USERS, DEMO_NOTARY_USERS, DEMO_PASSWORD, seedDemo } from "./seed/demo.ts";

/** config → database (embedded or DATABASE_URL) → migrate → seed → app → listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const webDist = config.WEB_DIST ?? path.resolve(import.meta.dirname, "../../web/dist");
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dir: path.join(config.DATA_DIR, "pg"),
      port: config.EMBEDDED_PG_PORT,
      settings: config.EMBEDDED_PG_SETTINGS,
    });
    url = embedded.url;
  }
  // The embedded database is ours: relais_app gets a login of its own (password kept under
  // DATA_DIR), so requests never run on a connection that could RESET ROLE back to the owner.
  const appPassword = embedded ? await loadOrCreateSecret(config.DATA_DIR, "db-app-password") : null;
  const appUrl = embedded && appPassword ? appUrlFor(url, appPassword) : config.DATABASE_APP_URL;
  // The PostgreSQL bus's signals on a database of their own, so they wake no other listener
  // (decision 0067): the operator's, or one made in the embedded cluster.
  const busUrl =
    config.DATABASE_BUS_URL ?? (embedded && !config.REDIS_URL ? await ensureBusDatabase(url, EMBEDDED_BUS_DATABASE) : undefined);
  const db = createDatabase(url, {
    appUrl,
    busUrl,
    appPoolSize: config.DATABASE_POOL_SIZE,
    onError: (err) => console.warn(`database connection dropped: ${err.message}`),
  });
  const jwtSecret = await loadJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  const deps = {
    config: { ...config, WEB_DIST: webDist },
    db,
    signer: createTokenSigner(jwtSecret),
    limiter: createRateLimiter(db.app, config.RATE_LIMIT_FACTOR),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR }),
    // Twilio when TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set, else the sandbox.
    carrier: createCarrier(config, (err) => console.warn(`sandbox carrier callback failed: ${String(err)}`)),
    files: createLocalFileStore(path.join(config.DATA_DIR, "files")),
    // Derived from the token secret, so every node of a cluster signs and checks the same links.
    mediaLinks: createLinkSigner(jwtSecret, "media", MEDIA_LINK_TTL_SECONDS),
    // The job worker runs as the owner: it reads and locks the jobs of every organisation.
    // 24 jobs at once, fetched 100 at a time: the sends wait on the network and on PostgreSQL,
    // not on the CPU, and since decision 0017 the texts of one organisation no longer commit one
    // at a time (bench/scheduled, decisions 0009 and 0018).
    jobs: { connectionString: url, concurrency: 24, localQueueSize: 100 },
  };
  const app = await buildApp(deps);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stop taking requests, let those in flight finish, close the sockets and stop the
    // real-time bus and hub (the app's onClose hook), then close the pools and PostgreSQL, so
    // the next start finds no stale lock.
    await app.close().catch((err: unknown) => app.log.error({ err }, "closing http"));
    await db.close().catch((err: unknown) => app.log.error({ err }, "closing pools"));
    await embedded?.stop().catch((err: unknown) => app.log.error({ err }, "stopping postgres"));
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    const applied = await migrateToLatest(db.owner);
    await installJobs(url);
    if (embedded && appPassword) await enableAppLogin(db.owner, url, appPassword);
    if (!appUrl) app.log.warn("DATABASE_APP_URL is unset: requests reach relais_app through SET ROLE (see docs/decisions/0002)");
    // Works as it is, at a cost that grows with the nodes: say so, as for the role above.
    if (!embedded && !busUrl && !config.REDIS_URL) {
      app.log.warn(
        "DATABASE_BUS_URL and REDIS_URL are unset: the real-time bus signals on the main database, where each signal also wakes the job worker's and the directory's listeners (see docs/decisions/0067)",
      );
    }
    if (applied.length) app.log.info({ applied }, "migrations applied");
    await seedReference(db.owner);
    if (config.SEED_DEMO) await seedDemo(db.owner, mediaDepsOf(deps), (msg) => app.log.info(msg));
    // After enableAppLogin: the app pool's connections open now, not under the first requests.
    const warmed = await db.warm();
    if (warmed < config.DATABASE_POOL_SIZE) {
      app.log.warn({ warmed, of: config.DATABASE_POOL_SIZE }, "not every pooled connection could be opened at start");
    }
    // listen() readies the app, which starts the real-time bus and hub: after the migrations,
    // before the first socket can connect.
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (err) {
    app.log.error({ err }, "start-up failed");
    await db.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
  if (config.SEED_DEMO) {
    const accounts = [...DEMO_CLINIC_USERS, ...DEMO_NOTARY_USERS].map((u) => `${u.email} (${u.role})`).join(", ");
    app.log.info(`Relais is ready on http://localhost:${config.PORT} — demo accounts: ${accounts}; password: ${DEMO_PASSWORD}`);
  }
}

await main();
