import { randomUUID } from "node:crypto";
import { z } from "zod";
import { statusesBefore, typedPhoneToE164, type Message, type SendMessageRequest } from "@relais/shared";
import { CarrierSendError, type CarrierStatusEvent, type OutboundMedia } from "../../carriers/carrier.ts";
import { withTenant, type Tx } from "../../db/database.ts";
import { addJob } from "../../platform/jobs/jobs.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { badRequest, conflict, notFound } from "../../platform/errors.ts";
import { refuseUnfilledFields } from "../text-blocks/index.ts";
import { attachOutboundMedia, outboundMediaOf } from "./media.ts";
import type { MessagingDeps } from "./messaging-deps.ts";
import { presentMessage } from "./presenter.ts";
import { filesForMessage } from "./quick-message-files.ts";
import * as repo from "./repo.ts";
import { visibleThread } from "./thread-access.ts";
import { announceMessage, announceNewTexts, announceThread } from "./thread-events.ts";

/**
 * Texts going out: staff's sends and retries, the texts the system writes, the send-text job that
 * hands each one to the carrier, and the delivery statuses the network reports back. Nothing is
 * texted to a contact whose line another flow holds (a survey under way).
 */

// ---- The contact's line ---------------------------------------------------------------------

/** The contact's number as typed, in E.164, or 400 error.add-conversation-number. */
export function contactNumber(typed: string): string {
  const phone = typedPhoneToE164(typed);
  if (!phone) throw badRequest("error.add-conversation-number");
  return phone;
}

/**
 * A flow of another module that holds contacts' lines (the satisfaction survey, spec part 1 §4):
 * until the time it answers for a number, nobody else texts that number in the organisation.
 * Asked for many numbers at once (a batch of scheduled messages); numbers it does not hold are
 * left out of its answer.
 */
export type ContactHold = (tx: Tx, orgId: string, contactPhones: readonly string[]) => Promise<Map<string, Date>>;

/** Until when each held number of `contactPhones` is held (the latest of the flows); free numbers are left out. */
export async function contactsHeldUntil(
  deps: MessagingDeps,
  tx: Tx,
  orgId: string,
  contactPhones: readonly string[],
): Promise<Map<string, Date>> {
  const until = new Map<string, Date>();
  if (contactPhones.length === 0) return until;
  for (const hold of deps.holds) {
    for (const [phone, end] of await hold(tx, orgId, contactPhones)) {
      const seen = until.get(phone);
      if (!seen || end > seen) until.set(phone, end);
    }
  }
  return until;
}

/** Until when a flow holds the line of `contactPhone` (the latest of them), or null when it is free. */
export async function contactHeldUntil(deps: MessagingDeps, tx: Tx, orgId: string, contactPhone: string): Promise<Date | null> {
  return (await contactsHeldUntil(deps, tx, orgId, [contactPhone])).get(contactPhone) ?? null;
}

/** 409 error.survey-in-progress, with the minutes left, when the contact's line is held. */
export async function refuseWhileHeld(deps: MessagingDeps, tx: Tx, orgId: string, contactPhone: string): Promise<void> {
  const until = await contactHeldUntil(deps, tx, orgId, contactPhone);
  if (until) throw conflict("error.survey-in-progress", { minutes: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000)) });
}

// ---- Queue and send job ---------------------------------------------------------------------

/** The job that hands one outbound message to the carrier (payload: SendTextJob). */
export const SEND_TEXT_TASK = "send-text";
/**
 * Before any other due job: a text already in the conversation goes to the carrier ahead of a
 * batch of scheduled messages still to be queued (graphile-worker runs lower priorities first).
 */
const SEND_TEXT_PRIORITY = -10;
/** Its payload as the queue hands it back, checked (orgId is stamped by relais_jobs.add_job). */
const sendTextJob = z.object({ orgId: z.uuid(), messageId: z.uuid() });

/** The job that hands a batch of system texts to the carrier (queueSystemTexts), same priority. */
export const SEND_TEXTS_TASK = "send-texts";
/**
 * The most texts one queueSystemTexts call, and so one send-texts job, takes: their events (two
 * a text) stay far below a transaction's 4 096 positions, and its transaction well under the 5 s
 * a transaction recording events may last (decision 0017).
 */
export const SYSTEM_TEXTS_BATCH = 200;
const sendTextsJob = z.object({ orgId: z.uuid(), messageIds: z.array(z.uuid()).min(1).max(SYSTEM_TEXTS_BATCH) });

/**
 * Records an outbound message as "sending" and its thread's new last message, with the job that
 * hands it to the carrier in the same transaction: a committed message always has its job (it
 * cannot be lost between commit and send), a rolled-back one never texts.
 */
