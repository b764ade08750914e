import { CONNECTING_JOIN_TIMEOUT_SECONDS, IVR_KEYS, isTerminalCallState } from "@relais/shared";
import type { Call, CallCommand, CarrierEvent, OfferStatus, ServerEvent, StaffEvent, Transition } from "./model.ts";
import { closeOffers, endCall, missed, ownerIs, pendingOfferIds, refuse, roundFailed, roundSettled, step } from "./outcomes.ts";

/** Inbound routing (VOICE.md §2): greeting → queue → offers → claim → the staff leg in the room, or the missed path. */

type Of<E, T> = Extract<E, { type: T }>;

/** The carrier placed the caller in the team's queue after the greeting. */
export function queueEntered(call: Call, e: Of<CarrierEvent, "queue.entered">): Transition {
  if (call.state !== "ivr" || call.emergency) return step(call);
  const commands: CallCommand[] = [{ type: "offers.request" }];
  if (call.routing.queue) {
    const dueAt = e.at + call.routing.maxWaitSeconds * 1000;
    commands.push({ type: "timer.schedule", timer: { kind: "max-wait" }, dueAt });
  }
  return step({ ...call, state: "queued", queuedAt: call.queuedAt ?? e.at }, commands);
}

/**
 * The service found staff who may take the call and offered it to them. From the queue this
 * starts a ring round; during a round it adds late arrivals to it. Nobody to ring: with the queue
 * on the caller keeps waiting; otherwise the missed path starts at once rather than after a
 * silent timeout (issue 12 §4).
 */
export function offerSent(call: Call, e: Of<ServerEvent, "offer.sent">): Transition {
  // A ringing call with no pending offer is between rounds (an emergency caller rung again).
  const startsRound = call.state === "queued" || (call.state === "ringing" && pendingOfferIds(call).length === 0);
  if (!startsRound && call.state !== "ringing") return step(call);
  const already = new Set(pendingOfferIds(call));
  const fresh = e.offers.filter((o) => !already.has(o.userId));
  if (fresh.length === 0) {
    if (!startsRound || (call.routing.queue && !call.emergency && call.state === "queued")) return step(call);
    return missed(call, e.at, "unanswered");
  }
  const round = startsRound ? call.ringRound + 1 : call.ringRound;
  const offers = [...call.offers, ...fresh.map((o) => ({ ...o, round, status: "pending" as const }))];
  const commands: CallCommand[] = [{ type: "offers.send", offers: fresh, transferId: null }];
  if (startsRound) {
    const dueAt = e.at + call.routing.ringSeconds * 1000;
    commands.push({ type: "timer.schedule", timer: { kind: "ring-timeout", round }, dueAt });
  }
  return step({ ...call, state: "ringing", ringRound: round, offers }, commands);
}

/**
 * One person declines (reject), ignores (rejectAll, per call) or their browser declines for them
 * (busy, another incoming call). Only that person's offer closes; the others keep ringing.
 */
export function declineOffer(call: Call, userId: string, status: OfferStatus, at: number): Transition {
  const index = call.offers.findIndex((o) => o.userId === userId && o.status === "pending");
  if (index < 0) return step(call);
  const offers = call.offers.map((o, i) => (i === index ? { ...o, status } : o));
  const next = { ...call, offers };
  if (next.state === "ringing" && roundSettled(next)) return roundFailed(next, at);
  return step(next);
}

export function ringTimeout(call: Call, e: Of<ServerEvent, "ring.timeout">): Transition {
  if (call.state !== "ringing" || e.round !== call.ringRound) return step(call);
  return roundFailed(call, e.at);
}

