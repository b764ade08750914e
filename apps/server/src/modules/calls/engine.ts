import { randomUUID } from "node:crypto";
import { callStatusCode, queueGroupOf, type CallView } from "@relais/shared";
import { withTenant, type Tx } from "../../db/database.ts";
import { addJob } from "../../platform/jobs/jobs.ts";
import { recordEvent } from "../../platform/realtime/record-event.ts";
import { replyToMissedCall, textCallbackRequest } from "../automatic-texts/index.ts";
import { recordCallMessage } from "../messaging/index.ts";
import { deskPhonesOf } from "../sips/index.ts";
import type { CarrierCall } from "./carrier.ts";
import type { Call, CallCommand, CallEvent, OfferStatus, Transition } from "./model.ts";
import { messageCallOf, presentCall, presentOffer, presentTransferOffer } from "./presenter.ts";
import { presentQueued } from "./queue-rules.ts";
import { apply } from "./reducer.ts";
import * as repo from "./repo.ts";
import type { CallsDeps } from "./calls-deps.ts";

/**
 * The service flow of every call change (decision 0020): load the call FOR UPDATE → apply →
 * write the call, its offers and the event row (a key seen before = a duplicate = nothing) →
 * record the real-time events and the thread message → after the commit, carry out the commands.
 */

export const CALL_TIMER_TASK = "call-timer";
export const CALL_OFFER_ACK_TASK = "call-offer-ack";

export type Changed = { row: repo.CallRow; call: Call; transition: Transition; duplicate: boolean };

/** Work to do once the transaction committed, in order. */
type After = (() => Promise<void>)[];

export function carrierCallOf(row: repo.CallRow): CarrierCall {
  return {
    id: row.id,
    organizationId: row.organization_id,
    teamId: row.team_id,
    direction: row.direction === "outbound" ? "outbound" : "inbound",
    remoteNumber: row.remote_number,
    teamNumber: row.team_number,
    carrierCallSid: row.carrier_call_sid,
    room: row.room,
  };
}

export const modelOf = (row: repo.CallRow) => row.model as Call;

/**
 * One change of one call. `within` runs in the same transaction once the event is applied (and
 * only when it was not refused): a claim switching the person's team rides on it. The event may
 * be made from the locked row (null: nothing to do), when what it says depends on the call now.
 */
export async function change(
  deps: CallsDeps,
  orgId: string,
  callId: string,
  eventOrMaker: CallEvent | ((tx: Tx, row: repo.CallRow) => Promise<CallEvent | null>),
  within?: (tx: Tx, changed: Changed) => Promise<void>,
): Promise<Changed | null> {
  const after: After = [];
  const result = await withTenant(deps.db, orgId, async (tx) => {
    const row = await repo.findCall(tx, orgId, callId, true);
    if (!row) return null;
    const event = typeof eventOrMaker === "function" ? await eventOrMaker(tx, row) : eventOrMaker;
    if (!event) return null;
    const before = modelOf(row);
    const transition = apply(before, event);
    if (transition.refusal) return { row, call: before, transition, duplicate: false };
    if (!(await repo.insertEvent(tx, orgId, callId, event, transition.call.version))) {
      return { row, call: before, transition: { call: before, commands: [], refusal: null }, duplicate: true };
    }
    const offered = await offerWithin(deps, tx, orgId, transition);
    const changed = { row, call: offered.call, transition: offered, duplicate: false };
    await persist(deps, tx, orgId, row, before, offered, after);
    if (within) await within(tx, changed);
    return changed;
  });
  await runAfter(deps, after);
  return result;
}

/** A call that did not exist: written with its first event, then its commands carried out. */
export async function create(
  deps: CallsDeps,
  orgId: string,
  transition: Transition,
  extra: { carrier: string; carrierCallSid: string | null; teamNumber: string | null; contactId: string | null; key: string },
): Promise<repo.CallRow | null> {
  const after: After = [];
  const row = await withTenant(deps.db, orgId, async (tx) => {
    // The new row is this transaction's own until the commit: no lock to take.
    const inserted = await repo.insertCall(tx, orgId, transition.call, extra);
    if (!inserted) return null;
    await repo.insertEvent(
      tx,
      orgId,
      transition.call.id,
      { type: transition.call.direction === "inbound" ? "call.inbound" : "call.outbound", key: extra.key, at: transition.call.startedAt },
      transition.call.version,
    );
    const empty: Call = { ...transition.call, version: 0, offers: [] };
    await persist(deps, tx, orgId, inserted, empty, await offerWithin(deps, tx, orgId, transition), after);
    return inserted;
  });
  await runAfter(deps, after);
  return row;
}

