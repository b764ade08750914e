import { randomUUID } from "node:crypto";
import {
  canCallOut,
  canTransferToExtensions,
  groupQueue,
  isAnonymousNumber,
  isEmergencyNumber,
  RING_TIME_DEFAULT_SECONDS,
  QUEUE_MAX_WAIT_DEFAULT_SECONDS,
  typedPhoneToE164,
  weekSchedule,
  defaultWeekSchedule,
  type CallOffersResponse,
  type CallPeriod,
  type CallView,
  type OutboundCallRequest,
  type QueueGroup,
  type QueueViewResponse,
  type TransferAvailability,
  type TransferRequest,
  type VoiceToken,
} from "@relais/shared";
import { withTenant, type Tx } from "../../db/database.ts";
import { recordEvent } from "../../platform/realtime/record-event.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { AppError, badRequest, conflict, notFound } from "../../platform/errors.ts";
import { tierPermissions } from "../organizations/index.ts";
import { contactsByPhones } from "../contacts/index.ts";
import { clinicNumberOwner } from "../messaging/index.ts";
import { greetingForPeriod, transferExtension, voicemailAudio, type OpenedAudio } from "../voice-settings/index.ts";
import {
  clientIdentity,
  type CarrierCall,
  type CarrierEventRef,
  type Greeting,
  type InboundCallAnswer,
  type InboundCallReport,
} from "./carrier.ts";
import { carrierCallOf, change, create, modelOf, webCallsEnabled } from "./engine.ts";
import type { CallRouting, CarrierEvent, StaffEvent, Transition } from "./model.ts";
import { periodAt } from "./period.ts";
import { presentCall, presentOffer, presentTransferOffer } from "./presenter.ts";
import { lowestFreeParkNo, presentQueued, queueOn } from "./queue-rules.ts";
import { startInbound, startOutbound } from "./reducer.ts";
import * as repo from "./repo.ts";
import { callsDeps, type CallsDeps } from "./calls-deps.ts";

/** The browser phone's rules (issue 12): who may do what with a call, and the carriers' way in. */

/**
 * What a call is routed with, frozen on it: the queue when the organisation and the team have it
 * (queue-rules.ts, issue 13 §1), waiting at most the spec's 600 s. A call that waits in the queue
 * has the voicemail (decision 0039): key 0 and the maximum wait lead to it; without the queue the
 * missed path ends the call, as before.
 */
function routingOf(ringSeconds: number, queue = false): CallRouting {
  return {
    queue,
    voicemail: queue,
    ringSeconds: ringSeconds || RING_TIME_DEFAULT_SECONDS,
    maxWaitSeconds: QUEUE_MAX_WAIT_DEFAULT_SECONDS,
    maxRingRounds: null,
  };
}

function teamWeek(schedule: unknown) {
  const parsed = weekSchedule.safeParse((schedule as { week?: unknown } | null)?.week);
  return parsed.success ? parsed.data : defaultWeekSchedule();
}

// ---- The carriers' way in (index.ts) ----

/** The team's period at `at`: its week with breaks, the organisation's vacation and time zone. */
async function teamPeriod(tx: Tx, orgId: string, teamId: string, at: number): Promise<CallPeriod> {
  const team = await repo.teamOf(tx, orgId, teamId);
  const org = await repo.organizationOf(tx, orgId);
  const vacation = org.vacation_start && org.vacation_end ? { start: org.vacation_start, end: org.vacation_end } : null;
  return periodAt(teamWeek(team?.schedule), new Date(at), org.timezone, vacation);
}

/** A call a replayed (or raced) report already started, answered as the first report was. */
async function known(deps: CallsDeps, sid: string): Promise<InboundCallAnswer> {
  const owner = await repo.unsafeFindCallOwner(deps.db, sid);
  if (!owner) return null;
  const orgId = owner.organization_id;
  return withTenant(deps.db, orgId, async (tx) => {
    const row = await repo.findCall(tx, orgId, owner.call_id);
    if (!row) return null;
    const call = modelOf(row);
    return { callId: row.id, state: call.state, period: await teamPeriod(tx, orgId, call.teamId, call.startedAt) };
  });
}

