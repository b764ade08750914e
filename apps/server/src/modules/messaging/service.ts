import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  statusesBefore,
  typedPhoneToE164,
  type CreateThreadRequest,
  type CreateThreadResponse,
  type Message,
  type MessageCall,
  type MessageEmail,
  type MessagesPage,
  type MessagesQuery,
  type SendMessageRequest,
  type Thread,
  type ThreadsPage,
  type ThreadsQuery,
  type UpdateThreadRequest,
} from "@relais/shared";
import {
  CarrierSendError,
  type Carrier,
  type CarrierInboundEvent,
  type CarrierStatusEvent,
  type InboundResult,
} from "../../carriers/carrier.ts";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import { addJob } from "../../platform/jobs/jobs.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { AppError, badRequest, conflict, notFound } from "../../platform/errors.ts";
import { uniqueViolation } from "../../platform/pg-errors.ts";
import { recordEvent } from "../../platform/realtime/record-event.ts";
import { contactsByPhones } from "../contacts/index.ts";
import { findTeamFor } from "../teams/index.ts";
import { refuseUnfilledFields } from "../text-blocks/index.ts";
import { decodeMessageCursor, decodeThreadCursor, encodeMessageCursor, encodeThreadCursor } from "./cursor.ts";
import { canSeeThread, isThreadState, teamForNewThread, visibleTeamIds } from "./policy.ts";
import { presentMessage, presentThread } from "./presenter.ts";
import * as repo from "./repo.ts";
import { SENTIMENT_BEFORE_NEW_TEXT, sentimentWithNewText } from "./sentiment.ts";
import {
  attachOutboundMedia,
  discardFiles,
  discardFilesAfterCommit,
  mediaByMessage,
  outboundMediaOf,
  recordInboundMedia,
  storeInboundMedia,
  type MediaDeps,
} from "./media.ts";
import { storageKeysOfThread, type MediaRow } from "./media-repo.ts";
import { parseThreadSearch } from "./thread-search.ts";
import { filesForMessage } from "./quick-message-files.ts";
import { insertEmailMessage, setMessageEmail } from "./email-message-repo.ts";
import { createIntakeGate } from "./intake-gate.ts";

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** An inbound text just recorded, as the steps run after it (automatic replies) see it. */
export type RecordedInbound = {
  orgId: string;
  teamId: string;
  threadId: string;
  contactPhone: string;
  teamPhone: string;
  messageId: string;
  body: string;
};

/**
 * A step of another module run inside an inbound text's transaction once the text is recorded:
 * what it writes lands or rolls back with the text, so a duplicate delivery triggers it once.
 * Registered when the app is built (app.ts), which keeps messaging from importing those modules.
 */
export type AfterInbound = (m: Messaging, tx: Tx, inbound: RecordedInbound) => Promise<void | "handled">;

/**
 * A flow of another module that holds a contact's line (the satisfaction survey, spec part 1
 * §4): until the time it answers, nobody else texts that number in the organisation. Null: free.
 */
export type ContactHold = (tx: Tx, orgId: string, contactPhone: string) => Promise<Date | null>;

/** The messaging service of one app: its pool, its carrier, the sends still in flight, its inbound steps. */
export type Messaging = {
  db: Db;
  carrier: Carrier;
  log: Log;
  pending: Set<Promise<void>>;
  afterInbound: readonly AfterInbound[];
  holds: readonly ContactHold[];
  /** Where media files are stored and how the network reaches them. */
  media: MediaDeps;
};

/**
 * Builds the messaging service and registers it as the carrier's handler: inbound texts and
 * delivery statuses, from the sandbox or a webhook, all go through receiveInbound/applyStatus.
 */
export function createMessaging(
  db: Db,
  carrier: Carrier,
  log: Log,
  opts: { afterInbound?: AfterInbound[]; holds?: ContactHold[]; media: MediaDeps },
): Messaging {
  const m: Messaging = {
    db,
    carrier,
    log,
    pending: new Set(),
    afterInbound: opts.afterInbound ?? [],
    holds: opts.holds ?? [],
    media: opts.media,
  };
  const gate = createIntakeGate();
  carrier.setHandler({ onInbound: (e) => gate(() => receiveInbound(m, e)), onStatus: (e) => gate(() => applyCarrierStatus(m, e)) });
  return m;
}