async function runAfter(deps: CallsDeps, after: After): Promise<void> {
  for (const step of after) {
    try {
      await step();
    } catch (err) {
      deps.log.error({ err }, "a call command failed");
    }
  }
}

/** The reason a browser is told why an offer stopped ringing. */
function revokeReason(status: OfferStatus, call: Call): "taken" | "ended" | "timed-out" | "declined" | "rejected" {
  switch (status) {
    case "timed-out":
      return "timed-out";
    case "declined":
      return "declined";
    case "rejected":
    case "ignored":
      return "rejected";
    default:
      return call.owner ? "taken" : "ended";
  }
}

async function persist(
  deps: CallsDeps,
  tx: Tx,
  orgId: string,
  row: repo.CallRow,
  before: Call,
  t: Transition,
  after: After,
): Promise<void> {
  const call = t.call;
  const changed = call.version !== before.version;
  // The row holds the call as it was read or, after `create`, as it was just inserted: written only when this change moved it.
  if (call.version !== row.version) await repo.saveCall(tx, orgId, call);
  let ringUntil: Date | null = null;
  const ringUntilNow = async () => (ringUntil ??= new Date(Date.now() + (await repo.organizationOf(tx, orgId)).call_ring_seconds * 1000));
  // The row as it stands once the thread message is written (the only columns of it a view shows that this change may set).
  let current = row;
  let view: CallView | null = null;
  const viewNow = async () => (view ??= await presentCall(tx, orgId, current, call));

  // Offers: mirrored into call_offers; a new one rings the person, a closed one stops their tabs.
  const wasPending = new Set(before.offers.filter((o) => o.status === "pending").map((o) => `${o.userId}:${o.round}`));
  const rung = call.offers.filter((o) => o.status === "pending" && !wasPending.has(`${o.userId}:${o.round}`));
  // Only the offers a change touched are written: ten people rung cost one statement, an ack none.
  const was = new Map(before.offers.map((o) => [`${o.userId}:${o.round}`, o.status]));
  const moved = call.offers.filter((o) => was.get(`${o.userId}:${o.round}`) !== o.status);
  if (moved.length > 0) await repo.syncOffers(tx, orgId, call.id, moved, await ringUntilNow());
  if (changed && threadMessageChanged(row, before, call)) current = await writeThreadMessage(tx, orgId, row, call);
  for (const o of rung) {
    await recordEvent(tx, orgId, {
      type: "call.offer",
      userId: o.userId,
      payload: presentOffer(await viewNow(), { round: o.round, ringUntil: await ringUntilNow() }),
    });
  }
  for (const round of new Set(rung.map((o) => o.round))) {
    const userIds = rung.filter((o) => o.round === round).map((o) => o.userId);
    await addJob(tx, CALL_OFFER_ACK_TASK, { orgId, callId: call.id, round, userIds }, { runAt: new Date(Date.now() + deps.ackTimeoutMs) });
  }
  for (const o of call.offers) {
    if (o.status !== "pending" && o.status !== "accepted" && wasPending.has(`${o.userId}:${o.round}`)) {
      await recordEvent(tx, orgId, {
        type: "call.offer.revoked",
        userId: o.userId,
        payload: { callId: call.id, reason: revokeReason(o.status, call) },
      });
    }
  }
  if (changed) {
    const type = call.state === "ended" ? "call.ended" : "call.updated";
    await recordEvent(tx, orgId, { type, teamId: call.teamId, payload: await viewNow() });
    await recordQueueEvents(tx, orgId, row, before, call, viewNow);
    // Someone's call ended or was parked: they are free for their teams' waiting callers (issue 13 §1).
    const freed = before.owner?.kind === "user" && call.owner === null ? before.owner.userId : null;
    if (freed) after.push(() => offerWaitingCalls(deps, orgId, freed));
  }

  await ringDeskPhones(deps, tx, orgId, row, call, deskChanges(before, call, rung, wasPending), after);
  await recordTransferEvents(tx, orgId, before, call, viewNow);
  for (const command of t.commands) await plan(deps, tx, orgId, row, call, command, after);
}

