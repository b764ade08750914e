import type { CallDirection, CallPeriod, CallState } from "@relais/shared";
import type { CallCommand } from "./model.ts";

export type { CarrierEvent } from "./model.ts";

/** The few facts about a call a carrier needs to carry out a command. */
export type CarrierCall = {
  id: string;
  organizationId: string;
  teamId: string;
  direction: CallDirection;
  remoteNumber: string;
  /** The team number the call came in on or goes out from; null only for a row written without one. */
  teamNumber: string | null;
  /** The customer leg's id at the carrier; null for an outbound call not yet placed. */
  carrierCallSid: string | null;
  /** The call's room (a Twilio conference name; the sandbox bridge's key). */
  room: string;
};

/** A carrier's report of a new inbound call (index.ts receiveInboundCall). */
export type InboundCallReport = { carrier: "sandbox" | "twilio"; carrierCallSid: string; from: string; to: string; at: number };

/** What the calls module made of it; null when no team owns the number called. */
export type InboundCallAnswer = { callId: string; state: CallState; period: CallPeriod } | null;

/** How a carrier names the call a later report is about: its own id of the caller's leg, or Relais's call id. */
export type CarrierEventRef = { carrierCallSid: string } | { callId: string };

/**
 * What a team's greeting is made of (VOICE.md §3 `greetings`): a recorded or uploaded file the
 * carrier fetches, or text the carrier speaks.
 */
export type Greeting = { kind: "audio"; url: string } | { kind: "speech"; text: string; locale: "fr-CA" | "en-CA" };

/**
 * The voice side of a telephone network (VOICE.md §1): it hands browsers their access token and
 * carries out the reducer's commands; what it hears back it reports through applyCarrierEvent.
 */
export interface VoiceCarrier {
  readonly name: "sandbox" | "twilio";
  accessToken(identity: { userId: string; organizationId: string }): Promise<{ jwt: string; expiresAt: string }>;
  execute(call: CarrierCall, command: CallCommand): Promise<void>;
  /**
   * Whether the carrier still has this call (the restart check, VOICE.md §2): null when it
   * cannot tell, and the call is then judged by its offers and claims alone.
   */
  isLive?(call: CarrierCall): Promise<boolean | null>;
}

/** The client identity a carrier knows a person by: letters, digits and `_` only (VOICE.md §4). */
export function clientIdentity(identity: { userId: string; organizationId: string }): string {
  return `u_${identity.userId.replace(/-/g, "")}`;
}