export async function receiveInbound(deps: CallsDeps, report: InboundCallReport): Promise<InboundCallAnswer> {
  const to = typedPhoneToE164(report.to);
  if (!to) return null;
  const owner = await clinicNumberOwner(deps.messaging, to);
  if (!owner) return null;
  const { orgId, teamId } = owner;
  // A webhook replayed: the call it started already exists.
  const replayed = await known(deps, report.carrierCallSid);
  if (replayed) return replayed;
  const setup = await withTenant(deps.db, orgId, async (tx) => {
    const team = await repo.teamOf(tx, orgId, teamId);
    const org = await repo.organizationOf(tx, orgId);
    const period = await teamPeriod(tx, orgId, teamId, report.at);
    const from = typedPhoneToE164(report.from) ?? report.from.trim();
    const contact = isAnonymousNumber(from) ? null : ((await contactsByPhones(tx, orgId, [from])).get(from) ?? null);
    const queue = queueOn({ callQueueEnabled: org.call_queue_enabled, options: org.options, teamSettings: team?.settings ?? null });
    return {
      period,
      ringSeconds: org.call_ring_seconds,
      queue,
      from,
      contactId: contact?.id ?? null,
      teamNumber: team?.phone_number ?? to,
    };
  });
  const key = `${report.carrier}:${report.carrierCallSid}:start`;
  const transition = startInbound({
    id: randomUUID(),
    key,
    at: report.at,
    teamId,
    from: setup.from,
    period: setup.period,
    routing: routingOf(setup.ringSeconds, setup.queue),
  });
  const row = await create(deps, orgId, transition, {
    carrier: report.carrier,
    carrierCallSid: report.carrierCallSid,
    teamNumber: setup.teamNumber,
    contactId: setup.contactId,
    key,
  });
  // Two deliveries of one webhook raced: the other created it.
  if (!row) return known(deps, report.carrierCallSid);
  return { callId: row.id, state: transition.call.state, period: setup.period };
}

export async function applyEvent(deps: CallsDeps, ref: CarrierEventRef, event: CarrierEvent): Promise<void> {
  if ("carrierCallSid" in ref) {
    const owner = await repo.unsafeFindCallOwner(deps.db, ref.carrierCallSid);
    if (!owner) return;
    await change(deps, owner.organization_id, owner.call_id, event);
    return;
  }
  const owner = await repo.unsafeFindCallById(deps.db, ref.callId);
  if (owner) await change(deps, owner, ref.callId, event);
}

/** The call a browser leg may join (Twilio's `device.connect`): the person holds it and it is not over. */
export async function callForStaffLeg(
  deps: CallsDeps,
  leg: { callId: string; userId: string },
): Promise<(CarrierCall & { emergency: boolean }) | null> {
  const orgId = await repo.unsafeFindCallById(deps.db, leg.callId);
  if (!orgId) return null;
  return withTenant(deps.db, orgId, async (tx) => {
    const row = await repo.findCall(tx, orgId, leg.callId);
    if (!row || row.state === "ended" || row.owner_user_id !== leg.userId) return null;
    return { ...carrierCallOf(row), emergency: row.emergency };
  });
}

/**
 * A desk phone rung for this person answered (decision 0041): the same claim as the browser's
 * answer, under the call's row lock, so the first to answer — browser or desk phone, this person
 * or another — wins. The call to put the desk phone into, or null when the claim was lost (or
 * the offer already closed) and the phone is hung up. A replayed webhook is the same key: a
 * duplicate that answers the call again.
 */
