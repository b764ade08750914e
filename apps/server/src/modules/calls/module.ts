import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import type { Hub } from "../../platform/realtime/hub.ts";
import type { MessagingDeps } from "../messaging/index.ts";
import { OFFER_ACK_TIMEOUT_MS, PRESENCE_TTL_MS } from "@relais/shared";
import type { VoiceCarrier } from "./carrier.ts";
import { setCallsRuntime, type CallsRuntime } from "./runtime.ts";
import { SandboxVoiceBridge } from "./sandbox/bridge.ts";
import { callSocketHandler } from "./socket.ts";

/**
 * Starts the calls module for one app: the voice carrier picked the way the text carrier is
 * (Twilio when its credentials are set and its voice carrier is given, else the sandbox bridge),
 * the runtime the carrier entry points use, and the tabs' messages on the realtime socket.
 */
export function startCalls(
  deps: AppDeps,
  messaging: MessagingDeps,
  hub: Hub,
  log: FastifyBaseLogger,
  opts: { twilio?: (() => VoiceCarrier) | undefined } = {},
): { runtime: CallsRuntime; sandbox: SandboxVoiceBridge | null } {
  const twilioConfigured = Boolean(deps.config.TWILIO_ACCOUNT_SID && deps.config.TWILIO_AUTH_TOKEN);
  const sandbox = twilioConfigured && opts.twilio ? null : new SandboxVoiceBridge();
  const carrier: VoiceCarrier = sandbox ?? (opts.twilio as () => VoiceCarrier)();
  const runtime: CallsRuntime = {
    db: deps.db.app,
    owner: deps.db.owner,
    carrier,
    messaging,
    log,
    ackTimeoutMs: OFFER_ACK_TIMEOUT_MS,
    presenceTtlMs: PRESENCE_TTL_MS,
  };
  sandbox?.setStaffSend((orgId, userId, message) => hub.sendDirect(orgId, userId, message));
  hub.setClientHandler(callSocketHandler(runtime, sandbox));
  setCallsRuntime(runtime);
  return { runtime, sandbox };
}
