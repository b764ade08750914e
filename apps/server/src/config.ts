import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** Every environment variable Relais reads, parsed once at start-up. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().url().optional(),
  /** External PostgreSQL; when unset the embedded one is started under DATA_DIR/pg. */
  DATABASE_URL: z.string().optional(),
  /**
   * Redis for the real-time bus (pub/sub) when several server processes run; unset (or empty),
   * the bus is PostgreSQL LISTEN/NOTIFY. Decision 0004.
   */
  REDIS_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^rediss?$/ }).optional()),
  /**
   * A database of its own for the PostgreSQL bus's LISTEN/NOTIFY, empty, the same for every
   * server process (decision 0067): PostgreSQL wakes every connection of a database that
   * listens, on any channel, at each NOTIFY of that database, so the bus's signals kept apart
   * wake only the bus's listeners. Unset, the bus rides DATABASE_URL's database; the embedded
   * PostgreSQL always has one (relais_bus). Not used with REDIS_URL.
   */
  DATABASE_BUS_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  /** The same database logging in as relais_app (see docs/decisions/0002); strongly advised. */
  DATABASE_APP_URL: z.string().optional(),
  /**
   * Connections each server process keeps for requests and jobs. PostgreSQL runs one backend
   * per connection; more connections than the database's cores only queue inside it.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  DATA_DIR: z.string().default("./data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(5488),
  /**
   * Settings the embedded PostgreSQL starts with, `name=value` separated by `;`: for a look at
   * where its time goes (the inbox bench loads pg_stat_statements this way, decision 0064).
   */
  EMBEDDED_PG_SETTINGS: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const settings: [string, string][] = [];
      for (const item of v
        .split(";")
        .map((s) => s.trim())
        .filter(Boolean)) {
        const match = /^([a-z_][a-z0-9_.]*)\s*=\s*(.+)$/i.exec(item);
        if (!match?.[1] || !match[2]) {
          ctx.addIssue({ code: "custom", message: `not a name=value setting: ${item}` });
          return z.NEVER;
        }
        settings.push([match[1], match[2].trim()]);
      }
      return settings;
    }),
  /** HS256 secret for access tokens; generated and kept under DATA_DIR when unset. */
  JWT_SECRET: z.string().min(32).optional(),
  COOKIE_SECURE: bool.optional(),
  TRUST_PROXY: bool.default(false),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Relais <no-reply@relais.local>"),
  /**
   * Team email (EMAIL.md): the key that seals each mailbox's data key (AES-256-GCM), base64 of
   * 32 bytes, and its id for rotation; unset, one is generated under DATA_DIR/secrets.
   */
  EMAIL_TOKEN_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  EMAIL_TOKEN_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,40}$/)
    .default("local-1"),
  /** Earlier keys still opening older rows: `id:base64,id:base64`. */
  EMAIL_TOKEN_OLD_KEYS: z.string().default(""),
  /** OAuth apps of the providers (README: registering them); a provider without one cannot be connected. */
  GMAIL_CLIENT_ID: z.string().optional(),
  GMAIL_CLIENT_SECRET: z.string().optional(),
  OUTLOOK_CLIENT_ID: z.string().optional(),
  OUTLOOK_CLIENT_SECRET: z.string().optional(),
  /** The providers' real endpoints, overridden only by tests (a local OpenID server, IMAP and SMTP). */
  GMAIL_ISSUER: z.url().default("https://accounts.google.com"),
  GMAIL_IMAP_URL: z.url().default("imaps://imap.gmail.com:993"),
  GMAIL_SMTP_URL: z.url().default("smtps://smtp.gmail.com:465"),
  OUTLOOK_ISSUER: z.url().default("https://login.microsoftonline.com/common/v2.0"),
  OUTLOOK_IMAP_URL: z.url().default("imaps://outlook.office365.com:993"),
  OUTLOOK_SMTP_URL: z.url().default("smtp://smtp.office365.com:587"),
  /** Multiplies every rate limit; end-to-end runs sign in far more often than a person. */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: bool.default(true),
  /** Directory of the built web app served from /; unset in tests. */
  WEB_DIST: z.string().optional(),
  /** Sandbox carrier: delay between two simulated delivery statuses (sending → sent → delivered). */
  SANDBOX_DELIVERY_MS: z.coerce.number().int().min(0).max(600_000).default(400),
  /** Sandbox carrier: share of outbound texts that fail (0 to 1). */
  SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Twilio account: with its auth token, Relais texts through Twilio instead of the sandbox. */
  TWILIO_ACCOUNT_SID: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  /** Twilio auth token: signs the webhooks (X-Twilio-Signature) and authenticates REST calls. */
  TWILIO_AUTH_TOKEN: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  /** Another base URL for Twilio's REST API (tests: a local stand-in); unset, https://api.twilio.com. */
  TWILIO_API_BASE: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  /**
   * Browser calls through Twilio (decision 0026): the API key (SK…) and its secret that sign the
   * Voice SDK's access tokens, and the TwiML App (AP…) whose voice URL is
   * PUBLIC_URL/api/webhooks/twilio/voice/incoming. All three or none; none, no browser can call.
   */
  TWILIO_API_KEY_SID: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  TWILIO_API_KEY_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  TWILIO_TWIML_APP_SID: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  /** Music (mp3 or wav Twilio fetches) a waiting or held caller hears, and a parked one; unset, Twilio's own. */
  TWILIO_HOLD_MUSIC_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  TWILIO_PARK_MUSIC_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  /**
   * Desk phones through Twilio (decision 0041): the SIP domain they register on
   * (`clinic.sip.twilio.com`) and the credential list (CL…) of that domain Relais adds one
   * credential per desk phone to. Both or neither; neither, no desk phone can be added.
   */
  TWILIO_SIP_DOMAIN: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^[a-z0-9.-]+$/)
      .optional(),
  ),
  TWILIO_SIP_CREDENTIAL_LIST_SID: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^CL[0-9a-f]{32}$/)
      .optional(),
  ),
  /** Enables the dev mailbox page and other development helpers. */
  DEV_TOOLS: bool.optional(),
});

export type Config = z.infer<typeof schema> & { devTools: boolean };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.parse(env);
  return { ...parsed, devTools: parsed.DEV_TOOLS ?? parsed.NODE_ENV !== "production" };
}
