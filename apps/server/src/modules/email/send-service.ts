import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { z } from "zod";
import { EMAIL_SEND_LIMITS, messageEmail, type MailboxProvider, type Message, type SendEmailFields } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { addJob, type JobTasks } from "../../platform/jobs/jobs.ts";
import { storedFilename } from "../../platform/storage/file-names.ts";
import { sniffContentType } from "../../platform/storage/sniff.ts";
import { settleEmailMessage } from "../messaging/index.ts";
import { refuseUnfilledFields } from "../text-blocks/index.ts";
import type { EmailDeps } from "./email-deps.ts";
import { composeEmail, EMAIL_ENCODED_MAX_BYTES, newMessageId, replyHeaders } from "./mail-compose.ts";
import { smtpSend } from "./mail-login.ts";
import { storeOutbound } from "./outbound-store.ts";
import { canSendEmail } from "./policy.ts";
import type { AccountRow } from "./repo.ts";
import * as repo from "./repo.ts";
import { deliverSandbox, SANDBOX_PROVIDER } from "./sandbox-mail.ts";
import * as sendRepo from "./send-repo.ts";
import * as syncRepo from "./sync-repo.ts";
import { mailboxAccess, markLoginRefused } from "./token-refresh.ts";

/** The job that hands one queued email to the team's mail server (payload: sendJob). */
const EMAIL_SEND_TASK = "email-send";
const sendJob = z.object({ orgId: z.uuid(), emailId: z.uuid(), attempt: z.number().int().min(0).default(0) });

/**
 * A network failure or a 4xx answer is tried again after 30 s, 1, 2, 4 … minutes (at most an
 * hour between two); after this many tries the email fails with error.email-send-gave-up.
 */
const MAX_ATTEMPTS = 8;
const retryDelayMs = (attempt: number) => Math.min(60 * 60_000, 30_000 * 2 ** attempt);
/** The server's words kept on a failed email. */
const SERVER_TEXT_MAX = 500;

export type EmailUpload = { filename: string; bytes: Buffer };

const tooLarge = () => new AppError("error.limit-size", 413);
const rawKey = (orgId: string, emailId: string) => `${orgId}/email/${emailId}.eml`;

/** Files of one email: 10 at most, under 20 MB together (spec part 2 §9); the route stops reading past that. */
function refuseTooLarge(files: readonly EmailUpload[]): void {
  const total = files.reduce((sum, f) => sum + f.bytes.length, 0);
  if (files.length > EMAIL_SEND_LIMITS.attachments || total >= EMAIL_SEND_LIMITS.attachmentsBytesUnder) throw tooLarge();
}

type Plan = { teamId: string; account: AccountRow; to: string; reply: ReturnType<typeof replyHeaders> };

/** Who may send, from which mailbox, to which address, answering which email: read before composing. */
async function planSend(deps: EmailDeps, ctx: Ctx, type: MailboxProvider, threadId: string, inboxEmail: string): Promise<Plan> {
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    // Scoped by the caller's organisation: another organisation's thread is not found.
    const thread = await sendRepo.threadOf(tx, ctx.orgId, threadId);
    if (!thread) throw notFound();
    if (!canSendEmail(ctx, thread.team_id)) throw forbidden();
    const account = await repo.findAccountOfTeam(tx, ctx.orgId, thread.team_id);
    const usable = account && account.provider === type && account.address === inboxEmail && (type !== SANDBOX_PROVIDER || deps.sandbox);
    if (!account || !usable) throw conflict("error.email-not-connected");
    if (!account.valid) throw conflict("error.email-mailbox-not-valid");
    const to = (await syncRepo.contactEmailByPhone(tx, ctx.orgId, thread.contact_phone))?.toLowerCase();
    if (!to) throw conflict("error.email-contact-no-address");
    const reply = replyHeaders(await sendRepo.lastEmailOfThread(tx, ctx.orgId, threadId));
    return { teamId: thread.team_id, account, to, reply };
  });
}

