import { randomUUID } from "node:crypto";
import { z } from "zod";
import { statusesBefore, typedPhoneToE164, type Message, type SendMessageRequest } from "@relais/shared";
import { CarrierSendError, type CarrierStatusEvent } from "../../carriers/carrier.ts";
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
import { announceMessage, announceThread } from "./thread-events.ts";

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
 * A flow of another module that holds a contact's line (the satisfaction survey, spec part 1
 * §4): until the time it answers, nobody else texts that number in the organisation. Null: free.
 */
export type ContactHold = (tx: Tx, orgId: string, contactPhone: string) => Promise<Date | null>;

/** Until when a flow holds the line of `contactPhone` (the latest of them), or null when it is free. */
export async function contactHeldUntil(deps: MessagingDeps, tx: Tx, orgId: string, contactPhone: string): Promise<Date | null> {
  let until: Date | null = null;
  for (const hold of deps.holds) {
    const end = await hold(tx, orgId, contactPhone);
    if (end && (!until || end > until)) until = end;
  }
  return until;
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
 * The send-text job: hands a committed "sending" message to the carrier with its idempotency key
 * and stores the carrier's id. A message no longer "sending" (already sent by an earlier run,
 * retried, deleted) is skipped, and a run repeated after a crash reuses the same key, so the
 * carrier sends it once. A database error throws: graphile-worker retries the job.
 */
export async function runSendTextJob(deps: MessagingDeps, payload: unknown): Promise<void> {
  const { orgId, messageId } = sendTextJob.parse(payload);
  const run = (async () => {
    const { msg, media } = await withTenant(deps.db, orgId, async (tx) => ({
      msg: await repo.findMessage(tx, orgId, messageId),
      media: await outboundMediaOf(deps.media, tx, orgId, messageId),
    }));
    if (!msg || msg.direction !== "outbound" || msg.status !== "sending" || !msg.idempotency_key || msg.carrier_message_id) return;
    const key = msg.idempotency_key;
    const text = { from: msg.from_phone, to: msg.to_phone, body: msg.body, idempotencyKey: key };
    let carrierMessageId: string;
    try {
      ({ carrierMessageId } = media.length ? await deps.carrier.sendMms({ ...text, media }) : await deps.carrier.sendSms(text));
    } catch (err) {
      deps.log.warn({ err, messageId }, "carrier refused an outbound text");
      await applyStatus(deps, orgId, messageId, {
        status: "failed",
        failureReason: err instanceof CarrierSendError ? err.reason : "carrier-error",
        carrierMessageId: null,
      });
      return;
    }
    await withTenant(deps.db, orgId, (tx) => repo.setCarrierMessageId(tx, orgId, messageId, key, carrierMessageId));
  })();
  deps.pending.add(run);
  try {
    await run;
  } finally {
    deps.pending.delete(run);
  }
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