export async function answerFromDesk(deps: CallsDeps, leg: { callId: string; userId: string }): Promise<CarrierCall | null> {
  const orgId = await repo.unsafeFindCallById(deps.db, leg.callId);
  if (!orgId) return null;
  // Read under the call's lock: a transfer ringing this person is taken (issue 13 §2), else the call.
  const event = async (_tx: Tx, row: repo.CallRow): Promise<StaffEvent> => {
    const key = `desk:answer:${leg.callId}:${leg.userId}`;
    const offer = transferOfferOf(row, leg.userId);
    if (offer) return { type: "transfer.accept", key, at: Date.now(), userId: leg.userId, transferId: offer.transferId };
    return { type: "staff.answer", key, at: Date.now(), userId: leg.userId };
  };
  // The person's browsers stop ringing quietly: they answered, on the desk phone.
  const changed = await change(deps, orgId, leg.callId, event, async (tx) => {
    await recordEvent(tx, orgId, { type: "call.offer.revoked", userId: leg.userId, payload: { callId: leg.callId, reason: "desk" } });
  });
  if (!changed || changed.transition.refusal) return null;
  const owner = changed.call.owner;
  if (owner?.kind !== "user" || owner.userId !== leg.userId) return null;
  return carrierCallOf(changed.row);
}

/** A call's greeting asked for by its id (a webhook), or by the call the carrier already holds (`known`: no lookup). */
export type GreetingRequest = { callId: string; period: CallPeriod; known?: { organizationId: string; teamId: string } };

/**
 * The team's greeting for the period (VOICE.md §3 `greetings`, read through the voice-settings
 * module): the call's team's enabled greeting, else the organisation's enabled default, else null
 * and the carrier speaks the catalogue's default for the period.
 */
export async function greetingOf(call: GreetingRequest, deps: CallsDeps = callsDeps()): Promise<Greeting | null> {
  if (call.known) {
    const { organizationId, teamId } = call.known;
    return withTenant(deps.db, organizationId, (tx) => greetingForPeriod(tx, organizationId, teamId, call.period));
  }
  const orgId = await repo.unsafeFindCallById(deps.db, call.callId);
  if (!orgId) return null;
  return withTenant(deps.db, orgId, async (tx) => {
    const row = await repo.findCall(tx, orgId, call.callId);
    return row ? greetingForPeriod(tx, orgId, row.team_id, call.period) : null;
  });
}

// ---- Staff ----

/** Every call route refuses while the organisation's browser calls are off. */
async function requireWebCalls(tx: Tx, ctx: Ctx): Promise<void> {
  const org = await repo.organizationOf(tx, ctx.orgId);
  if (!webCallsEnabled(org.options)) throw new AppError("error.web-calls-disabled", 403);
}

/** A call of a team the caller belongs to; 404 otherwise (another organisation's included). */
async function visibleCall(tx: Tx, ctx: Ctx, callId: string): Promise<repo.CallRow> {
  const row = await repo.findCall(tx, ctx.orgId, callId);
  if (!row || !ctx.teams.some((t) => t.id === row.team_id)) throw notFound();
  return row;
}

async function view(deps: CallsDeps, ctx: Ctx, callId: string): Promise<CallView> {
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    const row = await visibleCall(tx, ctx, callId);
    return presentCall(tx, ctx.orgId, row, modelOf(row));
  });
}

export function getCall(deps: CallsDeps, ctx: Ctx, callId: string): Promise<CallView> {
  return view(deps, ctx, callId);
}

/**
 * GET voice/v1/calls/{id}/voicemail (issue 13 §3): the call's voicemail audio, for members of
 * the call's team; a call of another team or organisation, or one without a voicemail, is not found.
 */
export async function voicemailOf(deps: CallsDeps, ctx: Ctx, callId: string): Promise<OpenedAudio> {
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    const row = await visibleCall(tx, ctx, callId);
    if (!modelOf(row).voicemail) throw notFound();
    return voicemailAudio(tx, ctx.orgId, row.id);
  });
}