/**
 * Whose desk phone a change rings and whose it stops: the people newly offered the call or its
 * transfer ('Transferred call'), and those whose offer closed (taken, declined, timed out, the
 * call or the transfer over). A transfer's offers live in the call's transfer, not in its offers.
 */
function deskChanges(before: Call, call: Call, rung: Call["offers"], wasPending: Set<string>): { ring: string[]; stop: string[] } {
  const ring = rung.map((o) => o.userId);
  const stop = call.offers.filter((o) => o.status !== "pending" && wasPending.has(`${o.userId}:${o.round}`)).map((o) => o.userId);
  const pendingOf = (t: Call["transfer"]) =>
    new Set(t ? t.offers.filter((o) => o.status === "pending").map((o) => `${t.id}:${o.userId}`) : []);
  const wasTransfer = pendingOf(before.transfer);
  const isTransfer = pendingOf(call.transfer);
  for (const o of call.transfer?.offers ?? []) {
    if (o.status === "pending" && !wasTransfer.has(`${call.transfer?.id}:${o.userId}`)) ring.push(o.userId);
  }
  for (const o of before.transfer?.offers ?? []) {
    if (o.status === "pending" && !isTransfer.has(`${before.transfer?.id}:${o.userId}`)) stop.push(o.userId);
  }
  // The desk phone that answered is not stopped by its own claim: the carrier keeps a phone that answered.
  return { ring, stop };
}

/**
 * Desk phones ring beside the browsers (issue 13 §4, decision 0041): each person newly offered
 * the call, or its transfer, who holds a desk phone has it rung by the carrier; each offer that
 * closed stops that person's desk phone. Answering on the desk phone is the same claim as the
 * browser's answer (answerFromDesk), so the first to answer wins.
 */
async function ringDeskPhones(
  deps: CallsDeps,
  tx: Tx,
  orgId: string,
  row: repo.CallRow,
  call: Call,
  changes: { ring: string[]; stop: string[] },
  after: After,
): Promise<void> {
  const target = carrierCallOf(row);
  const phones = changes.ring.length > 0 ? await deskPhonesOf(tx, orgId, changes.ring) : new Map<string, string>();
  for (const [userId, sipUri] of phones) {
    const command: CallCommand = { type: "desk.ring", userId, sipUri, ringSeconds: call.routing.ringSeconds };
    after.push(() => deps.carrier.execute(target, command));
  }
  for (const userId of changes.stop) {
    const command: CallCommand = { type: "desk.stop", userId };
    after.push(() => deps.carrier.execute(target, command));
  }
}

/**
 * A transfer's offers live in the call's transfer, not in call_offers (issue 13 §2): a target
 * newly rung gets `call.offer` ('Transferred call'), a target no longer rung gets
 * `call.offer.revoked`, and the person who transferred hears of it through `transfer.updated`.
 */
