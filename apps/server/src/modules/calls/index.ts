import type { CallPeriod, CallState } from "@relais/shared";
import type { CarrierEvent } from "./carrier.ts";
import { callsRuntime } from "./runtime.ts";
import { applyEvent, receiveInbound } from "./service.ts";

/**
 * The calls module's public face for the carriers' webhooks (the Twilio routes): a new inbound
 * call, and every later report about a call, both turned into reducer events.
 */

/** A new inbound call; null when no team owns `to`. A replayed report answers the call it started. */
export function receiveInboundCall(report: {
  carrier: "sandbox" | "twilio";
  carrierCallSid: string;
  from: string;
  to: string;
  at: number;
}): Promise<{ callId: string; state: CallState; period: CallPeriod } | null> {
  return receiveInbound(callsRuntime(), report);
}

/** A carrier's report about a call; a duplicate or late one changes nothing (the reducer and the call_events key). */
export function applyCarrierEvent(ref: { carrierCallSid: string } | { callId: string }, event: CarrierEvent): Promise<void> {
  return applyEvent(callsRuntime(), ref, event);
}