export async function getCallBySid(deps: CallsDeps, ctx: Ctx, sid: string): Promise<CallView> {
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    const row = await repo.findCallBySid(tx, ctx.orgId, sid);
    if (!row || !ctx.teams.some((t) => t.id === row.team_id)) throw notFound();
    return presentCall(tx, ctx.orgId, row, modelOf(row));
  });
}

export async function listOffers(deps: CallsDeps, ctx: Ctx): Promise<CallOffersResponse> {
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    const pending = await repo.pendingOffersOf(tx, ctx.orgId, ctx.userId);
    const offers = [];
    for (const o of pending) {
      const row = await repo.findCall(tx, ctx.orgId, o.call_id);
      if (!row || row.state !== "ringing") continue;
      offers.push(presentOffer(await presentCall(tx, ctx.orgId, row, modelOf(row)), { round: o.round, ringUntil: o.ring_until }));
    }
    // Transfers ringing this person (issue 13 §2): their offers are in the call's transfer.
    for (const callId of await repo.transferOffersOf(tx, ctx.orgId, ctx.userId)) {
      const row = await repo.findCall(tx, ctx.orgId, callId);
      const call = row ? modelOf(row) : null;
      const mine = call?.transfer?.offers.find((o) => o.userId === ctx.userId && o.status === "pending");
      if (!row || !call?.transfer || !mine) continue;
      const ringUntil = new Date(call.transfer.startedAt + call.routing.ringSeconds * 1000);
      const view = await presentCall(tx, ctx.orgId, row, call);
      offers.push(
        await presentTransferOffer(tx, ctx.orgId, view, {
          teamId: mine.teamId,
          fromTeamId: call.transfer.fromTeamId,
          round: call.ringRound,
          ringUntil,
        }),
      );
    }
    return { offers, serverNow: new Date().toISOString() };
  });
}

/** The reducer's refusal as the catalogue error the person sees. */
async function refusalError(deps: CallsDeps, ctx: Ctx, t: Transition): Promise<AppError> {
  const refusal = t.refusal;
  if (!refusal) return new AppError("error.unknown", 500);
  switch (refusal.reason) {
    case "taken": {
      const ownerId = refusal.by?.kind === "user" ? refusal.by.userId : null;
      const names = ownerId
        ? await withTenant(deps.db, ctx.orgId, (tx) => repo.userNames(tx, ctx.orgId, [ownerId]))
        : new Map<string, string>();
      return conflict("error.call-taken", { name: (ownerId && names.get(ownerId)) || "?" });
    }
    case "ended":
      return conflict("error.call-ended");
    case "not-owner":
      return conflict("error.call-not-owner");
    case "held":
      return conflict("error.call-held");
    case "not-offered":
    case "wrong-state":
      return conflict("error.call-not-offered");
    case "not-accepted":
      return conflict("error.call-not-accepted");
    case "emergency":
    case "no-target":
      return conflict("error.transfer-call");
    default:
      return conflict("error.call-not-active");
  }
}

async function staffChange(
  deps: CallsDeps,
  ctx: Ctx,
  callId: string,
  /** The event, or its maker run under the call's row lock (a park number, a check that needs the call now). */
  eventOrMaker: StaffEvent | ((tx: Tx, row: repo.CallRow) => Promise<StaffEvent>),
  within?: (tx: Tx, call: repo.CallRow) => Promise<void>,
): Promise<CallView> {
  await withTenant(deps.db, ctx.orgId, async (tx) => {
    await requireWebCalls(tx, ctx);
    await visibleCall(tx, ctx, callId);
  });
  let type: StaffEvent["type"] | null = typeof eventOrMaker === "function" ? null : eventOrMaker.type;
  const maker = async (tx: Tx, row: repo.CallRow): Promise<StaffEvent> => {
    const event = typeof eventOrMaker === "function" ? await eventOrMaker(tx, row) : eventOrMaker;
    type = event.type;
    return event;
  };
  const changed = await change(deps, ctx.orgId, callId, maker, within ? (tx, c) => within(tx, c.row) : undefined);
  if (!changed) throw notFound();
  const refusal = changed.transition.refusal;
  // Hold, resume and park need a connected call: "not offered" would answer a question nobody asked.
  if (refusal?.reason === "wrong-state" && (type === "staff.hold" || type === "staff.resume" || type === "staff.park")) {
    throw conflict("error.call-not-active");
  }
  if (refusal) throw await refusalError(deps, ctx, changed.transition);
  return view(deps, ctx, callId);
}