async function recordTransferEvents(tx: Tx, orgId: string, before: Call, call: Call, viewNow: () => Promise<CallView>): Promise<void> {
  const was = before.transfer;
  const now = call.transfer;
  const pendingOf = (t: Call["transfer"]) =>
    new Set(t ? t.offers.filter((o) => o.status === "pending").map((o) => `${t.id}:${o.userId}`) : []);
  const wasPending = pendingOf(was);
  const isPending = pendingOf(now);
  if (now) {
    const ringUntil = new Date(now.startedAt + call.routing.ringSeconds * 1000);
    for (const o of now.offers) {
      if (o.status !== "pending" || wasPending.has(`${now.id}:${o.userId}`)) continue;
      const offer = await presentTransferOffer(tx, orgId, await viewNow(), {
        teamId: o.teamId,
        fromTeamId: now.fromTeamId,
        round: call.ringRound,
        ringUntil,
      });
      await recordEvent(tx, orgId, { type: "call.offer", userId: o.userId, payload: offer });
    }
  }
  if (was) {
    for (const o of was.offers) {
      if (o.status !== "pending" || isPending.has(`${was.id}:${o.userId}`)) continue;
      const mine = now?.id === was.id ? now.offers.find((x) => x.userId === o.userId) : undefined;
      const reason =
        call.state === "ended"
          ? "ended"
          : mine?.status === "rejected"
            ? "rejected"
            : call.owner && call.owner.kind === "user" && call.owner.userId !== was.fromUserId
              ? "taken"
              : "timed-out";
      await recordEvent(tx, orgId, { type: "call.offer.revoked", userId: o.userId, payload: { callId: call.id, reason } });
    }
  }
  if (now && now.id !== was?.id) {
    await recordEvent(tx, orgId, {
      type: "transfer.updated",
      userId: now.fromUserId,
      payload: { callId: call.id, transferId: now.id, status: "ringing" },
    });
  }
  if (was && now?.id !== was.id) {
    const accepted = call.state !== "ended" && !(call.owner?.kind === "user" && call.owner.userId === was.fromUserId);
    await recordEvent(tx, orgId, {
      type: "transfer.updated",
      userId: was.fromUserId,
      payload: { callId: call.id, transferId: was.id, status: accepted ? "accepted" : "failed" },
    });
  }
}

/** The queue view's events (issue 13 §1): the call as the view shows it, or its removal when it left the view (or its team). */
async function recordQueueEvents(
  tx: Tx,
  orgId: string,
  row: repo.CallRow,
  before: Call,
  call: Call,
  viewNow: () => Promise<CallView>,
): Promise<void> {
  const wasShown = queueGroupOf(before.state) !== null && before.version > 0;
  if (wasShown && before.teamId !== call.teamId) {
    await recordEvent(tx, orgId, { type: "queue.removed", teamId: before.teamId, payload: { id: call.id, teamId: before.teamId } });
  }
  const queued = presentQueued(await viewNow(), call, row.carrier_call_sid, Date.now());
  if (queued) await recordEvent(tx, orgId, { type: "queue.updated", teamId: call.teamId, payload: queued });
  else if (wasShown && before.teamId === call.teamId) {
    await recordEvent(tx, orgId, { type: "queue.removed", teamId: call.teamId, payload: { id: call.id, teamId: call.teamId } });
  }
}

/** A person just freed (their call ended or was parked): the calls waiting for their teams are offered again, oldest first. */
async function offerWaitingCalls(deps: CallsDeps, orgId: string, userId: string): Promise<void> {
  const waiting = await withTenant(deps.db, orgId, async (tx) => repo.waitingCallsOf(tx, orgId, await repo.teamIdsOf(tx, orgId, userId)));
  for (const callId of waiting) await offerToStaff(deps, orgId, callId);
}

/**
 * The thread's call message shows the call's direction, state, duration and end status; a change
 * that moves none of them (an offer sent, declined or acked) leaves the message and the thread
 * alone, so ringing ten people does not rewrite and re-announce the thread ten times.
 */
function threadMessageChanged(row: repo.CallRow, before: Call, call: Call): boolean {
  if (!row.thread_id) return true;
  const shown = (c: Call) => JSON.stringify([messageCallOf(c), callStatusCode(c.state, c.held, c.endStatus)]);
  return shown(before) !== shown(call);
}

/** The call's message in its contact's thread (not for hidden or emergency numbers); answers the row with its thread and message. */
async function writeThreadMessage(tx: Tx, orgId: string, row: repo.CallRow, call: Call): Promise<repo.CallRow> {
  if (call.anonymous || call.emergency || !row.team_number) return row;
  const written = await recordCallMessage(tx, orgId, {
    teamId: call.teamId,
    callId: call.id,
    contactPhone: call.remoteNumber,
    teamPhone: row.team_number,
    direction: call.direction,
    authorId: call.direction === "outbound" && call.owner?.kind === "user" ? call.owner.userId : null,
    call: messageCallOf(call),
    voice: { time: new Date(call.startedAt).toISOString(), status: callStatusCode(call.state, call.held, call.endStatus) },
    // Something for the team to act on (issue 13 §3): the thread is marked unread.
    unread: call.state === "ended" && (call.callbackRequested || call.voicemail !== null),
  });
  if (row.thread_id !== written.threadId || row.message_id !== written.messageId) {
    await repo.setCallThread(tx, orgId, call.id, written.threadId, written.messageId);
  }
  return { ...row, thread_id: written.threadId, message_id: written.messageId };
}

