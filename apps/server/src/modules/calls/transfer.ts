import { isTerminalCallState } from "@relais/shared";
import type { Call, CallCommand, StaffEvent, ServerEvent, Transfer, Transition } from "./model.ts";
import { ownerIs, refuse, step } from "./outcomes.ts";

/**
 * Transfer (VOICE.md §2, spec §4): the caller is held while the target rings; accepted, the
 * call is the target's; refused or unanswered, it comes back to the person who transferred it,
 * still held, so they choose what the caller hears next.
 */

type Of<E, T> = Extract<E, { type: T }>;

export function transferStart(call: Call, e: Of<StaffEvent, "transfer.start">): Transition {
  if (isTerminalCallState(call.state)) return refuse(call, "ended");
  if (call.transfer?.id === e.transferId) return step(call);
  if (!ownerIs(call, e.userId)) return refuse(call, "not-owner", call.owner);
  if (call.emergency) return refuse(call, "emergency");
  if (call.state !== "active") return refuse(call, "wrong-state");
  const offerTo = e.target.kind === "extension" ? [] : e.offerTo.filter((o) => o.userId !== e.userId);
  if (e.target.kind !== "extension" && offerTo.length === 0) return refuse(call, "no-target");
  const transfer: Transfer = {
    id: e.transferId,
    fromUserId: e.userId,
    fromTeamId: call.teamId,
    target: e.target,
    offers: offerTo.map((o) => ({ ...o, status: "pending" })),
    startedAt: e.at,
  };
  const commands: CallCommand[] = [];
  if (!call.held) commands.push({ type: "customer.hold", music: "hold" });
  if (e.target.kind === "extension") commands.push({ type: "external.dial", phone: e.target.phone, extension: e.target.extension });
  else commands.push({ type: "offers.send", offers: offerTo, transferId: e.transferId });
  const dueAt = e.at + call.routing.ringSeconds * 1000;
  commands.push({ type: "timer.schedule", timer: { kind: "transfer-timeout", transferId: e.transferId }, dueAt });
  return step({ ...call, state: "transferring", held: true, transfer }, commands);
}

/** A person offered the transfer takes it: a claim, like answering. */
export function transferAccept(call: Call, e: Of<StaffEvent, "transfer.accept">): Transition {
  if (isTerminalCallState(call.state)) return refuse(call, "ended");
  if (ownerIs(call, e.userId)) return call.state === "active" ? step(call) : refuse(call, "wrong-state");
  const transfer = call.transfer;
  // Another target was faster, or the transfer already came back: the offer is gone.
  if (call.state !== "transferring" || transfer?.id !== e.transferId) return refuse(call, call.owner ? "taken" : "stale", call.owner);
  const offer = transfer.offers.find((o) => o.userId === e.userId && o.status === "pending");
  if (!offer) return refuse(call, "not-offered");
  const others = transfer.offers.filter((o) => o.status === "pending" && o.userId !== e.userId).map((o) => o.userId);
  const commands: CallCommand[] = [];
  if (others.length > 0) commands.push({ type: "offers.revoke", userIds: others, reason: "taken" });
  commands.push(
    { type: "staff.remove", userId: transfer.fromUserId },
    { type: "staff.join", userId: e.userId },
    { type: "customer.resume" },
  );
  const taken: Call = {
    ...call,
    state: "active",
    held: false,
    owner: { kind: "user", userId: e.userId },
    teamId: offer.teamId,
    originTeamId: transfer.fromTeamId,
    transfer: null,
  };
  return step(taken, commands);
}

/** One target refuses; the transfer fails once nobody it rang is still deciding. */
export function transferRefuse(call: Call, e: Of<StaffEvent, "transfer.refuse">): Transition {
  const transfer = call.transfer;
  if (call.state !== "transferring" || transfer?.id !== e.transferId) return step(call);
  if (!transfer.offers.some((o) => o.userId === e.userId && o.status === "pending")) return step(call);
  const offers = transfer.offers.map((o) => (o.userId === e.userId && o.status === "pending" ? { ...o, status: "rejected" as const } : o));
  const next: Call = { ...call, transfer: { ...transfer, offers } };
  return offers.some((o) => o.status === "pending") ? step(next) : transferFailed(next);
}

export function transferTimeout(call: Call, e: Of<ServerEvent, "transfer.timeout">): Transition {
  if (call.state !== "transferring" || call.transfer?.id !== e.transferId) return step(call);
  return transferFailed(call);
}

/** Back to the person who transferred, held; the target's offers are revoked and an outside leg hung up. */
export function transferFailed(call: Call): Transition {
  const transfer = call.transfer;
  if (!transfer) return step(call);
  const commands: CallCommand[] = [];
  const pending = transfer.offers.filter((o) => o.status === "pending").map((o) => o.userId);
  if (pending.length > 0) commands.push({ type: "offers.revoke", userIds: pending, reason: "timed-out" });
  if (transfer.target.kind === "extension") commands.push({ type: "external.hangup" });
  const back: Call = { ...call, state: "active", held: true, owner: { kind: "user", userId: transfer.fromUserId }, transfer: null };
  return step(back, commands);
}