const staffKey = (what: string) => `staff:${what}:${randomUUID()}`;

/** Answer: a claim under the call's row lock; the winner's current team becomes the call's ('for team'). */
export function answer(deps: CallsDeps, ctx: Ctx, callId: string): Promise<CallView> {
  let teamId: string | null = null;
  return staffChange(
    deps,
    ctx,
    callId,
    async (_tx, row) => {
      const offer = transferOfferOf(row, ctx.userId);
      teamId = offer?.teamId ?? row.team_id;
      // A transfer ringing this person (issue 13 §2): answering takes it, the same claim.
      if (offer) {
        return {
          type: "transfer.accept",
          key: staffKey("transfer-accept"),
          at: Date.now(),
          userId: ctx.userId,
          transferId: offer.transferId,
        };
      }
      return { type: "staff.answer", key: staffKey("answer"), at: Date.now(), userId: ctx.userId };
    },
    async (tx, row) => {
      await repo.setCurrentTeam(tx, ctx.orgId, ctx.sessionId, teamId ?? row.team_id);
    },
  );
}

/** The transfer of this call ringing this person, if any. */
function transferOfferOf(row: repo.CallRow, userId: string): { transferId: string; teamId: string } | null {
  const transfer = modelOf(row).transfer;
  const offer = transfer?.offers.find((o) => o.userId === userId && o.status === "pending");
  return transfer && offer ? { transferId: transfer.id, teamId: offer.teamId } : null;
}

/** Declining a transfer ringing this person refuses it; the last refusal sends the call back, held. */
function rejectEvent(row: repo.CallRow, userId: string, type: "staff.reject" | "staff.rejectAll", what: string): StaffEvent {
  const offer = transferOfferOf(row, userId);
  if (offer) return { type: "transfer.refuse", key: staffKey("transfer-refuse"), at: Date.now(), userId, transferId: offer.transferId };
  return { type, key: staffKey(what), at: Date.now(), userId };
}

export function reject(deps: CallsDeps, ctx: Ctx, callId: string): Promise<CallView> {
  return staffChange(deps, ctx, callId, async (_tx, row) => rejectEvent(row, ctx.userId, "staff.reject", "reject"));
}

/** Spec 'ignore': every offer ringing for this person is declined, the named call first. */
export async function rejectAll(deps: CallsDeps, ctx: Ctx, callId: string): Promise<CallView> {
  const shown = await staffChange(deps, ctx, callId, async (_tx, row) => rejectEvent(row, ctx.userId, "staff.rejectAll", "reject-all"));
  const pending = await withTenant(deps.db, ctx.orgId, (tx) => repo.pendingOffersOf(tx, ctx.orgId, ctx.userId));
  for (const o of pending) {
    await change(deps, ctx.orgId, o.call_id, { type: "staff.rejectAll", key: staffKey("reject-all"), at: Date.now(), userId: ctx.userId });
  }
  return pending.length ? view(deps, ctx, callId) : shown;
}

export function hangup(deps: CallsDeps, ctx: Ctx, callId: string): Promise<CallView> {
  return staffChange(deps, ctx, callId, { type: "staff.hangup", key: staffKey("hangup"), at: Date.now(), userId: ctx.userId });
}

/** Hold: the caller hears hold music and cannot be hung up on until resumed (spec part 1 §4). */
export function hold(deps: CallsDeps, ctx: Ctx, callId: string): Promise<CallView> {
  return staffChange(deps, ctx, callId, { type: "staff.hold", key: staffKey("hold"), at: Date.now(), userId: ctx.userId });
}

