import { isAnonymousNumber, isEmergencyNumber } from "@relais/shared";
import type { CallPeriod } from "@relais/shared";
import type { Call, CallCommand, CallRouting, Transition } from "./model.ts";
import { checkAfter, missed, step } from "./outcomes.ts";

/** The "—" rows of VOICE.md §2: a call that did not exist before this event. */

export type InboundStart = {
  id: string;
  key: string;
  at: number;
  teamId: string;
  from: string;
  /** The team's period now (week schedule, breaks, organisation vacation), computed by the service. */
  period: CallPeriod;
  routing: CallRouting;
};

export type OutboundStart = {
  id: string;
  key: string;
  at: number;
  teamId: string;
  userId: string;
  to: string;
  routing: CallRouting;
};

function newCall(input: { id: string; key: string; at: number; teamId: string; routing: CallRouting }, remoteNumber: string): Call {
  const { nextCheckAt } = checkAfter(input.at);
  return {
    id: input.id,
    direction: "inbound",
    remoteNumber,
    anonymous: isAnonymousNumber(remoteNumber),
    emergency: isEmergencyNumber(remoteNumber),
    teamId: input.teamId,
    originTeamId: null,
    state: "ivr",
    held: false,
    version: 1,
    owner: null,
    parkNo: null,
    offers: [],
    ringRound: 0,
    claim: 0,
    transfer: null,
    routing: input.routing,
    startedAt: input.at,
    queuedAt: null,
    answeredAt: null,
    voicemailAt: null,
    endedAt: null,
    nextCheckAt,
    endStatus: null,
    endReason: null,
    callbackRequested: false,
    voicemail: null,
    keys: [input.key],
  };
}

/**
 * An inbound call. Outside the OPEN period the caller goes to the missed path (voicemail, or the
 * closed greeting and no-answer). An emergency caller is rung at once: no greeting, no menu and
 * never the queue.
 */
export function startInbound(input: InboundStart): Transition {
  const call = newCall(input, input.from);
  const check = checkAfter(input.at).command;
  if (input.period !== "OPEN") {
    const result = missed(call, input.at, "closed");
    // The caller hears the period's greeting first, whether a voicemail follows or not.
    const commands: CallCommand[] = [{ type: "greeting.play", period: input.period }, ...result.commands];
    return step(result.call, result.call.state === "ended" ? commands : [...commands, check]);
  }
  if (call.emergency) return step({ ...call, state: "ringing" }, [{ type: "offers.request" }, check]);
  return step(call, [{ type: "greeting.play", period: "OPEN" }, check]);
}

/** An outbound call placed by `userId`: dialing until the far end rings or answers. */
export function startOutbound(input: OutboundStart): Transition {
  const call: Call = {
    ...newCall(input, input.to),
    direction: "outbound",
    state: "dialing",
    owner: { kind: "user", userId: input.userId },
  };
  // An outbound call to a hidden number cannot exist; only the emergency flag matters here.
  const outbound: Call = { ...call, anonymous: false };
  return step(outbound, [{ type: "outbound.dial", to: input.to, emergency: outbound.emergency }, checkAfter(input.at).command]);
}