/** Waits for the sends in flight (app close), so none runs on a closed pool. */
export async function drainMessaging(m: Messaging): Promise<void> {
  while (m.pending.size) await Promise.allSettled([...m.pending]);
}

// ---- Reading ------------------------------------------------------------------------------

/** A message the caller has just written, with its files: presenting it needs no read. */
type KnownMessage = { row: repo.MessageRow; media: MediaRow[] };

async function presentOne(tx: Tx, orgId: string, row: repo.ThreadRow, known?: KnownMessage): Promise<Thread> {
  const isKnown = known !== undefined && known.row.id === row.last_message_id;
  const last = isKnown ? known.row : row.last_message_id ? await repo.findMessage(tx, orgId, row.last_message_id) : undefined;
  const media = isKnown ? known.media : last ? ((await mediaByMessage(tx, orgId, [last.id])).get(last.id) ?? []) : [];
  const contact = (await contactsByPhones(tx, orgId, [row.contact_phone])).get(row.contact_phone) ?? null;
  return presentThread(row, last, media, contact);
}

/** A thread the caller may see, locked when asked; 404 for another team's or organisation's. */
async function visibleThread(tx: Tx, ctx: Ctx, threadId: string, lock = false): Promise<repo.ThreadRow> {
  const row = await repo.findThread(tx, ctx.orgId, threadId, lock);
  if (!row || !canSeeThread(ctx, row.team_id)) throw notFound();
  return row;
}

/** GET threads: one page of the caller's teams' threads, in list order, narrowed by `q` when given, with unread counts. */
export async function listThreads(db: Db, ctx: Ctx, query: ThreadsQuery): Promise<ThreadsPage> {
  const after = query.cursor ? decodeThreadCursor(query.cursor) : null;
  const search = parseThreadSearch(query.q);
  const teamIds = visibleTeamIds(ctx);
  return withTenant(db, ctx.orgId, async (tx) => {
    const rows = await repo.listThreads(tx, ctx.orgId, teamIds, query.state, after, query.limit + 1, search);
    const page = rows.slice(0, query.limit);
    const lastIds = page.flatMap((r) => (r.last_message_id ? [r.last_message_id] : []));
    const last = await repo.findMessagesByIds(tx, ctx.orgId, lastIds);
    const lastMedia = await mediaByMessage(tx, ctx.orgId, lastIds);
    const contacts = await contactsByPhones(
      tx,
      ctx.orgId,
      page.map((r) => r.contact_phone),
    );
    const end = page[page.length - 1];
    return {
      threads: page.map((r) => {
        const id = r.last_message_id;
        const contact = contacts.get(r.contact_phone) ?? null;
        return presentThread(r, id ? last.get(id) : null, (id ? lastMedia.get(id) : undefined) ?? [], contact);
      }),
      nextCursor: rows.length > query.limit && end ? encodeThreadCursor({ pinned: end.pinned, at: end.sort_key, id: end.id }) : null,
      unread: await repo.countUnread(tx, ctx.orgId, teamIds),
    };
  });
}

/**
 * GET threads/{id}: opening a conversation (spec part 1 §4) clears its incomplete follow-up and
 * marks it read; the change is announced to the team so every screen drops the unread mark.
 */
export async function openThread(db: Db, ctx: Ctx, threadId: string): Promise<Thread> {
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await visibleThread(tx, ctx, threadId, true);
    if (!row.has_notification && !row.has_incomplete_followup) return presentOne(tx, ctx.orgId, row);
    await repo.updateThread(tx, ctx.orgId, threadId, { has_notification: false, has_incomplete_followup: false }, false);
    return announceThread(tx, ctx.orgId, threadId, "thread.updated");
  });
}