/**
 * POST /email-sync/{type}/send/{id}: the email is in the contact's thread at once (`sending`,
 * authored by the caller, the same `email` summary the sync writes) and its job is queued in the
 * same transaction. The raw message is composed now, with its Message-ID and the headers that
 * answer the thread's latest email, and kept as it is: every try sends the same bytes.
 */
export async function queueEmail(
  deps: EmailDeps,
  ctx: Ctx,
  type: MailboxProvider,
  threadId: string,
  input: SendEmailFields & { files: EmailUpload[] },
): Promise<Message> {
  refuseUnfilledFields(input.subject);
  refuseUnfilledFields(input.body);
  refuseTooLarge(input.files);
  const plan = await planSend(deps, ctx, type, threadId, input.inboxEmail);
  const files = await Promise.all(
    input.files.map(async (f, i) => {
      const sniffed = await sniffContentType(f.bytes);
      return {
        id: randomUUID(),
        filename: storedFilename(f.filename, sniffed?.ext ?? null, `piece-jointe-${i + 1}`),
        contentType: sniffed?.contentType ?? "application/octet-stream",
        bytes: f.bytes,
      };
    }),
  );
  const emailId = randomUUID();
  const headerMessageId = newMessageId(plan.account.address);
  const date = new Date();
  const raw = await composeEmail({
    from: plan.account.address,
    to: [plan.to],
    subject: input.subject,
    text: input.body,
    messageId: headerMessageId,
    inReplyTo: plan.reply.inReplyTo,
    references: plan.reply.references,
    date,
    attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, content: f.bytes })),
  });
  // Checked again once encoded (base64 adds a third): what the provider will count.
  if (raw.length > EMAIL_ENCODED_MAX_BYTES) throw tooLarge();

  const keys = [rawKey(ctx.orgId, emailId), ...files.map((f) => `${ctx.orgId}/email/${f.id}`)];
  try {
    await deps.files.write(rawKey(ctx.orgId, emailId), raw);
    for (const f of files) await deps.files.write(`${ctx.orgId}/email/${f.id}`, f.bytes);
    return await withTenant(deps.db, ctx.orgId, async (tx) => {
      const message = await storeOutbound(tx, {
        id: emailId,
        account: plan.account,
        threadId,
        to: plan.to,
        subject: input.subject,
        text: input.body,
        headerMessageId,
        inReplyTo: plan.reply.inReplyTo,
        references: plan.reply.references,
        date,
        files: files.map((f) => ({ ...f, storageKey: `${ctx.orgId}/email/${f.id}` })),
        authorId: ctx.userId,
      });
      await addJob(tx, EMAIL_SEND_TASK, { emailId, attempt: 0 });
      return message;
    });
  } catch (err) {
    await Promise.all(keys.map((key) => deps.files.remove(key).catch(() => undefined)));
    throw err;
  }
}

/** The mailbox cannot send: no longer valid, disconnected, its login refused with a fresh token. */
class MailboxUnusable extends Error {}

const authRefused = (err: unknown) => (err as { code?: string }).code === "EAUTH";

