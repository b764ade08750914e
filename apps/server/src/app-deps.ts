import type { Carrier } from "./carriers/carrier.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { TokenSigner } from "./platform/auth/tokens.ts";
import type { Mailer } from "./platform/mail.ts";
import type { RateLimiter } from "./platform/rate-limit.ts";
import type { FileStore } from "./platform/storage/file-store.ts";
import type { LinkSigner } from "./platform/storage/signed-links.ts";
import type { JobsOptions } from "./platform/jobs/jobs.ts";
import type { EmailOptions } from "./modules/email/index.ts";

/** What the routes need from the process: built once in main.ts (or by a test) and passed down. */
export type AppDeps = {
  config: Config;
  db: Database;
  signer: TokenSigner;
  limiter: RateLimiter;
  mailer: Mailer;
  /** The telephone network: the sandbox unless Twilio is configured (DESIGN §6). */
  carrier: Carrier;
  /** Uploaded and received files (media of texts), outside the web root. */
  files: FileStore;
  /** Signs the public links through which a carrier or the simulator fetches a media file. */
  mediaLinks: LinkSigner;
  /** The durable job worker of this process, started with the app; none: jobs wait for another process. */
  jobs?: JobsOptions | null;
  /** Team email: what a test replaces (the MX look-up). */
  email?: EmailOptions;
};
