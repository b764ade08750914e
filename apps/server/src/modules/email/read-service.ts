import type { Readable } from "node:stream";
import type { EmailContent, UnknownSendersPage } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import type { EmailDeps } from "./email-deps.ts";
import { presentEmailSummary } from "./inbound-store.ts";
import { canReadMailbox } from "./policy.ts";
import * as syncRepo from "./sync-repo.ts";

const UNKNOWN_PAGE = 100;

/** GET /email-sync/unknown-senders: the current team's emails from no contact's address. */
export async function unknownSenders(deps: EmailDeps, ctx: Ctx): Promise<UnknownSendersPage> {
  const teamId = ctx.currentTeamId;
  if (!teamId) throw new AppError("error.email-team-required", 409);
  if (!canReadMailbox(ctx, teamId)) throw notFound();
  const rows = await withTenant(deps.db, ctx.orgId, (tx) => syncRepo.listUnknown(tx, ctx.orgId, teamId, UNKNOWN_PAGE));
  return {
    emails: rows.map((r) => ({
      emailId: r.id,
      from: r.from_address,
      subject: r.subject,
      text: r.text_body,
      receivedAt: r.created_at.toISOString(),
    })),
  };
}

/** GET /email-sync/emails/{id}: staff of the email's team only (another team's or organisation's: 404). */
export async function emailContent(deps: EmailDeps, ctx: Ctx, id: string): Promise<EmailContent> {
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    const row = await syncRepo.findEmail(tx, ctx.orgId, id);
    if (!row || !canReadMailbox(ctx, row.team_id)) throw notFound();
    const files = await syncRepo.attachmentsOf(tx, ctx.orgId, row.id);
    const thread = row.message_id ? await syncRepo.threadPhoneOfMessage(tx, ctx.orgId, row.message_id) : undefined;
    const summary = presentEmailSummary(
      row.id,
      { subject: row.subject, from: row.from_address, to: row.to_addresses, html: row.html },
      files.map((f) => ({ id: f.id, filename: f.filename, contentType: f.content_type, size: f.size, contentId: f.content_id })),
    );
    return { ...summary, html: row.html, text: row.text_body, messageId: row.message_id, threadId: thread?.thread_id ?? null };
  });
}

export type OpenedAttachment = { filename: string; contentType: string; size: number; stream: Readable };

/**
 * GET /email-sync/attachments/{id}: staff of the email's team, and only while the thread's
 * contact still has the address the file came from or went to (EMAIL.md §4: a changed contact
 * email makes the old files unreachable, as the contact form warns). An email from an unknown
 * sender has no contact: its team's staff may read its files.
 */
export async function openAttachment(deps: EmailDeps, ctx: Ctx, id: string): Promise<OpenedAttachment> {
  const found = await withTenant(deps.db, ctx.orgId, async (tx) => {
    const file = await syncRepo.findAttachment(tx, ctx.orgId, id);
    const email = file ? await syncRepo.findEmail(tx, ctx.orgId, file.email_id) : undefined;
    if (!file || !email || !canReadMailbox(ctx, email.team_id)) return null;
    if (email.message_id) {
      const thread = await syncRepo.threadPhoneOfMessage(tx, ctx.orgId, email.message_id);
      const current = thread ? await syncRepo.contactEmailByPhone(tx, ctx.orgId, thread.contact_phone) : null;
      if (current !== file.contact_address) return null;
    }
    return file;
  });
  if (!found) throw notFound();
  return { filename: found.filename, contentType: found.content_type, size: found.size, stream: await deps.files.read(found.storage_key) };
}
