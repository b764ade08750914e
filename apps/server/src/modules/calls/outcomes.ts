import { CALL_CHECK_INTERVAL_SECONDS } from "@relais/shared";
import type { CallEndStatus } from "@relais/shared";
import type { Call, CallCommand, CallOwner, EndReason, OfferStatus, RefusalReason, Transition } from "./model.ts";

/** The shared steps of the reducer's phases: the ways a call ends, misses, or is left alone. */

export function step(call: Call, commands: CallCommand[] = []): Transition {
  return { call, commands, refusal: null };
}

/** A staff event the call cannot take: nothing changes, and the service says why. */
export function refuse(call: Call, reason: RefusalReason, by: CallOwner | null = null): Transition {
  return { call, commands: [], refusal: { reason, by } };
}

export function ownerIs(call: Call, userId: string): boolean {
  return call.owner?.kind === "user" && call.owner.userId === userId;
}

export function pendingOfferIds(call: Call): string[] {
  return call.offers.filter((o) => o.status === "pending").map((o) => o.userId);
}

/** Closes every pending offer with `status`, and revokes them in the browsers that still show them. */
export function closeOffers(call: Call, status: OfferStatus, reason: "taken" | "ended" | "timed-out"): Transition {
  const userIds = pendingOfferIds(call);
  if (userIds.length === 0) return step(call);
  const offers = call.offers.map((o) => (o.status === "pending" ? { ...o, status } : o));
  return step({ ...call, offers }, [{ type: "offers.revoke", userIds, reason }]);
}

/** Whether the caller's number can be texted: hidden callers and emergency services never are. */
function textable(call: Call): boolean {
  return !call.anonymous && !call.emergency;
}

/** Schedules the queued-call check after `threshold` (spec §4: every 90 s, then extended). */
export function checkAfter(threshold: number): { nextCheckAt: number; command: CallCommand } {
  const nextCheckAt = threshold + CALL_CHECK_INTERVAL_SECONDS * 1000;
  return { nextCheckAt, command: { type: "timer.schedule", timer: { kind: "check", threshold: nextCheckAt }, dueAt: nextCheckAt } };
}

/**
 * Ends the call: offers revoked, a transfer in flight dropped, the room closed. An inbound call
 * nobody answered is a missed call: the team's missed-call text goes out, unless the caller
 * cannot be texted or already asked for (and got) the callback text.
 */
export function endCall(call: Call, at: number, status: CallEndStatus, reason: EndReason): Transition {
  const revoked = closeOffers(call, "revoked", "ended");
  const commands = [...revoked.commands];
  if (call.transfer) {
    const pending = call.transfer.offers.filter((o) => o.status === "pending").map((o) => o.userId);
    if (pending.length > 0) commands.push({ type: "offers.revoke", userIds: pending, reason: "ended" });
    if (call.transfer.target.kind === "extension") commands.push({ type: "external.hangup" });
  }
  commands.push({ type: "room.end" });
  const missed = call.direction === "inbound" && call.answeredAt === null && !call.callbackRequested;
  if (missed && textable(call)) commands.push({ type: "missed-call.text" });
  const ended: Call = {
    ...revoked.call,
    state: "ended",
    held: false,
    transfer: null,
    parkNo: null,
    endedAt: at,
    nextCheckAt: null,
    endStatus: status,
    endReason: reason,
  };
  return step(ended, commands);
}

/** How a call that reached nobody ends: a voicemail when the team has one, else no-answer at once. */
export function missed(call: Call, at: number, reason: EndReason): Transition {
  if (!call.routing.voicemail) return endCall(call, at, "no-answer", reason);
  const revoked = closeOffers(call, "revoked", "ended");
  const inVoicemail: Call = { ...revoked.call, state: "voicemail", held: false, owner: null, voicemailAt: at };
  return step(inVoicemail, [...revoked.commands, { type: "voicemail.start" }]);
}

/**
 * A ring round that reached nobody. With the queue on, the caller waits for the next round
 * until the set number of rounds is spent; with the queue off, and for an emergency caller (never
 * queued), the first unanswered round is the last.
 */
export function roundFailed(call: Call, at: number): Transition {
  const closed = closeOffers(call, "timed-out", "timed-out");
  const { routing } = closed.call;
  const roundsLeft = routing.maxRingRounds === null || closed.call.ringRound < routing.maxRingRounds;
  if (routing.queue && !call.emergency && roundsLeft) {
    return step({ ...closed.call, state: "queued" }, closed.commands);
  }
  const result = missed(closed.call, at, "unanswered");
  return step(result.call, [...closed.commands, ...result.commands]);
}

/** The round is over once no offer of it is still pending. */
export function roundSettled(call: Call): boolean {
  return call.offers.every((o) => o.round !== call.ringRound || o.status !== "pending");
}