export async function queueOutbound(
  tx: Tx,
  // The author: a staff member, or nobody for a text the system writes (userId null).
  ctx: Pick<Ctx, "orgId"> & { userId: string | null },
  // mediaIds: the author's uploads to send with it (an MMS), in order. idempotencyKey: given when
  // the caller derives it from its own record (a scheduled message), else a new one.
  msg: {
    threadId: string;
    teamId: string;
    from: string;
    to: string;
    body: string;
    mediaIds?: readonly string[];
    idempotencyKey?: string;
  },
): Promise<repo.MessageRow> {
  const row = await repo.insertMessage(tx, {
    orgId: ctx.orgId,
    threadId: msg.threadId,
    direction: "outbound",
    from: msg.from,
    to: msg.to,
    body: msg.body,
    status: "sending",
    carrierMessageId: null,
    idempotencyKey: msg.idempotencyKey ?? randomUUID(),
    authorId: ctx.userId,
  });
  if (!row) throw new Error("queueOutbound: message not inserted");
  await attachOutboundMedia(tx, ctx, row.id, msg.mediaIds ?? []);
  await repo.updateThread(tx, ctx.orgId, msg.threadId, { last_message_id: row.id, state: "active" }, true);
  await addJob(tx, SEND_TEXT_TASK, { messageId: row.id }, { priority: SEND_TEXT_PRIORITY });
  return row;
}

/**
 * Hands one committed "sending" message to the carrier with its idempotency key: the carrier's id,
 * or null when there is nothing to send (no longer "sending": already sent by an earlier run,
 * retried, deleted) or the carrier refused it (then marked failed). A run repeated after a crash
 * reuses the same key, so the carrier sends it once.
 */
async function handToCarrier(deps: MessagingDeps, orgId: string, msg: repo.MessageRow, media: OutboundMedia[]): Promise<string | null> {
  if (msg.direction !== "outbound" || msg.status !== "sending" || !msg.idempotency_key || msg.carrier_message_id) return null;
  const text = { from: msg.from_phone, to: msg.to_phone, body: msg.body, idempotencyKey: msg.idempotency_key };
  try {
    const { carrierMessageId } = media.length ? await deps.carrier.sendMms({ ...text, media }) : await deps.carrier.sendSms(text);
    return carrierMessageId;
  } catch (err) {
    deps.log.warn({ err, messageId: msg.id }, "carrier refused an outbound text");
    await applyStatus(deps, orgId, msg.id, {
      status: "failed",
      failureReason: err instanceof CarrierSendError ? err.reason : "carrier-error",
      carrierMessageId: null,
    });
    return null;
  }
}

/** Runs `work`, counted among the sends the server waits for when it closes. */
async function tracked(deps: MessagingDeps, work: Promise<void>): Promise<void> {
  deps.pending.add(work);
  try {
    await work;
  } finally {
    deps.pending.delete(work);
  }
}

/**
 * The send-text job: hands a committed "sending" message to the carrier and stores the carrier's
 * id. A database error throws: graphile-worker retries the job.
 */
export async function runSendTextJob(deps: MessagingDeps, payload: unknown): Promise<void> {
  const { orgId, messageId } = sendTextJob.parse(payload);
  await tracked(
    deps,
    (async () => {
      const { msg, media } = await withTenant(deps.db, orgId, async (tx) => ({
        msg: await repo.findMessage(tx, orgId, messageId),
        media: await outboundMediaOf(deps.media, tx, orgId, messageId),
      }));
      const carrierMessageId = msg ? await handToCarrier(deps, orgId, msg, media) : null;
      if (!msg?.idempotency_key || !carrierMessageId) return;
      const key = msg.idempotency_key;
      await withTenant(deps.db, orgId, (tx) => repo.setCarrierMessageId(tx, orgId, messageId, key, carrierMessageId));
    })(),
  );
}

/**
 * The send-texts job of a batch of system texts (queueSystemTexts): each handed to the carrier in
 * the batch's order, and its carrier id stored as soon as the carrier answers, one text at a
 * time. Twilio takes no idempotency key: a text it has taken whose id is not stored yet goes out
 * twice if the server dies then, so a job keeps one text in that window, as a send-text job does
 * (several at once bought no speed in the bench and widened it; decision 0048).
 */
