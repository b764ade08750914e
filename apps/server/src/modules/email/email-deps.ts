import { resolveMx } from "node:dns/promises";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { FileStore } from "../../platform/storage/file-store.ts";
import type { MxResolver } from "./providers.ts";
import { loadVaultKeys, type VaultKeys } from "./token-vault.ts";

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** What the email module needs from the process; a test replaces the MX resolver. */
export type EmailDeps = {
  db: Db;
  config: Config;
  log: Log;
  resolveMx: MxResolver;
  /** Where the files of emails are kept (the media store). */
  files: FileStore;
  /** The token keys, loaded on first use: a server whose teams never connect a mailbox never makes one. */
  vault: () => Promise<VaultKeys>;
  /** The sandbox mailbox works (the sandbox network is on: development and tests, never production). */
  sandbox: boolean;
};

export type EmailOptions = { resolveMx?: MxResolver; sandbox?: boolean };

export function createEmailDeps(db: Db, config: Config, files: FileStore, log: Log, opts: EmailOptions = {}): EmailDeps {
  let keys: Promise<VaultKeys> | null = null;
  return {
    db,
    config,
    log,
    files,
    resolveMx: opts.resolveMx ?? resolveMx,
    vault: () => (keys ??= loadVaultKeys(config)),
    sandbox: opts.sandbox ?? false,
  };
}

/** The address the provider sends the person back to: the public URL, else this server's own. */
export function callbackUrl(config: Config, provider: string): string {
  // The same default as every other link (README): an OAuth app registers this exact address.
  const base = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  return `${base.replace(/\/$/, "")}/api/oauth2/${provider}/callback`;
}