export function resume(deps: CallsDeps, ctx: Ctx, callId: string): Promise<CallView> {
  return staffChange(deps, ctx, callId, { type: "staff.resume", key: staffKey("resume"), at: Date.now(), userId: ctx.userId });
}

/** Dialpad keys, sent to the far end as DTMF by the call's carrier. */
export async function sendDigits(deps: CallsDeps, ctx: Ctx, callId: string, digits: string): Promise<CallView> {
  const row = await withTenant(deps.db, ctx.orgId, async (tx) => {
    await requireWebCalls(tx, ctx);
    return visibleCall(tx, ctx, callId);
  });
  const call = modelOf(row);
  if (call.state === "ended") throw conflict("error.call-ended");
  if (call.owner?.kind !== "user" || call.owner.userId !== ctx.userId) throw conflict("error.call-not-owner");
  if (call.state !== "active" && call.state !== "connecting") throw conflict("error.call-not-active");
  await deps.carrier.execute(carrierCallOf(row), { type: "digits.send", digits });
  return view(deps, ctx, callId);
}

// ---- Transfer (issue 13 §2) ----

/** No call yet: the availability list asks who is free for any call. */
const NO_CALL = "00000000-0000-0000-0000-000000000000";

/** Who of the team may be rung for a transfer now: the routing's offerable people, the one asking excluded. */
async function offerable(deps: CallsDeps, tx: Tx, orgId: string, teamId: string, callId: string, exclude: string): Promise<string[]> {
  const org = await repo.organizationOf(tx, orgId);
  if (!webCallsEnabled(org.options)) return [];
  return (await repo.eligibleStaff(tx, orgId, teamId, callId, deps.presenceTtlMs)).filter((id) => id !== exclude);
}

/** GET voice/v1/calls/availability: the organisation's teams open now with at least one person offerable, and those people. */
export async function availability(deps: CallsDeps, ctx: Ctx): Promise<TransferAvailability> {
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    await requireWebCalls(tx, ctx);
    const now = Date.now();
    const teams = [];
    for (const team of await repo.organizationTeams(tx, ctx.orgId)) {
      if ((await teamPeriod(tx, ctx.orgId, team.id, now)) !== "OPEN") continue;
      const ids = await offerable(deps, tx, ctx.orgId, team.id, NO_CALL, ctx.userId);
      if (ids.length === 0) continue;
      const names = await repo.userNames(tx, ctx.orgId, ids);
      const users = ids.map((id) => ({ id, name: names.get(id) ?? "" })).sort((a, b) => a.name.localeCompare(b.name, "fr-CA"));
      teams.push({ id: team.id, label: team.label, users });
    }
    return { teams };
  });
}

/**
 * POST voice/v1/calls/transfer: the target resolved in the caller's organisation (404 otherwise),
 * then `transfer.start` under the call's row lock; the reducer refuses a call not owned, not
 * active, or an emergency one, and a transfer with nobody to ring.
 */
