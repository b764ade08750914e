import { sql, type Insertable, type Selectable } from "kysely";
import type { Tx } from "../../db/database.ts";
import type { EmailAttachmentsTable, EmailMessagesTable } from "../../db/schema-email.ts";
import type { AccountRow } from "./repo.ts";

/** SQL of reading and sending a team's mail; every query is scoped by the organisation (RLS backs it up). */

export type EmailRow = Selectable<EmailMessagesTable>;
export type AttachmentRow = Selectable<EmailAttachmentsTable>;

/**
 * The mailbox row; `lock`: "wait" for the token refresh (a second refresh waits and then finds
 * the fresh token), "skip" for the sync (a mailbox already being read is left to that session).
 */
export async function findAccount(tx: Tx, orgId: string, accountId: string, lock?: "wait" | "skip"): Promise<AccountRow | undefined> {
  let q = tx.selectFrom("email_accounts").selectAll().where("organization_id", "=", orgId).where("id", "=", accountId);
  if (lock === "wait") q = q.forUpdate();
  if (lock === "skip") q = q.forUpdate().skipLocked();
  return q.executeTakeFirst();
}

/**
 * One sync per mailbox at a time, across nodes: an advisory lock held by the sync's own
 * transaction (which writes nothing), so the emails themselves are stored in short transactions
 * of their own. False when another sync of this mailbox runs.
 */
export async function trySyncLock(tx: Tx, accountId: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(hashtextextended(${`email-sync:${accountId}`}, 0)) as locked
  `.execute(tx);
  return rows[0]?.locked === true;
}

export async function saveTokens(
  tx: Tx,
  orgId: string,
  accountId: string,
  sealed: { keyId: string; wrappedKey: Buffer; sealedTokens: Buffer },
  expiresAt: Date | null,
): Promise<void> {
  await tx
    .updateTable("email_accounts")
    .set({
      key_id: sealed.keyId,
      wrapped_key: sealed.wrappedKey,
      sealed_tokens: sealed.sealedTokens,
      access_expires_at: expiresAt,
      updated_at: sql<Date>`now()`,
    })
    .where("organization_id", "=", orgId)
    .where("id", "=", accountId)
    .execute();
}

export async function markInvalid(tx: Tx, orgId: string, accountId: string, reason: string): Promise<void> {
  await tx
    .updateTable("email_accounts")
    .set({ valid: false, invalid_reason: reason, updated_at: sql<Date>`now()` })
    .where("organization_id", "=", orgId)
    .where("id", "=", accountId)
    .execute();
}

/** A network failure: the next try waits longer each time; the mailbox stays valid. */
export async function markBackoff(tx: Tx, orgId: string, accountId: string, retryAfter: Date): Promise<void> {
  await tx
    .updateTable("email_accounts")
    .set({ failures: sql<number>`failures + 1`, retry_after: retryAfter, updated_at: sql<Date>`now()` })
    .where("organization_id", "=", orgId)
    .where("id", "=", accountId)
    .execute();
}

export async function advanceCursor(tx: Tx, orgId: string, accountId: string, uidValidity: string, lastUid: number): Promise<void> {
  await tx
    .updateTable("email_accounts")
    .set({
      uid_validity: uidValidity,
      last_uid: lastUid,
      last_synced_at: sql<Date>`now()`,
      failures: 0,
      retry_after: null,
      updated_at: sql<Date>`now()`,
    })
    .where("organization_id", "=", orgId)
    .where("id", "=", accountId)
    .execute();
}

/** Inserts an email; undefined when the mailbox already has its Message-ID (a duplicate delivery, a rescan). */
export async function insertEmail(tx: Tx, row: Insertable<EmailMessagesTable>): Promise<EmailRow | undefined> {
  return tx
    .insertInto("email_messages")
    .values(row)
    .onConflict((oc) => oc.columns(["organization_id", "mailbox", "header_message_id"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function linkEmailToMessage(tx: Tx, orgId: string, emailId: string, messageId: string): Promise<void> {
  await tx
    .updateTable("email_messages")
    .set({ message_id: messageId })
    .where("organization_id", "=", orgId)
    .where("id", "=", emailId)
    .execute();
}

export async function insertAttachments(tx: Tx, rows: Insertable<EmailAttachmentsTable>[]): Promise<void> {
  if (rows.length) await tx.insertInto("email_attachments").values(rows).execute();
}

/** The threads of the emails named by these Message-IDs in the team's mailbox (threading by headers). */
export async function threadsOfHeaders(
  tx: Tx,
  orgId: string,
  teamId: string,
  headerIds: readonly string[],
): Promise<{ header_message_id: string; thread_id: string }[]> {
  if (headerIds.length === 0) return [];
  return tx
    .selectFrom("email_messages as e")
    .innerJoin("messages as m", (j) => j.onRef("m.id", "=", "e.message_id").onRef("m.organization_id", "=", "e.organization_id"))
    .select(["e.header_message_id", "m.thread_id"])
    .where("e.organization_id", "=", orgId)
    .where("e.team_id", "=", teamId)
    .where("e.header_message_id", "in", [...new Set(headerIds)])
    .execute();
}

/** The number of the organisation's contact with this email, when it has one (the oldest contact first). */
export async function contactPhoneByEmail(tx: Tx, orgId: string, address: string): Promise<string | null> {
  const row = await tx
    .selectFrom("contacts")
    .select("phone")
    .where("organization_id", "=", orgId)
    .where("email", "=", address)
    .where("phone", "is not", null)
    .orderBy("created_at")
    .executeTakeFirst();
  return row?.phone ?? null;
}

/** The email address of the organisation's contact with this number, if any. */
export async function contactEmailByPhone(tx: Tx, orgId: string, phone: string): Promise<string | null> {
  const row = await tx
    .selectFrom("contacts")
    .select("email")
    .where("organization_id", "=", orgId)
    .where("phone", "=", phone)
    .executeTakeFirst();
  return row?.email ?? null;
}

export async function findEmail(tx: Tx, orgId: string, emailId: string): Promise<EmailRow | undefined> {
  return tx.selectFrom("email_messages").selectAll().where("organization_id", "=", orgId).where("id", "=", emailId).executeTakeFirst();
}

export async function attachmentsOf(tx: Tx, orgId: string, emailId: string): Promise<AttachmentRow[]> {
  return tx
    .selectFrom("email_attachments")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("email_id", "=", emailId)
    .orderBy("position")
    .execute();
}

export async function findAttachment(tx: Tx, orgId: string, id: string): Promise<AttachmentRow | undefined> {
  return tx.selectFrom("email_attachments").selectAll().where("organization_id", "=", orgId).where("id", "=", id).executeTakeFirst();
}

/** The thread's contact number of an email's message, when it has one. */
export async function threadPhoneOfMessage(
  tx: Tx,
  orgId: string,
  messageId: string,
): Promise<{ thread_id: string; contact_phone: string } | undefined> {
  return tx
    .selectFrom("messages as m")
    .innerJoin("threads as t", (j) => j.onRef("t.id", "=", "m.thread_id").onRef("t.organization_id", "=", "m.organization_id"))
    .select(["m.thread_id", "t.contact_phone"])
    .where("m.organization_id", "=", orgId)
    .where("m.id", "=", messageId)
    .executeTakeFirst();
}

/** Emails of the team from addresses that are no contact's, newest first. */
export async function listUnknown(tx: Tx, orgId: string, teamId: string, limit: number): Promise<EmailRow[]> {
  return tx
    .selectFrom("email_messages")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("team_id", "=", teamId)
    .where("message_id", "is", null)
    .where("direction", "=", "inbound")
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}