/** GET threads/{id}/messages: the 15 latest first, older pages through `before`. */
export async function listMessages(db: Db, ctx: Ctx, threadId: string, query: MessagesQuery): Promise<MessagesPage> {
  const before = query.before ? decodeMessageCursor(query.before) : null;
  return withTenant(db, ctx.orgId, async (tx) => {
    await visibleThread(tx, ctx, threadId);
    const rows = await repo.listMessages(tx, ctx.orgId, threadId, before, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const end = page[page.length - 1];
    const media = await mediaByMessage(
      tx,
      ctx.orgId,
      page.map((r) => r.id),
    );
    return {
      messages: page.map((r) => presentMessage(r, media.get(r.id) ?? [])),
      nextCursor: rows.length > query.limit && end ? encodeMessageCursor({ at: end.sort_key, id: end.id }) : null,
    };
  });
}

// ---- Events ---------------------------------------------------------------------------------

/** Re-reads the thread and records `type` with it as payload, for its team only. */
async function announceThread(
  tx: Tx,
  orgId: string,
  threadId: string,
  type: "thread.created" | "thread.updated",
  known?: KnownMessage,
): Promise<Thread> {
  const row = await repo.findThread(tx, orgId, threadId);
  if (!row) throw notFound();
  return announceThreadRow(tx, orgId, row, type, known);
}

/** announceThread for a thread row the caller has just read or written. */
async function announceThreadRow(
  tx: Tx,
  orgId: string,
  row: repo.ThreadRow,
  type: "thread.created" | "thread.updated",
  known?: KnownMessage,
): Promise<Thread> {
  const thread = await presentOne(tx, orgId, row, known);
  await recordEvent(tx, orgId, { type, teamId: row.team_id, payload: thread });
  return thread;
}

async function announceMessage(
  tx: Tx,
  orgId: string,
  teamId: string,
  row: repo.MessageRow,
  type: "message.created" | "message.updated",
  knownMedia?: MediaRow[],
) {
  const media = knownMedia ?? (await mediaByMessage(tx, orgId, [row.id])).get(row.id) ?? [];
  const message = presentMessage(row, media);
  await recordEvent(tx, orgId, { type, teamId, payload: message });
  return message;
}

// ---- Writing --------------------------------------------------------------------------------

/** The contact's number as typed, in E.164, or 400 error.add-conversation-number. */
function contactNumber(typed: string): string {
  const phone = typedPhoneToE164(typed);
  if (!phone) throw badRequest("error.add-conversation-number");
  return phone;
}

/** Until when a flow holds the line of `contactPhone` (the latest of them), or null when it is free. */
export async function contactHeldUntil(m: Messaging, tx: Tx, orgId: string, contactPhone: string): Promise<Date | null> {
  let until: Date | null = null;
  for (const hold of m.holds) {
    const end = await hold(tx, orgId, contactPhone);
    if (end && (!until || end > until)) until = end;
  }
  return until;
}

/** 409 error.survey-in-progress, with the minutes left, when the contact's line is held. */
export async function refuseWhileHeld(m: Messaging, tx: Tx, orgId: string, contactPhone: string): Promise<void> {
  const until = await contactHeldUntil(m, tx, orgId, contactPhone);
  if (until) throw conflict("error.survey-in-progress", { minutes: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000)) });
}

/**
 * POST threads: a new conversation in the caller's current team (else their first), texted from
 * the team's number, with its first message. One thread per number and team: an existing one,
 * active or archived, is a 409 the web turns into "open it" or "restore it".
 */