/** Answer (from an offer) or pick (from the queue view): a claim that only one person wins. */
export function claim(call: Call, e: Of<StaffEvent, "staff.answer" | "staff.pick">): Transition {
  if (isTerminalCallState(call.state)) return refuse(call, "ended");
  if (call.owner) {
    const mine = ownerIs(call, e.userId) && (call.state === "connecting" || call.state === "active");
    return mine ? step(call) : refuse(call, "taken", call.owner);
  }
  const hasOffer = call.offers.some((o) => o.userId === e.userId && o.status === "pending");
  if (e.type === "staff.answer") {
    if (call.state !== "ringing") return refuse(call, "wrong-state");
    if (!hasOffer) return refuse(call, "not-offered");
  } else if (call.state !== "ringing" && call.state !== "queued" && call.state !== "parked") {
    return refuse(call, "wrong-state");
  }
  const accepted = call.offers.map((o) => (o.userId === e.userId && o.status === "pending" ? { ...o, status: "accepted" as const } : o));
  const revoked = closeOffers({ ...call, offers: accepted }, "revoked", "taken");
  const claimNo = call.claim + 1;
  const fromPark = call.state === "parked";
  const commands: CallCommand[] = [
    ...revoked.commands,
    fromPark ? { type: "customer.resume" } : { type: "customer.connect" },
    { type: "staff.join", userId: e.userId },
    {
      type: "timer.schedule",
      timer: { kind: "join-timeout", claim: claimNo },
      dueAt: e.at + CONNECTING_JOIN_TIMEOUT_SECONDS * 1000,
    },
  ];
  const claimed: Call = {
    ...revoked.call,
    state: "connecting",
    owner: { kind: "user", userId: e.userId },
    claim: claimNo,
    parkNo: null,
    held: false,
  };
  return step(claimed, commands);
}

/**
 * A staff leg joined the room. The owner's join makes the call active (the first answer time is
 * kept); anybody else's — the loser of a claim race arriving late, a tab joining an ended call —
 * is removed again.
 */
export function roomJoined(call: Call, e: Of<CarrierEvent, "room.joined">): Transition {
  if (ownerIs(call, e.userId)) {
    if (call.state !== "connecting") return step(call);
    return step({ ...call, state: "active", answeredAt: Math.min(call.answeredAt ?? e.at, e.at) });
  }
  if (call.transfer?.fromUserId === e.userId) return step(call);
  return step(call, [{ type: "staff.remove", userId: e.userId }]);
}

/** Nobody joined within 15 s of the claim: the caller goes back to waiting (an emergency caller back to ringing). */
export function joinTimeout(call: Call, e: Of<ServerEvent, "join.timeout">): Transition {
  if (call.state !== "connecting" || e.claim !== call.claim) return step(call);
  const back: Call = { ...call, owner: null, state: call.emergency ? "ringing" : "queued", queuedAt: call.queuedAt ?? e.at };
  const commands: CallCommand[] = [{ type: "offers.request" }];
  if (call.owner?.kind === "user") commands.unshift({ type: "staff.remove", userId: call.owner.userId });
  if (!call.emergency) commands.unshift({ type: "customer.hold", music: "hold" });
  return step(back, commands);
}

/**
 * The waiting caller's menu (spec §9): 0 voicemail, 1 callback text. Hidden and emergency callers
 * get neither (issue 13 §3): a callback cannot reach them, and an emergency service is never kept
 * waiting in a menu.
 */
export function ivrDigit(call: Call, e: Of<CarrierEvent, "ivr.digit">): Transition {
  if ((call.state !== "queued" && call.state !== "ringing") || call.anonymous || call.emergency) return step(call);
  if (e.digit === IVR_KEYS.voicemail && call.routing.voicemail) return missed(call, e.at, "voicemail");
  if (e.digit === IVR_KEYS.callback) {
    const ended = endCall({ ...call, callbackRequested: true }, e.at, "canceled", "callback-requested");
    return step(ended.call, [{ type: "callback.request" }, ...ended.commands]);
  }
  return step(call);
}

/** The caller waited the organisation's maximum (600 s unless set): the missed path. */
export function maxWait(call: Call, e: Of<ServerEvent, "queue.max-wait">): Transition {
  if (call.state !== "queued" && call.state !== "ringing") return step(call);
  return missed(call, e.at, "unanswered");
}

/**
 * The voicemail recording is ready. It usually arrives after the caller hung up (the call is
 * already ended): the message is still kept, without ending anything twice.
 */
export function recordingCompleted(call: Call, e: Of<CarrierEvent, "recording.completed">): Transition {
  if (call.voicemailAt === null || call.voicemail !== null) return step(call);
  const voicemail = { recordingId: e.recordingId, durationSeconds: e.durationSeconds };
  const save: CallCommand = { type: "voicemail.save", ...voicemail };
  if (call.state === "ended") return step({ ...call, voicemail }, [save]);
  const ended = endCall({ ...call, voicemail }, e.at, "no-answer", "voicemail");
  return step(ended.call, [save, ...ended.commands]);
}