export async function runSendTextsJob(deps: MessagingDeps, payload: unknown): Promise<void> {
  const { orgId, messageIds } = sendTextsJob.parse(payload);
  await tracked(
    deps,
    (async () => {
      const msgs = await withTenant(deps.db, orgId, (tx) => repo.findMessagesByIds(tx, orgId, messageIds));
      for (const id of messageIds) {
        const msg = msgs.get(id);
        // Texts the system writes carry no files (queueSystemTexts attaches none).
        const carrierMessageId = msg ? await handToCarrier(deps, orgId, msg, []) : null;
        const key = msg?.idempotency_key;
        if (!carrierMessageId || !key) continue;
        await withTenant(deps.db, orgId, (tx) => repo.setCarrierMessageId(tx, orgId, id, key, carrierMessageId));
      }
    })(),
  );
}

// ---- Staff's texts --------------------------------------------------------------------------

/** POST threads/{id}/messages: a text from the team's number to the thread's contact. */
export async function sendMessage(deps: MessagingDeps, ctx: Ctx, threadId: string, input: SendMessageRequest): Promise<Message> {
  const to = input.to === undefined ? null : contactNumber(input.to);
  refuseUnfilledFields(input.body);
  const mediaIds = await filesForMessage(deps, ctx, input);
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    const thread = await visibleThread(tx, ctx, threadId, true);
    if (to !== null && to !== thread.contact_phone) throw badRequest("error.add-conversation-number");
    if (!thread.team_phone) throw conflict("error.no-phones-configured");
    await refuseWhileHeld(deps, tx, ctx.orgId, thread.contact_phone);
    const row = await queueOutbound(tx, ctx, {
      threadId,
      teamId: thread.team_id,
      from: thread.team_phone,
      to: thread.contact_phone,
      body: input.body,
      mediaIds,
    });
    await announceThread(tx, ctx.orgId, threadId, "thread.updated");
    return announceMessage(tx, ctx.orgId, thread.team_id, row, "message.created");
  });
}

/** POST threads/{id}/messages/{messageId}/retry: a failed outbound text, sent again as a new attempt. */
export async function retryMessage(deps: MessagingDeps, ctx: Ctx, threadId: string, messageId: string): Promise<Message> {
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    const thread = await visibleThread(tx, ctx, threadId, true);
    const msg = await repo.findMessage(tx, ctx.orgId, messageId, true);
    if (!msg || msg.thread_id !== threadId) throw notFound();
    if (msg.direction !== "outbound" || msg.status !== "failed") throw conflict("error.message-not-retryable");
    await refuseWhileHeld(deps, tx, ctx.orgId, thread.contact_phone);
    // A new key: the failed attempt's key is spent (the carrier would answer it with the old send).
    const row = await repo.resetForRetry(tx, ctx.orgId, messageId, randomUUID());
    await addJob(tx, SEND_TEXT_TASK, { messageId }, { priority: SEND_TEXT_PRIORITY });
    return announceMessage(tx, ctx.orgId, thread.team_id, row, "message.updated");
  });
}

// ---- Texts the system writes ----------------------------------------------------------------

/**
 * The thread a system text to `contactPhone` goes to, created if missing, and locked until the
 * caller's transaction ends: decisions about one contact (automatic replies) are then taken one
 * at a time, and in the same lock order as an inbound text (thread first).
 */
export async function openSystemThread(
  tx: Tx,
  orgId: string,
  teamId: string,
  contactPhone: string,
): Promise<{ id: string; created: boolean }> {
  const { row, created } = await repo.ensureThread(tx, orgId, teamId, contactPhone);
  return { id: row.id, created };
}

/**
 * Queues a text the system writes (an automatic reply, a scheduled message) in the caller's
 * transaction: shown in the thread and announced like any text, handed to the carrier by its job
 * once that transaction commits, so a rolled-back caller texts nobody. `authorId`: the staff
 * member it is written for, if any; `idempotencyKey`: derived by the caller from its own record
 * when a second run of it must not make a second text (the unique key refuses it).
 */
export async function queueSystemText(
  deps: MessagingDeps,
  tx: Tx,
  orgId: string,
  text: {
    thread: { id: string; created: boolean };
    teamId: string;
    from: string;
    to: string;
    body: string;
    authorId?: string | null;
    idempotencyKey?: string;
    /** The flow holding the contact's line sends its own texts; every other caller checks contactHeldUntil first. */
    ignoreHolds?: boolean;
  },
): Promise<Message> {
  if (!text.ignoreHolds) await refuseWhileHeld(deps, tx, orgId, text.to);
  const row = await queueOutbound(
    tx,
    { orgId, userId: text.authorId ?? null },
    {
      threadId: text.thread.id,
      teamId: text.teamId,
      from: text.from,
      to: text.to,
      body: text.body,
      ...(text.idempotencyKey ? { idempotencyKey: text.idempotencyKey } : {}),
    },
  );
  await announceThread(tx, orgId, text.thread.id, text.thread.created ? "thread.created" : "thread.updated");
  return announceMessage(tx, orgId, text.teamId, row, "message.created");
}

