import { sql } from "kysely";
import { z } from "zod";
import type { ImapFlow } from "imapflow";
import { withTenant, type Db } from "../../db/database.ts";
import { addJob, type JobTasks } from "../../platform/jobs/jobs.ts";
import type { EmailDeps } from "./email-deps.ts";
import { storeInbound, attachmentPath } from "./inbound-store.ts";
import { imapClient } from "./mail-login.ts";
import { imapReader, type MailboxReader } from "./mail-reader.ts";
import { SANDBOX_PROVIDER, sandboxReaderFor } from "./sandbox-mail.ts";
import { parseEmail, type ParsedEmail } from "./mail-parse.ts";
import * as syncRepo from "./sync-repo.ts";
import { mailboxAccess, markLoginRefused, type MailboxAccess } from "./token-refresh.ts";

/** Every minute, on one node: one sync job per valid mailbox that is due (EMAIL.md §3). */
const EMAIL_SYNC_DUE_TASK = "email-sync-due";
const EMAIL_SYNC_TASK = "email-sync";
export const EMAIL_SYNC_CRONTAB = `* * * * * ${EMAIL_SYNC_DUE_TASK}`;

/** A new mailbox, or one whose UIDVALIDITY changed, is read back this far (de-duplicated by Message-ID). */
const RESCAN_DAYS = 30;
/** Emails read in one run; the rest come at the next minute, from the cursor. */
const BATCH = 200;
/** Network failures wait 1, 2, 4 … minutes, at most an hour; they never make the mailbox invalid. */
const backoffMs = (failures: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.min(failures, 6));

const syncJob = z.object({ orgId: z.uuid(), accountId: z.uuid() });

const syncJobKey = (accountId: string) => `email-sync:${accountId}`;

/**
 * The cron's task: one job per due mailbox, keyed by the mailbox so that a minute whose job has
 * not run yet does not add a second. A mailbox is read by one session at a time: the sync holds
 * its row's lock, and a second job finding it locked leaves.
 */
async function queueDueSyncs(db: Db): Promise<void> {
  const due = await sql<{ organization_id: string; account_id: string }>`select * from relais_email_accounts_due()`.execute(db);
  for (const row of due.rows) {
    await withTenant(db, row.organization_id, (tx) =>
      addJob(tx, EMAIL_SYNC_TASK, { accountId: row.account_id }, { jobKey: syncJobKey(row.account_id) }),
    );
  }
}

class LoginRefused extends Error {}

const refused = (err: unknown) => Boolean((err as { authenticationFailed?: boolean }).authenticationFailed);

async function connect(access: MailboxAccess): Promise<ImapFlow> {
  const client = imapClient(access.settings.imap, access.account.address, access.accessToken);
  try {
    await client.connect();
  } catch (err) {
    if (refused(err)) throw new LoginRefused();
    throw err;
  }
  return client;
}

/** The UIDs to read: after the cursor, or the recent days when the cursor belongs to another UIDVALIDITY. */
async function uidsToRead(
  reader: MailboxReader,
  cursor: { uidValidity: string | null; lastUid: number },
  uidValidity: string,
): Promise<number[]> {
  const rescan = cursor.uidValidity !== uidValidity;
  const found = rescan
    ? await reader.search({ since: new Date(Date.now() - RESCAN_DAYS * 86_400_000) })
    : await reader.search({ afterUid: cursor.lastUid });
  return found.sort((a, b) => a - b);
}

/** An IMAP session for the mailbox: the token (refreshed when an older one is refused), logged in. */
async function imapSession(deps: EmailDeps, orgId: string, accountId: string): Promise<MailboxReader | null> {
  let access = await mailboxAccess(deps, orgId, accountId);
  if (!access) return null;
  try {
    return imapReader(await connect(access));
  } catch (err) {
    if (!(err instanceof LoginRefused) || access.fresh) throw err;
    // An older token refused: one fresh token decides.
    access = await mailboxAccess(deps, orgId, accountId, true);
    if (!access) return null;
    return imapReader(await connect(access));
  }
}

/**
 * One sync of one mailbox (EMAIL.md §3): the token (refreshed under the row's lock), an IMAP
 * session on INBOX opened read-only (the sandbox mailbox: its messages in the database), the new
 * UIDs read with BODY.PEEK (nothing marked read), parsed, then each stored with the cursor moved
 * past it in one short transaction. The whole run holds the mailbox's sync lock; the event log
 * refuses a transaction that records events after 5 s open, so reading and parsing a batch
 * never happens inside the one that stores it.
 */