/** One command: jobs are added in the transaction; everything that leaves the database waits for the commit. */
async function plan(deps: CallsDeps, tx: Tx, orgId: string, row: repo.CallRow, call: Call, command: CallCommand, after: After) {
  switch (command.type) {
    case "timer.schedule": {
      const t = command.timer;
      await addJob(
        tx,
        CALL_TIMER_TASK,
        { orgId, callId: call.id, timer: t },
        { runAt: new Date(command.dueAt), jobKey: `call-timer:${call.id}:${t.kind}` },
      );
      return;
    }
    case "offers.request":
      after.push(() => offerToStaff(deps, orgId, call.id));
      return;
    case "offers.send":
    case "offers.revoke":
      // Written from the offers themselves (persist), so a decline the reducer makes without a command still reaches the tabs.
      return;
    case "missed-call.text":
      after.push(async () => void (await replyToMissedCall(deps.messaging, orgId, call.teamId, call.remoteNumber)));
      return;
    case "callback.request": {
      // Key 1 (issue 13 §3): the text from the team's number; the carrier meanwhile tells the caller and hangs up.
      const target = carrierCallOf(row);
      after.push(
        async () =>
          void (await textCallbackRequest(deps.messaging, orgId, {
            teamId: call.teamId,
            teamPhone: row.team_number,
            contactPhone: call.remoteNumber,
            callId: call.id,
          })),
      );
      after.push(() => deps.carrier.execute(target, command));
      return;
    }
    default: {
      const target = carrierCallOf(row);
      after.push(() => deps.carrier.execute(target, command));
    }
  }
}

/**
 * offers.request: who may take the call now (repo.eligibleStaff: team member, incoming calls
 * on, online, a live tab, not on a call) — nobody while the organisation's web calls are off.
 * The reducer decides what an empty list means (the missed path at once, issue 12 §4).
 */
export async function offerToStaff(deps: CallsDeps, orgId: string, callId: string): Promise<void> {
  // Who may ring is read under the call's lock, in the same transaction as the offers it makes.
  await change(deps, orgId, callId, async (tx, row) => (row.state === "ended" ? null : offersFor(deps, tx, orgId, modelOf(row))));
}

async function offersFor(deps: CallsDeps, tx: Tx, orgId: string, call: Call): Promise<CallEvent> {
  const org = await repo.organizationOf(tx, orgId);
  const users = webCallsEnabled(org.options) ? await repo.eligibleStaff(tx, orgId, call.teamId, call.id, deps.presenceTtlMs) : [];
  return {
    type: "offer.sent",
    key: `offer.sent:${randomUUID()}`,
    at: Date.now(),
    offers: users.map((userId) => ({ userId, teamId: call.teamId })),
  };
}

/**
 * offers.request carried out inside the change that asks for it (decision 0049), under the lock
 * it holds: the caller entering the queue (or an emergency call starting) rings the staff in the
 * same commit, instead of a transaction of its own after it — a third fewer statements before a
 * receptionist's browser rings. The offer's own event is written and applied as `change` would.
 */
async function offerWithin(deps: CallsDeps, tx: Tx, orgId: string, t: Transition): Promise<Transition> {
  if (t.refusal || t.call.state === "ended" || !t.commands.some((c) => c.type === "offers.request")) return t;
  const event = await offersFor(deps, tx, orgId, t.call);
  const next = apply(t.call, event);
  if (next.refusal) return t;
  await repo.insertEvent(tx, orgId, t.call.id, event, next.call.version);
  return { call: next.call, commands: [...t.commands.filter((c) => c.type !== "offers.request"), ...next.commands], refusal: null };
}

/** PUT organizations options.twilio.webCallsEnabled: browser calls on or off for the whole organisation. */
export function webCallsEnabled(options: unknown): boolean {
  const o = options as { twilio?: { webCallsEnabled?: unknown } } | null;
  return o?.twilio?.webCallsEnabled === true;
}