/** A text the system writes, as queueSystemTexts takes it: each has its own idempotency key. */
export type SystemText = { teamId: string; from: string; to: string; body: string; authorId: string | null; idempotencyKey: string };

/**
 * Many system texts at once (scheduled messages falling due together; at most
 * SYSTEM_TEXTS_BATCH), with what queueSystemText writes for each: the thread created if missing
 * and locked, the "sending" message, the thread's new last message, thread.* and message.created
 * events. A few statements for the whole batch, and one send-texts job for all of them, in the
 * caller's transaction. The caller has checked the contacts' holds. Each message by its key.
 */
export async function queueSystemTexts(tx: Tx, orgId: string, texts: readonly SystemText[]): Promise<Map<string, Message>> {
  if (texts.length === 0) return new Map();
  if (texts.length > SYSTEM_TEXTS_BATCH) throw new Error(`queueSystemTexts: more than ${SYSTEM_TEXTS_BATCH} texts`);
  const threads = await repo.ensureThreads(
    tx,
    orgId,
    texts.map((t) => ({ teamId: t.teamId, phone: t.to })),
  );
  const threadOf = (t: SystemText) => {
    const found = threads.get(`${t.teamId} ${t.to}`);
    if (!found) throw new Error("queueSystemTexts: thread vanished");
    return found;
  };
  const rows = await repo.insertOutboundTexts(
    tx,
    orgId,
    texts.map((t) => ({
      threadId: threadOf(t).row.id,
      from: t.from,
      to: t.to,
      body: t.body,
      idempotencyKey: t.idempotencyKey,
      authorId: t.authorId,
    })),
  );
  const written = texts.map((t) => {
    const message = rows.get(t.idempotencyKey);
    if (!message) throw new Error("queueSystemTexts: message not inserted");
    return { ...threadOf(t), message };
  });
  // A thread's last text of the batch is its new last message.
  const last = new Map(written.map((w) => [w.row.id, w.message.id]));
  await repo.setLastMessages(
    tx,
    orgId,
    [...last].map(([threadId, messageId]) => ({ threadId, messageId })),
  );
  await addJob(tx, SEND_TEXTS_TASK, { messageIds: written.map((w) => w.message.id) }, { priority: SEND_TEXT_PRIORITY });
  const now = new Map((await repo.findThreadsByIds(tx, orgId, [...last.keys()])).map((r) => [r.id, r]));
  const messages = await announceNewTexts(
    tx,
    orgId,
    written.map((w) => ({ thread: now.get(w.row.id) ?? w.row, created: w.created, message: w.message })),
  );
  return new Map(messages.map((m, i) => [texts[i]?.idempotencyKey ?? "", m]));
}

/** The current status of outbound texts, by id, for modules that show an outcome (scheduled messages). */
export async function outboundOutcomes(
  tx: Tx,
  orgId: string,
  ids: readonly string[],
): Promise<Map<string, { status: Message["status"]; failureReason: string | null }>> {
  const rows = await repo.findMessagesByIds(tx, orgId, [...ids]);
  return new Map([...rows].map(([id, r]) => [id, { status: presentMessage(r, []).status, failureReason: r.failure_reason }]));
}

// ---- Delivery statuses ----------------------------------------------------------------------

/**
 * A delivery status from the network (sandbox timer or carrier callback). Found by the attempt's
 * idempotency key when the carrier hands it back, else by its carrier id. A status moves only
 * forward; a repeated or late one changes nothing and announces nothing.
 */
export async function applyCarrierStatus(deps: MessagingDeps, event: CarrierStatusEvent): Promise<void> {
  const owner = await repo.unsafeFindMessageOwner(deps.db, event.idempotencyKey ?? null, event.carrierMessageId);
  // A status of an attempt since replaced by a retry, or of a deleted thread: nothing to do.
  if (!owner) return;
  await applyStatus(deps, owner.organization_id, owner.message_id, {
    status: event.status,
    failureReason: event.status === "failed" ? (event.failureReason ?? "carrier-failure") : null,
    carrierMessageId: event.carrierMessageId,
  });
}

async function applyStatus(
  deps: MessagingDeps,
  orgId: string,
  messageId: string,
  change: { status: "sent" | "delivered" | "failed"; failureReason: string | null; carrierMessageId: string | null },
): Promise<void> {
  await withTenant(deps.db, orgId, async (tx) => {
    const row = await repo.advanceStatus(tx, orgId, messageId, { ...change, from: statusesBefore(change.status) });
    if (!row) return;
    const thread = await repo.findThread(tx, orgId, row.thread_id);
    if (thread) await announceMessage(tx, orgId, thread.team_id, row, "message.updated");
  });
}
