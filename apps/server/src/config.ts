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
  /** The same database logging in as relais_app (see docs/decisions/0002); strongly advised. */
  DATABASE_APP_URL: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(5488),
  /** HS256 secret for access tokens; generated and kept under DATA_DIR when unset. */
  JWT_SECRET: z.string().min(32).optional(),
  COOKIE_SECURE: bool.optional(),
  TRUST_PROXY: bool.default(false),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Relais <no-reply@relais.local>"),
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
  /** Enables the dev mailbox page and other development helpers. */
  DEV_TOOLS: bool.optional(),
});

export type Config = z.infer<typeof schema> & { devTools: boolean };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.parse(env);
  return { ...parsed, devTools: parsed.DEV_TOOLS ?? parsed.NODE_ENV !== "production" };
}