export async function transfer(deps: CallsDeps, ctx: Ctx, input: TransferRequest): Promise<CallView> {
  const start = await withTenant(deps.db, ctx.orgId, async (tx) => {
    await requireWebCalls(tx, ctx);
    const row = await visibleCall(tx, ctx, input.callId);
    if (input.toExtension) {
      if (!canTransferToExtensions(await tierPermissions(tx, ctx.orgId))) throw new AppError("error.tier-forbidden", 403);
      if (!(await repo.organizationOf(tx, ctx.orgId)).enable_ext_transfer) throw new AppError("error.ext-transfer-disabled", 403);
      const ext = await transferExtension(tx, ctx.orgId, input.toExtension);
      if (!ext) throw notFound();
      return {
        target: {
          kind: "extension" as const,
          extensionId: ext.id,
          phone: ext.phoneNumber,
          extension: ext.extension || null,
          label: ext.name,
        },
        offerTo: [],
      };
    }
    if (input.toUserGroup) {
      const team = await repo.teamOf(tx, ctx.orgId, input.toUserGroup);
      if (!team) throw notFound();
      const ids = await offerable(deps, tx, ctx.orgId, team.id, row.id, ctx.userId);
      return {
        target: { kind: "team" as const, teamId: team.id, label: team.label },
        offerTo: ids.map((userId) => ({ userId, teamId: team.id })),
      };
    }
    const userId = input.to ?? "";
    const teamIds = await repo.teamIdsOf(tx, ctx.orgId, userId);
    if (teamIds.length === 0) throw notFound();
    // The person is rung for the call's team when they are in it, else for their first team where they are offerable.
    const ordered = [...teamIds].sort((a, b) => Number(b === row.team_id) - Number(a === row.team_id));
    let teamId = ordered[0] ?? row.team_id;
    let free = false;
    for (const id of ordered) {
      if ((await offerable(deps, tx, ctx.orgId, id, row.id, ctx.userId)).includes(userId)) {
        teamId = id;
        free = true;
        break;
      }
    }
    const name = (await repo.userNames(tx, ctx.orgId, [userId])).get(userId) ?? "";
    return { target: { kind: "user" as const, userId, teamId, label: name }, offerTo: free ? [{ userId, teamId }] : [] };
  });
  return staffChange(deps, ctx, input.callId, {
    type: "transfer.start",
    key: staffKey("transfer"),
    at: Date.now(),
    userId: ctx.userId,
    transferId: randomUUID(),
    target: start.target,
    offerTo: start.offerTo,
  });
}

// ---- The call queue (issue 13 §1) ----

/** GET voice/v1/queues: the live calls of the caller's teams, in the spec's four groups. */
export async function queueView(deps: CallsDeps, ctx: Ctx): Promise<QueueViewResponse> {
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    const rows = await repo.queueCallsOf(
      tx,
      ctx.orgId,
      ctx.teams.map((t) => t.id),
    );
    const now = Date.now();
    const items = [];
    for (const row of rows) {
      const call = modelOf(row);
      const entry = presentQueued(await presentCall(tx, ctx.orgId, row, call), call, row.carrier_call_sid, now);
      if (entry) items.push({ state: entry.state, parkNo: entry.parkNo, waitingSince: Date.parse(entry.waitingSince), entry });
    }
    const grouped = groupQueue(items);
    const entries = (group: QueueGroup) => grouped[group].map((item) => item.entry);
    return {
      groups: { queued: entries("queued"), ringing: entries("ringing"), "in-progress": entries("in-progress"), parked: entries("parked") },
      serverNow: new Date(now).toISOString(),
    };
  });
}

/**
 * POST voice/v1/queues/park/{callId}: the owner sends the accepted call to the queue with the
 * organisation's lowest free park number, chosen under the call's row lock and the park lock.
 */
export function park(deps: CallsDeps, ctx: Ctx, callId: string): Promise<CallView> {
  return staffChange(deps, ctx, callId, async (tx) => {
    const parkNo = lowestFreeParkNo(await repo.lockedParkNumbers(tx, ctx.orgId));
    return { type: "staff.park", key: staffKey("park"), at: Date.now(), userId: ctx.userId, parkNo };
  });
}

/**
 * POST voice/v1/queues/pick: a claim like answer, without an offer, of a queued, ringing or parked
 * call of the caller's teams; the winner's current team becomes the call's.
 */
