import type { MessageEmail } from "@relais/shared";
import type { Tx } from "../../db/database.ts";
import { recordEmailMessage } from "../messaging/index.ts";
import type { ParsedEmail } from "./mail-parse.ts";
import type { AccountRow } from "./repo.ts";
import * as syncRepo from "./sync-repo.ts";

/** The route that serves an email's file to the team's staff (and its `cid:` images to the frame). */
export const attachmentPath = (id: string) => `/api/email-sync/attachments/${id}`;

export function presentEmailSummary(
  emailId: string,
  parsed: Pick<ParsedEmail, "subject" | "from" | "to" | "html">,
  files: readonly { id: string; filename: string; contentType: string; size: number; contentId: string | null }[],
): MessageEmail {
  return {
    emailId,
    subject: parsed.subject,
    from: parsed.from,
    to: parsed.to,
    hasHtml: parsed.html !== null,
    attachments: files.map((f) => ({ ...f, url: attachmentPath(f.id) })),
  };
}

/**
 * The thread an inbound email belongs to (issue 14 §2): the thread of the email it answers
 * (In-Reply-To), else of the nearest one it references, else the thread of the contact whose
 * address sent it; null when the sender is no contact's (the email is listed for the team).
 */
async function threadFor(tx: Tx, account: AccountRow, parsed: ParsedEmail): Promise<{ id: string } | { contactPhone: string } | null> {
  const asked = [parsed.inReplyTo, ...[...parsed.references].reverse()].filter((v): v is string => Boolean(v));
  const known = await syncRepo.threadsOfHeaders(tx, account.organization_id, account.team_id, asked);
  for (const id of asked) {
    const hit = known.find((k) => k.header_message_id === id);
    if (hit) return { id: hit.thread_id };
  }
  const phone = parsed.from ? await syncRepo.contactPhoneByEmail(tx, account.organization_id, parsed.from) : null;
  return phone ? { contactPhone: phone } : null;
}

/**
 * Stores one email read from the mailbox in the sync's transaction: once per Message-ID (a
 * second delivery or a rescan finds it and does nothing), with its files (already written to the
 * store under their keys), in its thread with a message.created event, or listed for the team.
 * Answers false for a duplicate: the caller removes the files it wrote.
 */
export async function storeInbound(
  tx: Tx,
  account: AccountRow,
  uid: number,
  parsed: ParsedEmail,
  storageKeys: ReadonlyMap<string, string>,
): Promise<boolean> {
  const orgId = account.organization_id;
  const email = await syncRepo.insertEmail(tx, {
    organization_id: orgId,
    team_id: account.team_id,
    mailbox: account.address,
    account_id: account.id,
    direction: "inbound",
    header_message_id: parsed.headerMessageId,
    in_reply_to: parsed.inReplyTo,
    references: parsed.references,
    subject: parsed.subject,
    from_address: parsed.from,
    to_addresses: parsed.to,
    html: parsed.html,
    text_body: parsed.text,
    imap_uid: uid,
    sent_at: parsed.date,
  });
  if (!email) return false;
  await syncRepo.insertAttachments(
    tx,
    parsed.attachments.map((a, position) => ({
      id: a.id,
      organization_id: orgId,
      email_id: email.id,
      position,
      filename: a.filename,
      content_type: a.contentType,
      declared_type: a.declaredType,
      size: a.bytes.length,
      sha256: a.sha256,
      storage_key: storageKeys.get(a.id) ?? "",
      content_id: a.contentId,
      contact_address: parsed.from,
    })),
  );
  const thread = await threadFor(tx, account, parsed);
  if (!thread) return true;
  const files = parsed.attachments.map((a) => ({
    id: a.id,
    filename: a.filename,
    contentType: a.contentType,
    size: a.bytes.length,
    contentId: a.contentId,
  }));
  const { message } = await recordEmailMessage(tx, orgId, {
    teamId: account.team_id,
    thread,
    direction: "inbound",
    from: parsed.from,
    to: account.address,
    body: parsed.text,
    email: presentEmailSummary(email.id, parsed, files),
    authorId: null,
    idempotencyKey: null,
  });
  await syncRepo.linkEmailToMessage(tx, orgId, email.id, message.id);
  return true;
}