export async function syncMailbox(deps: EmailDeps, orgId: string, accountId: string): Promise<void> {
  try {
    const account = await withTenant(deps.db, orgId, (tx) => syncRepo.findAccount(tx, orgId, accountId));
    if (!account?.valid) return;
    const reader =
      account.provider === SANDBOX_PROVIDER ? sandboxReaderFor(deps, account.address) : await imapSession(deps, orgId, accountId);
    if (!reader) return;
    try {
      await readNew(deps, reader, orgId, accountId);
    } finally {
      await reader.close();
    }
  } catch (err) {
    if (err instanceof LoginRefused) {
      const account = await withTenant(deps.db, orgId, (tx) => syncRepo.findAccount(tx, orgId, accountId));
      if (account) await markLoginRefused(deps, account);
      return;
    }
    await backOff(deps, orgId, accountId, err);
  }
}

async function backOff(deps: EmailDeps, orgId: string, accountId: string, err: unknown): Promise<void> {
  deps.log.warn({ err, orgId, accountId }, "mailbox sync failed; trying again later");
  await withTenant(deps.db, orgId, async (tx) => {
    const account = await syncRepo.findAccount(tx, orgId, accountId, "wait");
    if (account) await syncRepo.markBackoff(tx, orgId, accountId, new Date(Date.now() + backoffMs(account.failures)));
  });
}

async function readNew(deps: EmailDeps, reader: MailboxReader, orgId: string, accountId: string): Promise<void> {
  await withTenant(deps.db, orgId, async (lockTx) => {
    if (!(await syncRepo.trySyncLock(lockTx, accountId))) return;
    const account = await syncRepo.findAccount(lockTx, orgId, accountId);
    if (!account?.valid) return;
    const mailbox = await reader.openInbox();
    const uidValidity = mailbox.uidValidity;
    // bigint columns may come back as numbers (the pool's type parsers): compared as text.
    const cursor = {
      uidValidity: account.uid_validity === null ? null : String(account.uid_validity),
      lastUid: Number(account.last_uid),
    };
    const uids = (await uidsToRead(reader, cursor, uidValidity)).slice(0, BATCH);
    let lastUid = cursor.uidValidity === uidValidity ? cursor.lastUid : 0;
    if (uids.length === 0) {
      if (cursor.uidValidity !== uidValidity) lastUid = Math.max(0, mailbox.uidNext - 1);
      await withTenant(deps.db, orgId, (tx) => syncRepo.advanceCursor(tx, orgId, accountId, uidValidity, lastUid));
      return;
    }
    const raws = await reader.fetchRaw(uids);
    for (const { uid, source } of raws.sort((a, b) => a.uid - b.uid)) {
      const parsed = await parseEmail(source, attachmentPath);
      const keys = await writeFiles(deps, orgId, parsed);
      let outcome: "stored" | "known" | "gone" = "gone";
      try {
        outcome = await withTenant(deps.db, orgId, async (tx) => {
          // Disconnected or no longer valid meanwhile: nothing more is stored for it.
          const current = await syncRepo.findAccount(tx, orgId, accountId, "wait");
          if (!current?.valid) return "gone";
          const stored = await storeInbound(tx, current, uid, parsed, keys);
          await syncRepo.advanceCursor(tx, orgId, accountId, uidValidity, Math.max(lastUid, uid));
          return stored ? "stored" : "known";
        });
      } finally {
        if (outcome !== "stored") await discard(deps, [...keys.values()]);
      }
      if (outcome === "gone") return;
      lastUid = Math.max(lastUid, uid);
    }
  });
}

async function writeFiles(deps: EmailDeps, orgId: string, parsed: ParsedEmail): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  for (const a of parsed.attachments) {
    const key = `${orgId}/email/${a.id}`;
    await deps.files.write(key, a.bytes);
    keys.set(a.id, key);
  }
  return keys;
}

async function discard(deps: EmailDeps, keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map((key) => deps.files.remove(key).catch((err: unknown) => deps.log.warn({ err, key }, "removing an email file failed"))),
  );
}

/** The tasks this module gives the job worker (app.ts). */
export function emailSyncTasks(deps: EmailDeps): JobTasks {
  return {
    [EMAIL_SYNC_DUE_TASK]: () => queueDueSyncs(deps.db),
    [EMAIL_SYNC_TASK]: (payload) => {
      const { orgId, accountId } = syncJob.parse(payload);
      return syncMailbox(deps, orgId, accountId);
    },
  };
}
