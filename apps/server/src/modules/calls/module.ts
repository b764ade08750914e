import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import type { Hub } from "../../platform/realtime/hub.ts";
import type { MessagingDeps } from "../messaging/index.ts";
import { OFFER_ACK_TIMEOUT_MS, PRESENCE_TTL_MS } from "@relais/shared";
import type { VoiceCarrier } from "./carrier.ts";
import { setCallsDeps, type CallsDeps } from "./calls-deps.ts";
import { SandboxVoiceBridge } from "./sandbox/bridge.ts";
import { callSocketHandler } from "./socket.ts";

/**
 * Starts the calls module for one app: the voice carrier picked the way the text carrier is
 * (Twilio when its credentials are set and its voice carrier is given, else the sandbox bridge),
 * the deps its services and the carrier entry points use, and the tabs' messages on the realtime socket.
 */
export function startCalls(
  deps: AppDeps,
  messaging: MessagingDeps,
  hub: Hub,
  log: FastifyBaseLogger,
  opts: { twilio?: (() => VoiceCarrier) | undefined } = {},
): { deps: CallsDeps; sandbox: SandboxVoiceBridge | null } {
  const twilioConfigured = Boolean(deps.config.TWILIO_ACCOUNT_SID && deps.config.TWILIO_AUTH_TOKEN);
  const sandbox = twilioConfigured && opts.twilio ? null : new SandboxVoiceBridge();
  const carrier: VoiceCarrier = sandbox ?? (opts.twilio as () => VoiceCarrier)();
  const calls: CallsDeps = {
    db: deps.db.app,
    owner: deps.db.owner,
    carrier,
    messaging,
    log,
    ackTimeoutMs: OFFER_ACK_TIMEOUT_MS,
    presenceTtlMs: PRESENCE_TTL_MS,
  };
  sandbox?.setStaffSend((orgId, userId, message) => hub.sendDirect(orgId, userId, message));
  hub.setClientHandler(callSocketHandler(calls, sandbox));
  setCallsDeps(calls);
  return { deps: calls, sandbox };
}
