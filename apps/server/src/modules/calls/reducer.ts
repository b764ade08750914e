import { isDeepStrictEqual } from "node:util";
import type { Call, CallEvent, Transition } from "./model.ts";
import { step } from "./outcomes.ts";
import { checkResult, hangup, hold, legAnswered, legEnded, legHeld, legRinging, park, roomLeft } from "./in-call.ts";
import {
  claim,
  declineOffer,
  ivrDigit,
  joinTimeout,
  maxWait,
  offerSent,
  queueEntered,
  recordingCompleted,
  ringTimeout,
  roomJoined,
} from "./routing.ts";
import { transferAccept, transferRefuse, transferStart, transferTimeout } from "./transfer.ts";

export type { Call, CallEvent, Transition } from "./model.ts";
export { startInbound, startOutbound } from "./start.ts";

/** How many de-duplication keys a call remembers; the call_events unique index guards the full history. */
const KEPT_KEYS = 64;

/**
 * The one place a call changes (VOICE.md §1): `apply(call, event) → { call, commands }`, pure.
 *
 * - An event whose key the call has seen changes nothing and commands nothing.
 * - A refused staff event returns the call untouched with the reason.
 * - `version` moves by one when — and only when — the call's data changed; the key is remembered
 *   then too, so a no-op event never costs a version.
 * - A carrier event dated before the call's start moves the start earlier: the earliest start
 *   time is kept, however the reports arrive.
 */
export function apply(call: Call, event: CallEvent): Transition {
  if (call.keys.includes(event.key)) return step(call);
  const result = route(call, event);
  if (result.refusal) return { call, commands: [], refusal: result.refusal };
  let next = result.call;
  if (isCarrierEvent(event) && next.state !== "ended" && event.at < next.startedAt) next = { ...next, startedAt: event.at };
  if (isDeepStrictEqual(next, call)) return { call, commands: result.commands, refusal: null };
  const keys = [...call.keys, event.key].slice(-KEPT_KEYS);
  return { call: { ...next, version: call.version + 1, keys }, commands: result.commands, refusal: null };
}

function isCarrierEvent(event: CallEvent): boolean {
  return event.type.startsWith("leg.") || event.type.startsWith("room.");
}

function route(call: Call, e: CallEvent): Transition {
  switch (e.type) {
    case "queue.entered":
      return queueEntered(call, e);
    case "offer.sent":
      return offerSent(call, e);
    case "offer.declined":
      return declineOffer(call, e.userId, "declined", e.at);
    case "staff.reject":
      return declineOffer(call, e.userId, "rejected", e.at);
    case "staff.rejectAll":
      return declineOffer(call, e.userId, "ignored", e.at);
    case "ring.timeout":
      return ringTimeout(call, e);
    case "staff.answer":
    case "staff.pick":
      return claim(call, e);
    case "room.joined":
      return roomJoined(call, e);
    case "join.timeout":
      return joinTimeout(call, e);
    case "ivr.digit":
      return ivrDigit(call, e);
    case "queue.max-wait":
      return maxWait(call, e);
    case "recording.completed":
      return recordingCompleted(call, e);
    case "staff.hold":
    case "staff.resume":
      return hold(call, e);
    case "staff.park":
      return park(call, e);
    case "staff.hangup":
      return hangup(call, e);
    case "leg.ringing":
      return legRinging(call, e);
    case "leg.answered":
      return legAnswered(call, e);
    case "leg.ended":
      return legEnded(call, e);
    case "leg.held":
      return legHeld(call, e);
    case "room.left":
      return roomLeft(call, e);
    case "check.result":
      return checkResult(call, e);
    case "transfer.start":
      return transferStart(call, e);
    case "transfer.accept":
      return transferAccept(call, e);
    case "transfer.refuse":
      return transferRefuse(call, e);
    case "transfer.timeout":
      return transferTimeout(call, e);
  }
}
