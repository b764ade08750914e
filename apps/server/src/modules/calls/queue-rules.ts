import { callStatusCode, queueGroupOf, type CallView, type QueuedCall } from "@relais/shared";
import type { Call } from "./model.ts";

/** The call queue's pure rules (issue 13 §1, decision 0036): who has it, park numbers, what the queue view shows. */

/** What the queue setting is made of: the organisation's flag, its options, the team's settings (stored JSON, read loosely). */
export type QueueSettings = { callQueueEnabled: boolean; options: unknown; teamSettings: unknown };

/**
 * Whether callers of a team wait in its queue. Every level can switch it off, none alone turns it
 * on: the organisation must have the queue (`callQueueEnabled`, the plan's flag), have turned it
 * on (`options.voiceQueue.enabled`, the administrators' switch), and the team must want it
 * (`settings.voiceQueue`). The spec names the three without saying which wins; the strictest
 * reading never queues a caller somebody switched the queue off for.
 */
export function queueOn(s: QueueSettings): boolean {
  const options = s.options as { voiceQueue?: { enabled?: unknown } } | null;
  const team = s.teamSettings as { voiceQueue?: unknown } | null;
  return s.callQueueEnabled && options?.voiceQueue?.enabled === true && team?.voiceQueue === true;
}

/** The lowest park number (from 1) no parked call of the organisation holds. */
export function lowestFreeParkNo(taken: readonly number[]): number {
  const used = new Set(taken);
  let n = 1;
  while (used.has(n)) n += 1;
  return n;
}

/** When the wait the queue view times started: parked since, answered at (in progress), else queued (or started) at. */
export function waitingSinceOf(call: Call): number {
  if (call.state === "parked") return call.parkedAt ?? call.answeredAt ?? call.startedAt;
  if (call.state === "connecting" || call.state === "active" || call.state === "transferring") {
    return call.answeredAt ?? call.queuedAt ?? call.startedAt;
  }
  return call.queuedAt ?? call.startedAt;
}

/** One call as the queue view shows it, or null when it is not in the queue (greeting, voicemail, ended, outbound dialing). */
export function presentQueued(view: CallView, call: Call, sid: string | null, now: number): QueuedCall | null {
  const group = queueGroupOf(call.state);
  if (!group) return null;
  const since = waitingSinceOf(call);
  const seconds = (from: number) => Math.max(0, Math.floor((now - from) / 1000));
  return {
    id: call.id,
    sid,
    state: call.state,
    status: callStatusCode(call.state, call.held, call.endStatus),
    group,
    waitingSince: new Date(since).toISOString(),
    wait: seconds(since),
    duration: call.answeredAt === null ? null : seconds(call.answeredAt),
    answeredAt: view.answeredAt,
    parkNo: call.parkNo,
    callerName: view.contactName ?? view.formattedNumber,
    phoneNumber: call.remoteNumber,
    teamId: call.teamId,
    teamLabel: view.forGroupLabel,
    ownerName: view.ownerName,
    version: call.version,
    serverNow: new Date(now).toISOString(),
  };
}