export async function pick(deps: CallsDeps, ctx: Ctx, callSid: string): Promise<CallView> {
  const callId = await withTenant(deps.db, ctx.orgId, async (tx) => {
    await requireWebCalls(tx, ctx);
    const row = await repo.findCallBySid(tx, ctx.orgId, callSid);
    if (!row || !ctx.teams.some((t) => t.id === row.team_id)) throw notFound();
    return row.id;
  });
  return staffChange(
    deps,
    ctx,
    callId,
    async (tx, row) => {
      // Someone on a call cannot take a second one; their own call is the one exception (nothing changes).
      if (row.owner_user_id !== ctx.userId && (await repo.hasLiveCall(tx, ctx.orgId, ctx.userId))) throw conflict("error.already-on-call");
      return { type: "staff.pick", key: staffKey("pick"), at: Date.now(), userId: ctx.userId };
    },
    async (tx, row) => {
      await repo.setCurrentTeam(tx, ctx.orgId, ctx.sessionId, row.team_id);
    },
  );
}

/** POST voice/v1/calls: spec §5 number rules, tier permission 1 (never for emergency numbers), from the current team's number. */
export async function placeOutbound(deps: CallsDeps, ctx: Ctx, input: OutboundCallRequest): Promise<CallView> {
  const typed = input.to.replace(/\s+/g, "");
  if (!typed) throw badRequest("error.call-contact");
  const emergency = isEmergencyNumber(typed);
  const to = emergency || isAnonymousNumber(typed) ? typed : typedPhoneToE164(typed);
  if (!to || (isAnonymousNumber(to) && !emergency)) throw badRequest("error.invalid-number");
  const setup = await withTenant(deps.db, ctx.orgId, async (tx) => {
    await requireWebCalls(tx, ctx);
    if (!emergency && !canCallOut(await tierPermissions(tx, ctx.orgId))) throw new AppError("error.tier-forbidden", 403);
    const teamId = ctx.currentTeamId && ctx.teams.some((t) => t.id === ctx.currentTeamId) ? ctx.currentTeamId : ctx.teams[0]?.id;
    if (!teamId) throw conflict("error.no-phones-configured");
    const team = await repo.teamOf(tx, ctx.orgId, teamId);
    if (!team?.phone_number) throw conflict("error.no-phones-configured");
    if (await repo.hasLiveCall(tx, ctx.orgId, ctx.userId)) throw conflict("error.already-on-call");
    if (input.contactId) {
      const contact = await tx
        .selectFrom("contacts")
        .select("id")
        .where("organization_id", "=", ctx.orgId)
        .where("id", "=", input.contactId)
        .executeTakeFirst();
      if (!contact) throw notFound();
    }
    const org = await repo.organizationOf(tx, ctx.orgId);
    const contact = emergency ? null : ((await contactsByPhones(tx, ctx.orgId, [to])).get(to) ?? null);
    return { teamId, teamNumber: team.phone_number, ringSeconds: org.call_ring_seconds, contactId: input.contactId ?? contact?.id ?? null };
  });
  const key = `outbound:${randomUUID()}`;
  const transition = startOutbound({
    id: randomUUID(),
    key,
    at: Date.now(),
    teamId: setup.teamId,
    userId: ctx.userId,
    to,
    routing: routingOf(setup.ringSeconds),
  });
  const row = await create(deps, ctx.orgId, transition, {
    carrier: deps.carrier.name,
    carrierCallSid: null,
    teamNumber: setup.teamNumber,
    contactId: setup.contactId,
    key,
  });
  if (!row) throw new AppError("error.unable-to-initiate-call", 500);
  return view(deps, ctx, row.id);
}

export async function voiceToken(deps: CallsDeps, ctx: Ctx): Promise<VoiceToken> {
  await withTenant(deps.db, ctx.orgId, (tx) => requireWebCalls(tx, ctx));
  const identity = { userId: ctx.userId, organizationId: ctx.orgId };
  // Under Twilio without its API key and TwiML App (README) no token can be signed: the browser
  // is told calls cannot start, the log says why.
  const token = await deps.carrier.accessToken(identity).catch((err: unknown) => {
    deps.log.error({ err }, "voice token refused by the carrier");
    throw new AppError("error.unable-to-initiate-call", 503);
  });
  return { ...token, carrier: deps.carrier.name, identity: clientIdentity(identity) };
}
