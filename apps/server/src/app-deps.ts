import type { Carrier } from "./carriers/carrier.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { TokenSigner } from "./platform/auth/tokens.ts";
import type { Mailer } from "./platform/mail.ts";
import type { RateLimiter } from "./platform/rate-limit.ts";

/** What the routes need from the process: built once in main.ts (or by a test) and passed down. */
export type AppDeps = {
  config: Config;
  db: Database;
  signer: TokenSigner;
  limiter: RateLimiter;
  mailer: Mailer;
  /** The telephone network: the sandbox unless Twilio is configured (DESIGN §6). */
  carrier: Carrier;
};
