import type { CallDirection, CallPeriod, CallState } from "@relais/shared";
import type { CallCommand, CarrierEvent } from "../model.ts";

/*
 * A local copy of the calls module's carrier boundary (apps/server/src/modules/calls/carrier.ts,
 * written at the same time on another branch). It mirrors that file; at merge the lead replaces
 * these declarations by imports from "../carrier.ts" (decision 0026).
 */

/** The call as a carrier sees it: enough to reach its legs and its room, nothing of the reducer's state. */
export type CarrierCall = {
  id: string;
  organizationId: string;
  teamId: string;
  direction: CallDirection;
  remoteNumber: string;
  teamNumber: string;
  /** The customer leg's id at the carrier; null for an outbound call not yet placed. */
  carrierCallSid: string | null;
  /** The call's room: the Twilio conference's friendly name. */
  room: string;
};

export interface VoiceCarrier {
  readonly name: "sandbox" | "twilio";
  accessToken(identity: { userId: string; organizationId: string }): Promise<{ jwt: string; expiresAt: string }>;
  execute(call: CarrierCall, command: CallCommand): Promise<void>;
}

export type InboundCallReport = { carrier: "sandbox" | "twilio"; carrierCallSid: string; from: string; to: string; at: number };

export type InboundCallAnswer = { callId: string; state: CallState; period: CallPeriod } | null;

export type CarrierEventRef = { carrierCallSid: string } | { callId: string };

/** What a greeting is made of (VOICE.md §3 `greetings`): a recorded or uploaded file, or text spoken by Twilio. */
export type Greeting = { kind: "audio"; url: string } | { kind: "speech"; text: string; locale: "fr-CA" | "en-CA" };

/**
 * The calls module's entry points the voice webhooks call (injected, so this folder never
 * imports the module's service). The first two mirror the calls module; `callForStaffLeg` and
 * `greetingOf` are what the Twilio webhooks need beyond them (decision 0026).
 */
export type VoiceEntryPoints = {
  receiveInboundCall(report: InboundCallReport): Promise<InboundCallAnswer>;
  applyCarrierEvent(ref: CarrierEventRef, event: CarrierEvent): Promise<void>;
  /**
   * The call a browser leg may join: `userId` owns it (answered, picked or placed it) and it is
   * not over; null otherwise, and the leg is refused.
   */
  callForStaffLeg(leg: { callId: string; userId: string }): Promise<(CarrierCall & { emergency: boolean }) | null>;
  /** The team's greeting for this call's period; null: the catalogue's spoken default. */
  greetingOf(call: { callId: string; period: CallPeriod }): Promise<Greeting | null>;
};
