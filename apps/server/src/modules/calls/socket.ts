import type { NotOfferedReason, PresenceAck, RealtimeClientMessage, RealtimeDirectMessage } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import type { ClientMessageHandler } from "../../platform/realtime/hub.ts";
import type { Viewer } from "../../platform/realtime/visibility.ts";
import { AckBatch } from "./ack-batch.ts";
import { change, modelOf, offerToStaff, webCallsEnabled } from "./engine.ts";
import * as repo from "./repo.ts";
import type { CallsDeps } from "./calls-deps.ts";
import type { SandboxVoiceBridge } from "./sandbox/bridge.ts";

/**
 * The tab's own messages on /api/realtime (decision 0021): the presence heartbeat (a tab that
 * stops sending it is not offered calls), the offer ack (an offer no tab acked is declined) and,
 * with the sandbox carrier, WebRTC signalling for the call the person owns (decision 0022).
 */
export function callSocketHandler(deps: CallsDeps, bridge: SandboxVoiceBridge | null): ClientMessageHandler {
  /** Tabs seen on each socket's session, to forget them when their last socket closes. */
  const tabsOf = new Map<string, Set<string>>();
  const acks = new AckBatch(deps.db, deps.log);
  return {
    onMessage: async (viewer, message, reply) => {
      switch (message.type) {
        case "presence":
          (tabsOf.get(viewer.sessionId) ?? tabsOf.set(viewer.sessionId, new Set()).get(viewer.sessionId))?.add(message.tabId);
          reply(await heartbeat(deps, viewer, message));
          return;
        case "call.offer.received":
          await acknowledge(deps, acks, viewer, message);
          return;
        case "call.signal":
          if (bridge) await bridge.fromStaff(viewer.orgId, viewer.userId, message.callId, message.signal);
          return;
      }
    },
    onClose: async (viewer, stillOpen) => {
      if (stillOpen > 0) return;
      const tabs = [...(tabsOf.get(viewer.sessionId) ?? [])];
      tabsOf.delete(viewer.sessionId);
      await withTenant(deps.db, viewer.orgId, (tx) => repo.dropPresence(tx, viewer.orgId, viewer.userId, tabs));
      if (bridge) await bridge.staffLeft(viewer.orgId, viewer.userId);
    },
  };
}

async function heartbeat(
  deps: CallsDeps,
  viewer: Viewer,
  message: Extract<RealtimeClientMessage, { type: "presence" }>,
): Promise<RealtimeDirectMessage> {
  const { reasons, lateFor } = await withTenant(deps.db, viewer.orgId, async (tx) => {
    const arrived = await repo.touchPresence(tx, {
      orgId: viewer.orgId,
      userId: viewer.userId,
      sessionId: viewer.sessionId,
      tabId: message.tabId,
      canAnswer: message.canAnswer,
      ttlMs: deps.presenceTtlMs,
    });
    const person = await repo.reachabilityOf(tx, viewer.orgId, viewer.userId);
    const found: NotOfferedReason[] = [];
    if (!webCallsEnabled(person?.options)) found.push("web-calls-off");
    if (person?.status !== "online") found.push("offline");
    if ((person?.settings as { allowIncomingCalls?: boolean } | null)?.allowIncomingCalls === false) found.push("incoming-calls-off");
    if (!message.canAnswer) found.push("no-microphone");
    if (person?.on_call) found.push("on-call");
    // Just reachable: the calls ringing or queued for their teams ring them too (the reducer adds late arrivals to a round, or starts one).
    const late = arrived && found.length === 0 ? await repo.waitingCallsOf(tx, viewer.orgId, [...viewer.teamIds]) : [];
    return { reasons: found, lateFor: late };
  });
  for (const callId of lateFor) await offerToStaff(deps, viewer.orgId, callId);
  const ack: PresenceAck = { type: "presence.ok", serverNow: new Date().toISOString(), offered: reasons.length === 0, reasons };
  return ack;
}

/** The tab got the offer; `busy` declines it for this person only (spec §4: another call in this browser). */
async function acknowledge(
  deps: CallsDeps,
  acks: AckBatch,
  viewer: Viewer,
  message: Extract<RealtimeClientMessage, { type: "call.offer.received" }>,
): Promise<void> {
  if (message.busy) {
    await change(deps, viewer.orgId, message.callId, async (_tx, row) => {
      const key = `busy:${viewer.userId}:${message.tabId}`;
      // A transfer ringing a busy person is refused by them (issue 13 §2): the last refusal sends the call back, held.
      const transfer = modelOf(row).transfer;
      if (transfer?.offers.some((o) => o.userId === viewer.userId && o.status === "pending")) {
        return { type: "transfer.refuse", key, at: Date.now(), userId: viewer.userId, transferId: transfer.id };
      }
      return { type: "offer.declined", key, at: Date.now(), userId: viewer.userId };
    });
    return;
  }
  acks.add(viewer.orgId, { callId: message.callId, userId: viewer.userId });
}
