import path from "node:path";
import { loadConfig } from "./config.ts";
import { buildApp } from "./app.ts";
import { createDatabase } from "./db/database.ts";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./db/embedded.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createTokenSigner } from "./platform/auth/tokens.ts";
import { createMailer } from "./platform/mail.ts";
import { createRateLimiter } from "./platform/rate-limit.ts";
import { loadJwtSecret } from "./secrets.ts";
import { seedReference } from "./seed/reference.ts";
import { DEMO_CLINIC_USERS, DEMO_NOTARY_USERS, DEMO_PASSWORD, seedDemo } from "./seed/demo.ts";

/** config → database (embedded or DATABASE_URL) → migrate → seed → app → listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const webDist = config.WEB_DIST ?? path.resolve(import.meta.dirname, "../../web/dist");
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dir: path.join(config.DATA_DIR, "pg"), port: config.EMBEDDED_PG_PORT });
    url = embedded.url;
  }
  const db = createDatabase(url, { onError: (err) => console.warn(`database connection dropped: ${err.message}`) });
  const deps = {
    config: { ...config, WEB_DIST: webDist },
    db,
    signer: createTokenSigner(await loadJwtSecret(config.JWT_SECRET, config.DATA_DIR)),
    limiter: createRateLimiter(db.app, config.RATE_LIMIT_FACTOR),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR }),
  };
  const app = await buildApp(deps);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stop taking requests, let those in flight finish, then close the pools and PostgreSQL,
    // so the next start finds no stale lock.
    await app.close().catch((err: unknown) => app.log.error({ err }, "closing http"));
    await db.close().catch((err: unknown) => app.log.error({ err }, "closing pools"));
    await embedded?.stop().catch((err: unknown) => app.log.error({ err }, "stopping postgres"));
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    const applied = await migrateToLatest(db.owner);
    if (applied.length) app.log.info({ applied }, "migrations applied");
    await seedReference(db.owner);
    if (config.SEED_DEMO) await seedDemo(db.owner, (msg) => app.log.info(msg));
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