export async function createThread(m: Messaging, ctx: Ctx, input: CreateThreadRequest): Promise<CreateThreadResponse> {
  const phone = contactNumber(input.to);
  const teamId = teamForNewThread(ctx);
  if (!teamId) throw new AppError("error.not-member", 403);
  refuseUnfilledFields(input.body);
  const mediaIds = await filesForMessage(m, ctx, input);
  try {
    return await withTenant(m.db, ctx.orgId, async (tx) => {
      const team = await findTeamFor(tx, ctx, teamId);
      if (!team) throw notFound();
      if (!team.phoneNumber) throw conflict("error.no-phones-configured");
      const existing = await repo.findThreadByPhone(tx, ctx.orgId, teamId, phone);
      if (existing) throw conflict(existing.state === "inactive" ? "error.existing-archived" : "error.existing-conversation");
      await refuseWhileHeld(m, tx, ctx.orgId, phone);
      const threadId = await repo.insertThread(tx, {
        orgId: ctx.orgId,
        teamId,
        phone,
        pinned: input.attributes?.pinned ?? false,
        hasNotification: input.attributes?.hasNotification ?? false,
        hasIncompleteFollowup: input.attributes?.hasIncompleteFollowup ?? false,
      });
      const row = await queueOutbound(tx, ctx, {
        threadId,
        teamId,
        from: team.phoneNumber,
        to: phone,
        body: input.body,
        mediaIds,
      });
      const thread = await announceThread(tx, ctx.orgId, threadId, "thread.created");
      const message = await announceMessage(tx, ctx.orgId, teamId, row, "message.created");
      return { thread, message };
    });
  } catch (err) {
    // Two people creating the same conversation at once: the second meets the unique index.
    if (uniqueViolation(err) === "threads_contact_key") throw conflict("error.existing-conversation");
    throw err;
  }
}

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
async function queueOutbound(
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
export async function runSendTextJob(m: Messaging, payload: unknown): Promise<void> {
  const { orgId, messageId } = sendTextJob.parse(payload);
  const run = (async () => {
    const { msg, media } = await withTenant(m.db, orgId, async (tx) => ({
      msg: await repo.findMessage(tx, orgId, messageId),
      media: await outboundMediaOf(m.media, tx, orgId, messageId),
    }));
    if (!msg || msg.direction !== "outbound" || msg.status !== "sending" || !msg.idempotency_key || msg.carrier_message_id) return;
    const key = msg.idempotency_key;
    const text = { from: msg.from_phone, to: msg.to_phone, body: msg.body, idempotencyKey: key };
    let carrierMessageId: string;
    try {
      ({ carrierMessageId } = media.length ? await m.carrier.sendMms({ ...text, media }) : await m.carrier.sendSms(text));
    } catch (err) {
      m.log.warn({ err, messageId }, "carrier refused an outbound text");
      await applyStatus(m, orgId, messageId, {
        status: "failed",
        failureReason: err instanceof CarrierSendError ? err.reason : "carrier-error",
        carrierMessageId: null,
      });
      return;
    }
    await withTenant(m.db, orgId, (tx) => repo.setCarrierMessageId(tx, orgId, messageId, key, carrierMessageId));
  })();
  m.pending.add(run);
  try {
    await run;
  } finally {
    m.pending.delete(run);
  }
}

/** POST threads/{id}/messages: a text from the team's number to the thread's contact. */
export async function sendMessage(m: Messaging, ctx: Ctx, threadId: string, input: SendMessageRequest): Promise<Message> {
  const to = input.to === undefined ? null : contactNumber(input.to);
  refuseUnfilledFields(input.body);
  const mediaIds = await filesForMessage(m, ctx, input);
  return withTenant(m.db, ctx.orgId, async (tx) => {
    const thread = await visibleThread(tx, ctx, threadId, true);
    if (to !== null && to !== thread.contact_phone) throw badRequest("error.add-conversation-number");
    if (!thread.team_phone) throw conflict("error.no-phones-configured");
    await refuseWhileHeld(m, tx, ctx.orgId, thread.contact_phone);
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
export async function retryMessage(m: Messaging, ctx: Ctx, threadId: string, messageId: string): Promise<Message> {
  return withTenant(m.db, ctx.orgId, async (tx) => {
    const thread = await visibleThread(tx, ctx, threadId, true);
    const msg = await repo.findMessage(tx, ctx.orgId, messageId, true);
    if (!msg || msg.thread_id !== threadId) throw notFound();
    if (msg.direction !== "outbound" || msg.status !== "failed") throw conflict("error.message-not-retryable");
    await refuseWhileHeld(m, tx, ctx.orgId, thread.contact_phone);
    // A new key: the failed attempt's key is spent (the carrier would answer it with the old send).
    const row = await repo.resetForRetry(tx, ctx.orgId, messageId, randomUUID());
    await addJob(tx, SEND_TEXT_TASK, { messageId }, { priority: SEND_TEXT_PRIORITY });
    return announceMessage(tx, ctx.orgId, thread.team_id, row, "message.updated");
  });
}

/** PUT threads/{id}: archive or restore, pin, mark read or unread, follow-up flag. */
export async function updateThread(db: Db, ctx: Ctx, threadId: string, input: UpdateThreadRequest): Promise<Thread> {
  if (input.state !== undefined && !isThreadState(input.state)) throw badRequest("error.invalid-state");
  const state = input.state;
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await visibleThread(tx, ctx, threadId, true);
    const patch: repo.ThreadPatch = {};
    const a = input.attributes ?? {};
    if (a.pinned !== undefined) patch.pinned = a.pinned;
    if (a.hasNotification !== undefined) patch.has_notification = a.hasNotification;
    if (a.hasIncompleteFollowup !== undefined) patch.has_incomplete_followup = a.hasIncompleteFollowup;
    // A change of state reorders the lists (archived: by latest update); flags do not.
    const moved = state !== undefined && state !== row.state;
    if (moved) patch.state = state;
    await repo.updateThread(tx, ctx.orgId, threadId, patch, moved);
    return announceThread(tx, ctx.orgId, threadId, "thread.updated");
  });
}

/** DELETE threads/{id}: the thread, its messages and their files, with an audit row of who deleted it. */
export async function deleteThread(m: Messaging, ctx: Ctx, threadId: string): Promise<void> {
  await withTenant(m.db, ctx.orgId, async (tx) => {
    const row = await visibleThread(tx, ctx, threadId, true);
    // The rows go with the messages (cascade); the bytes once that is committed.
    discardFilesAfterCommit(m, tx, await storageKeysOfThread(tx, ctx.orgId, threadId));
    await repo.deleteThread(tx, ctx.orgId, threadId);
    await recordAudit(tx, ctx, "delete", "thread", threadId, { teamId: row.team_id, contactPhone: row.contact_phone });
    await recordEvent(tx, ctx.orgId, { type: "thread.removed", teamId: row.team_id, payload: { id: threadId, teamId: row.team_id } });
  });
}

// ---- Texts the system writes ---------------------------------------------------------------

/** A thread the caller may see, for another module acting on it (a survey), locked when asked; 404 otherwise. */
export async function threadForStaff(
  tx: Tx,
  ctx: Ctx,
  threadId: string,
  lock: boolean,
): Promise<{ id: string; teamId: string; contactPhone: string; teamPhone: string | null }> {
  const row = await visibleThread(tx, ctx, threadId, lock);
  return { id: row.id, teamId: row.team_id, contactPhone: row.contact_phone, teamPhone: row.team_phone };
}

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
  m: Messaging,
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
  if (!text.ignoreHolds) await refuseWhileHeld(m, tx, orgId, text.to);
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

// ---- What the network reports ----------------------------------------------------------------

/**
 * An inbound text (carrier webhook or sandbox): it lands in the thread of the team owning the
 * number texted, created if missing; an archived thread comes back to the active list; the thread
 * is marked unread. A text the carrier delivers twice is recorded once.
 */
async function receiveInbound(m: Messaging, event: CarrierInboundEvent): Promise<InboundResult> {
  const from = typedPhoneToE164(event.from);
  const to = typedPhoneToE164(event.to);
  if (!from || !to) throw badRequest("error.phone-invalid");
  const owner = await repo.unsafeFindPhoneOwner(m.db, to);
  if (!owner) throw notFound();
  const orgId = owner.organization_id;
  const sources = event.media ?? [];
  // A replayed delivery is known before any file is fetched again.
  if (sources.length && (await withTenant(m.db, orgId, (tx) => repo.findMessageByCarrierId(tx, orgId, event.carrierMessageId)))) {
    return { duplicate: true };
  }
  const stored = await storeInboundMedia(m, orgId, sources, { carrierMessageId: event.carrierMessageId });
  // The files stay only if this delivery's message is the one recorded.
  let kept = false;
  try {
    const result = await withTenant(m.db, orgId, async (tx) => {
      // No look-up first: a delivery already recorded makes the insert below answer nothing,
      // and the transaction is rolled back (one statement fewer for every other text).
      // One statement: the thread created or reopened and marked unread, locked, with the
      // contact's previous texts for the sentiment.
      const thread = await repo.upsertInboundThread(tx, orgId, owner.team_id, from, SENTIMENT_BEFORE_NEW_TEXT);
      const msg = await repo.insertMessage(tx, {
        orgId,
        threadId: thread.id,
        direction: "inbound",
        from,
        to,
        body: event.body,
        status: "delivered",
        carrierMessageId: event.carrierMessageId,
        idempotencyKey: null,
        authorId: null,
      });
      // Raced by the same webhook delivered twice at once: undo this one.
      if (!msg) throw new DuplicateDelivery();
      await recordInboundMedia(tx, msg.id, stored);
      const sentiment = sentimentWithNewText(event.body, thread.recentBodies);
      // The update answers the thread as its event shows it: no read after it.
      const row = await repo.touchThreadReturning(tx, orgId, thread.id, { last_message_id: msg.id, sentiment });
      // Without files the new message is known as it is: the events need not read it back.
      const known = stored.length === 0 ? { row: msg, media: [] } : undefined;
      await announceThreadRow(tx, orgId, row, thread.created ? "thread.created" : "thread.updated", known);
      await announceMessage(tx, orgId, thread.teamId, msg, "message.created", known?.media);
      const inbound = {
        orgId,
        teamId: thread.teamId,
        threadId: thread.id,
        contactPhone: from,
        teamPhone: to,
        messageId: msg.id,
        body: event.body,
      };
      // The first step that handles the text (a survey answer) ends the chain: no automatic reply to it.
      for (const step of m.afterInbound) if ((await step(m, tx, inbound)) === "handled") break;
      return { threadId: thread.id, messageId: msg.id };
    });
    kept = !("duplicate" in result);
    return result;
  } catch (err) {
    if (err instanceof DuplicateDelivery) return { duplicate: true };
    throw err;
  } finally {
    if (!kept) {
      await discardFiles(
        m,
        stored.map((f) => f.storageKey),
      );
    }
  }
}

class DuplicateDelivery extends Error {}

/**
 * A delivery status from the network (sandbox timer or carrier callback). Found by the attempt's
 * idempotency key when the carrier hands it back, else by its carrier id. A status moves only
 * forward; a repeated or late one changes nothing and announces nothing.
 */
async function applyCarrierStatus(m: Messaging, event: CarrierStatusEvent): Promise<void> {
  const owner = await repo.unsafeFindMessageOwner(m.db, event.idempotencyKey ?? null, event.carrierMessageId);
  // A status of an attempt since replaced by a retry, or of a deleted thread: nothing to do.
  if (!owner) return;
  await applyStatus(m, owner.organization_id, owner.message_id, {
    status: event.status,
    failureReason: event.status === "failed" ? (event.failureReason ?? "carrier-failure") : null,
    carrierMessageId: event.carrierMessageId,
  });
}

async function applyStatus(
  m: Messaging,
  orgId: string,
  messageId: string,
  change: { status: "sent" | "delivered" | "failed"; failureReason: string | null; carrierMessageId: string | null },
): Promise<void> {
  await withTenant(m.db, orgId, async (tx) => {
    const row = await repo.advanceStatus(tx, orgId, messageId, { ...change, from: statusesBefore(change.status) });
    if (!row) return;
    const thread = await repo.findThread(tx, orgId, row.thread_id);
    if (thread) await announceMessage(tx, orgId, thread.team_id, row, "message.updated");
  });
}

// ---- Calls in threads (the calls module) -----------------------------------------------------

/**
 * A call as a message of the contact's thread (issue 12): the thread (created if missing, like
 * an unknown texter's) gets one message per call, written at the first change and updated in
 * place after; the thread's `voice` attribute follows the latest call. Announced like any text.
 */
export async function recordCallMessage(
  tx: Tx,
  orgId: string,
  input: {
    teamId: string;
    callId: string;
    contactPhone: string;
    teamPhone: string;
    direction: "inbound" | "outbound";
    authorId: string | null;
    call: MessageCall;
    voice: { time: string; status: string };
    /** The caller left something for the team to act on (a callback request, a voicemail): the thread is marked unread. */
    unread?: boolean;
  },
): Promise<{ threadId: string; messageId: string }> {
  const { row: thread, created: threadCreated } = await repo.ensureThread(tx, orgId, input.teamId, input.contactPhone);
  const inbound = input.direction === "inbound";
  const { row, created } = await repo.upsertCallMessage(tx, {
    orgId,
    threadId: thread.id,
    callId: input.callId,
    direction: input.direction,
    from: inbound ? input.contactPhone : input.teamPhone,
    to: inbound ? input.teamPhone : input.contactPhone,
    call: JSON.stringify(input.call),
    authorId: input.authorId,
  });
  await repo.setThreadVoice(tx, orgId, thread.id, JSON.stringify(input.voice), created ? row.id : null);
  if (inbound && input.unread) await repo.updateThread(tx, orgId, thread.id, { state: "active", has_notification: true }, true);
  else if (created && inbound && thread.state === "inactive") await repo.updateThread(tx, orgId, thread.id, { state: "active" }, false);
  await announceMessage(tx, orgId, input.teamId, row, created ? "message.created" : "message.updated", []);
  await announceThread(tx, orgId, thread.id, threadCreated ? "thread.created" : "thread.updated");
  return { threadId: thread.id, messageId: row.id };
}

// ---- Emails in threads (the email module) ----------------------------------------------------

/**
 * An email as a message of its contact's thread (issue 14 §2): the thread named, or the
 * contact's by number (created if missing, like an unknown texter's). An inbound email marks the
 * thread unread and active; both are announced like a text.
 */
export async function recordEmailMessage(
  tx: Tx,
  orgId: string,
  input: {
    teamId: string;
    thread: { id: string } | { contactPhone: string };
    direction: "inbound" | "outbound";
    from: string;
    to: string;
    body: string;
    email: MessageEmail;
    authorId: string | null;
    idempotencyKey: string | null;
  },
): Promise<{ threadId: string; message: Message }> {
  const found =
    "id" in input.thread
      ? { row: await repo.findThread(tx, orgId, input.thread.id, true), created: false }
      : await repo.ensureThread(tx, orgId, input.teamId, input.thread.contactPhone);
  if (!found.row) throw notFound();
  const thread = found.row;
  const inbound = input.direction === "inbound";
  const row = await insertEmailMessage(tx, {
    orgId,
    threadId: thread.id,
    direction: input.direction,
    from: input.from,
    to: input.to,
    body: input.body,
    status: inbound ? "delivered" : "sending",
    idempotencyKey: input.idempotencyKey,
    authorId: input.authorId,
    email: JSON.stringify(input.email),
  });
  const patch: repo.ThreadPatch = inbound
    ? { state: "active", has_notification: true, last_message_id: row.id }
    : { last_message_id: row.id };
  await repo.updateThread(tx, orgId, thread.id, patch, true);
  const message = await announceMessage(tx, orgId, thread.team_id, row, "message.created", []);
  await announceThread(tx, orgId, thread.id, found.created ? "thread.created" : "thread.updated", { row, media: [] });
  return { threadId: thread.id, message };
}

/**
 * The outcome of an outbound email's send (the email module's job): `sent` once the mail server
 * accepted it, or `failed` with the reason and what the thread shows of it (`email.failure`).
 * Moves only forward like a text's status, and announces message.updated; a repeated outcome
 * changes nothing and answers null.
 */
export async function settleEmailMessage(
  tx: Tx,
  orgId: string,
  messageId: string,
  outcome: { status: "sent" } | { status: "failed"; failureReason: string; email: MessageEmail },
): Promise<Message | null> {
  const failed = outcome.status === "failed";
  let row = await repo.advanceStatus(tx, orgId, messageId, {
    status: outcome.status,
    from: statusesBefore(outcome.status),
    failureReason: failed ? outcome.failureReason : null,
    carrierMessageId: null,
  });
  if (!row) return null;
  if (failed) row = (await setMessageEmail(tx, orgId, messageId, JSON.stringify(outcome.email))) ?? row;
  const thread = await repo.findThread(tx, orgId, row.thread_id);
  return thread ? announceMessage(tx, orgId, thread.team_id, row, "message.updated", []) : null;
}
