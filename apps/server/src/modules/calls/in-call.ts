import { isTerminalCallState } from "@relais/shared";
import type { CallEndStatus } from "@relais/shared";
import type { Call, CallCommand, CarrierEvent, LegEndStatus, ServerEvent, StaffEvent, Transition } from "./model.ts";
import { checkAfter, endCall, ownerIs, refuse, step } from "./outcomes.ts";
import { transferFailed } from "./transfer.ts";

/** In-call control and the far end's legs (VOICE.md §2): hold, resume, park, hang-up, outbound progress, the 90 s check. */

type Of<E, T> = Extract<E, { type: T }>;

/** The owner's refusals shared by hold, resume, park and hang-up. */
function ownerCheck(call: Call, userId: string): Transition | null {
  if (isTerminalCallState(call.state)) return refuse(call, "ended");
  if (!ownerIs(call, userId)) return refuse(call, "not-owner", call.owner);
  return null;
}

export function hold(call: Call, e: Of<StaffEvent, "staff.hold" | "staff.resume">): Transition {
  const refused = ownerCheck(call, e.userId);
  if (refused) return refused;
  // An emergency call has no room (VOICE.md §4), and hold is an operation on the room.
  if (call.emergency) return refuse(call, "emergency");
  if (call.state !== "active") return refuse(call, "wrong-state");
  const held = e.type === "staff.hold";
  if (call.held === held) return step(call);
  const command: CallCommand = held ? { type: "customer.hold", music: "hold" } : { type: "customer.resume" };
  return step({ ...call, held }, [command]);
}

/** Park (send to queue): only once accepted, never an emergency call; the parker leaves, the caller hears park music. */
export function park(call: Call, e: Of<StaffEvent, "staff.park">): Transition {
  if (call.state === "parked") return step(call);
  const refused = ownerCheck(call, e.userId);
  if (refused) return refused;
  if (call.emergency) return refuse(call, "emergency");
  if (call.state === "dialing" || call.state === "ringing" || call.state === "connecting") return refuse(call, "not-accepted");
  if (call.state !== "active") return refuse(call, "wrong-state");
  const parked: Call = { ...call, state: "parked", parkNo: e.parkNo, parkedAt: e.at, owner: null, held: true };
  return step(parked, [
    { type: "customer.hold", music: "park" },
    { type: "staff.remove", userId: e.userId },
  ]);
}

/** The owner hangs up on purpose; disabled while the caller is held (spec §4), a transfer's ring included. */
export function hangup(call: Call, e: Of<StaffEvent, "staff.hangup">): Transition {
  if (isTerminalCallState(call.state)) return step(call);
  const refused = ownerCheck(call, e.userId);
  if (refused) return refused;
  if (call.held || call.state === "transferring") return refuse(call, "held");
  return endCall(call, e.at, call.answeredAt === null ? "canceled" : "completed", "staff-hung-up");
}

function customerEndStatus(call: Call, status: LegEndStatus): CallEndStatus {
  if (call.answeredAt !== null) return "completed";
  if (call.direction === "outbound") return status;
  return call.state === "voicemail" ? "no-answer" : "canceled";
}

export function legEnded(call: Call, e: Of<CarrierEvent, "leg.ended">): Transition {
  if (isTerminalCallState(call.state)) return step(call);
  switch (e.leg) {
    case "customer":
      return endCall(call, e.at, customerEndStatus(call, e.status), call.direction === "inbound" ? "caller-hung-up" : "remote-ended");
    case "external":
      if (call.state === "transferring" && call.transfer?.target.kind === "extension") return transferFailed(call);
      if (call.owner?.kind === "extension") return endCall(call, e.at, "completed", "remote-ended");
      return step(call);
    case "staff":
    case "voicemail":
      // Staff legs are followed through room.left; the voicemail leg through recording.completed.
      return step(call);
  }
}

/**
 * The far end of an outbound call answered. A report that arrives after the call already ended
 * (the carrier's "completed" overtook "answered") only fills in the answer time, never the state.
 */
export function legAnswered(call: Call, e: Of<CarrierEvent, "leg.answered">): Transition {
  if (e.leg === "external") return externalAnswered(call);
  if (e.leg !== "customer" || call.direction !== "outbound") return step(call);
  if (call.state === "dialing" || call.state === "ringing") return step({ ...call, state: "active", answeredAt: e.at });
  if (call.state === "ended" && call.endStatus === "completed" && (call.answeredAt === null || e.at < call.answeredAt)) {
    return step({ ...call, answeredAt: e.at });
  }
  return step(call);
}

/** The outside number of an extension transfer answered: the call is theirs, the transferring person leaves. */
function externalAnswered(call: Call): Transition {
  const transfer = call.transfer;
  if (call.state !== "transferring" || transfer?.target.kind !== "extension") return step(call);
  const active: Call = {
    ...call,
    state: "active",
    held: false,
    owner: { kind: "extension", extensionId: transfer.target.extensionId },
    transfer: null,
  };
  return step(active, [{ type: "customer.resume" }, { type: "staff.remove", userId: transfer.fromUserId }]);
}

export function legRinging(call: Call, e: Of<CarrierEvent, "leg.ringing">): Transition {
  if (e.leg === "customer" && call.state === "dialing") return step({ ...call, state: "ringing" });
  return step(call);
}

/**
 * The carrier reports a leg's hold. The server decides (VOICE.md §1): a report that disagrees
 * with the call — a late "held" after a resume — changes nothing and re-asserts the decision.
 */
export function legHeld(call: Call, e: Of<CarrierEvent, "leg.held">): Transition {
  if (e.leg !== "customer" || isTerminalCallState(call.state) || e.held === call.held) return step(call);
  const command: CallCommand = call.held
    ? { type: "customer.hold", music: call.state === "parked" ? "park" : "hold" }
    : { type: "customer.resume" };
  return step(call, [command]);
}

/** The owner's leg left the room without a hang-up, park or transfer first (a closed tab): the call is over. */
export function roomLeft(call: Call, e: Of<CarrierEvent, "room.left">): Transition {
  if (call.state !== "active" || !ownerIs(call, e.userId)) return step(call);
  return endCall(call, e.at, "completed", "staff-left");
}

/**
 * The 90 s check (spec §4): a call the carrier reports over, or whose check failed, is released;
 * otherwise the threshold moves on, and a call still waiting is offered again.
 */
export function checkResult(call: Call, e: Of<ServerEvent, "check.result">): Transition {
  if (isTerminalCallState(call.state) || e.threshold !== call.nextCheckAt) return step(call);
  const status = call.answeredAt === null ? "canceled" : "completed";
  if (e.outcome === "over") return endCall(call, e.at, status, "check-over");
  if (e.outcome === "failed") return endCall(call, e.at, status, "check-failed");
  const next = checkAfter(e.threshold);
  const commands: CallCommand[] = [next.command];
  if (call.state === "queued") commands.push({ type: "offers.request" });
  return step({ ...call, nextCheckAt: next.nextCheckAt }, commands);
}