/** Sends over SMTP with the mailbox's token; an older token refused is refreshed once (token-refresh.ts). */
async function smtpDeliver(deps: EmailDeps, account: AccountRow, raw: Buffer, envelope: { from: string; to: string[] }): Promise<void> {
  const orgId = account.organization_id;
  let access = await mailboxAccess(deps, orgId, account.id);
  if (!access) throw new MailboxUnusable();
  try {
    await smtpSend(access.settings.smtp, account.address, access.accessToken, raw, envelope);
    return;
  } catch (err) {
    if (!authRefused(err)) throw err;
    if (!access.fresh) access = await mailboxAccess(deps, orgId, account.id, true);
  }
  if (!access?.fresh) throw new MailboxUnusable();
  try {
    await smtpSend(access.settings.smtp, account.address, access.accessToken, raw, envelope);
  } catch (err) {
    if (!authRefused(err)) throw err;
    await markLoginRefused(deps, access.account);
    throw new MailboxUnusable();
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The SMTP answer's code (421, 550 …), or null for a network failure (no answer at all). */
function smtpCode(err: unknown): number | null {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === "number" ? code : null;
}

function serverText(err: unknown): string {
  const response = (err as { response?: unknown }).response;
  const text = typeof response === "string" && response ? response : err instanceof Error ? err.message : String(err);
  return text.slice(0, SERVER_TEXT_MAX);
}

/** The email failed for good: the reason (a catalogue key) on the message, with the server's words in `email.failure`. */
async function fail(deps: EmailDeps, orgId: string, messageId: string, code: string, text: string): Promise<void> {
  await withTenant(deps.db, orgId, async (tx) => {
    const message = await sendRepo.messageOfEmail(tx, orgId, messageId);
    const shown = messageEmail.safeParse(message?.email);
    if (!message || !shown.success) return;
    await settleEmailMessage(tx, orgId, messageId, {
      status: "failed",
      failureReason: code,
      email: { ...shown.data, failure: { code, serverText: text } },
    });
  });
}

/**
 * The send job: the stored raw message to the team's mail server (SMTP with XOAUTH2, or the
 * sandbox network), then `sent`. A network failure or a 4xx answer queues the next try (back-off,
 * MAX_ATTEMPTS in all); a 5xx answer fails the email with error.email-send-refused and the
 * server's words. A message no longer `sending` (sent by an earlier run, thread deleted) is left.
 */
export async function runSendEmailJob(deps: EmailDeps, payload: unknown): Promise<void> {
  const { orgId, emailId, attempt } = sendJob.parse(payload);
  const found = await withTenant(deps.db, orgId, async (tx) => {
    const email = await syncRepo.findEmail(tx, orgId, emailId);
    if (!email?.message_id || email.direction !== "outbound") return null;
    const message = await sendRepo.messageOfEmail(tx, orgId, email.message_id);
    if (message?.status !== "sending") return null;
    const account = email.account_id ? await syncRepo.findAccount(tx, orgId, email.account_id) : undefined;
    return { email, messageId: message.id, account };
  });
  if (!found) return;
  const { email, messageId, account } = found;
  const envelope = { from: email.from_address, to: email.to_addresses };
  try {
    if (!account?.valid || account.address !== email.mailbox) throw new MailboxUnusable();
    const raw = await readAll(await deps.files.read(rawKey(orgId, emailId)));
    if (account.provider !== SANDBOX_PROVIDER) await smtpDeliver(deps, account, raw, envelope);
    else if (deps.sandbox) await deliverSandbox(deps.db, raw, envelope);
    else throw new MailboxUnusable();
  } catch (err) {
    if (err instanceof MailboxUnusable) return fail(deps, orgId, messageId, "error.email-mailbox-not-valid", "");
    const code = smtpCode(err);
    if (code !== null && code >= 500) return fail(deps, orgId, messageId, "error.email-send-refused", serverText(err));
    if (attempt + 1 >= MAX_ATTEMPTS) return fail(deps, orgId, messageId, "error.email-send-gave-up", serverText(err));
    deps.log.warn({ err, orgId, emailId, attempt }, "sending an email failed; trying again later");
    await withTenant(deps.db, orgId, (tx) =>
      addJob(tx, EMAIL_SEND_TASK, { emailId, attempt: attempt + 1 }, { runAt: new Date(Date.now() + retryDelayMs(attempt)) }),
    );
    return;
  }
  await withTenant(deps.db, orgId, (tx) => settleEmailMessage(tx, orgId, messageId, { status: "sent" }));
}

/** The tasks of sending (jobs.ts). */
export function emailSendTasks(deps: EmailDeps): JobTasks {
  return { [EMAIL_SEND_TASK]: (payload) => runSendEmailJob(deps, payload) };
}
