import { createHash, randomUUID } from "node:crypto";
import type { Message } from "@relais/shared";
import type { Tx } from "../../db/database.ts";
import { recordEmailMessage } from "../messaging/index.ts";
import { presentEmailSummary } from "./inbound-store.ts";
import type { AccountRow } from "./repo.ts";
import * as syncRepo from "./sync-repo.ts";

/** A file of an outbound email, already in the store under `storageKey`. */
type OutboundFile = { id: string; filename: string; contentType: string; bytes: Buffer; storageKey: string };

export type OutboundEmail = {
  id: string;
  account: AccountRow;
  threadId: string;
  to: string;
  subject: string;
  text: string;
  headerMessageId: string;
  inReplyTo: string | null;
  references: string[];
  date: Date;
  files: OutboundFile[];
  authorId: string | null;
};

/**
 * Stores an outbound email in the caller's transaction: its row (by Message-ID: the sync then
 * skips the team's own copy), its files (with the contact address they went to), and its
 * message in the contact's thread (`sending`, announced), the two linked. The send is the
 * caller's: a job for a person's email, none for the demo's.
 */
export async function storeOutbound(tx: Tx, e: OutboundEmail): Promise<Message> {
  const orgId = e.account.organization_id;
  const from = e.account.address;
  const email = await syncRepo.insertEmail(tx, {
    id: e.id,
    organization_id: orgId,
    team_id: e.account.team_id,
    mailbox: from,
    account_id: e.account.id,
    direction: "outbound",
    header_message_id: e.headerMessageId,
    in_reply_to: e.inReplyTo,
    references: e.references,
    subject: e.subject,
    from_address: from,
    to_addresses: [e.to],
    html: null,
    text_body: e.text,
    sent_at: e.date,
  });
  if (!email) throw new Error("storeOutbound: an email with this Message-ID is already stored");
  await syncRepo.insertAttachments(
    tx,
    e.files.map((f, position) => ({
      id: f.id,
      organization_id: orgId,
      email_id: e.id,
      position,
      filename: f.filename,
      content_type: f.contentType,
      declared_type: null,
      size: f.bytes.length,
      sha256: createHash("sha256").update(f.bytes).digest("hex"),
      storage_key: f.storageKey,
      content_id: null,
      contact_address: e.to,
    })),
  );
  const summary = presentEmailSummary(
    e.id,
    { subject: e.subject, from, to: [e.to], html: null },
    e.files.map((f) => ({ id: f.id, filename: f.filename, contentType: f.contentType, size: f.bytes.length, contentId: null })),
  );
  const { message } = await recordEmailMessage(tx, orgId, {
    teamId: e.account.team_id,
    thread: { id: e.threadId },
    direction: "outbound",
    from,
    to: e.to,
    body: e.text,
    email: summary,
    authorId: e.authorId,
    idempotencyKey: randomUUID(),
  });
  await syncRepo.linkEmailToMessage(tx, orgId, e.id, message.id);
  return message;
}
