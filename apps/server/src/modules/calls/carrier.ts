import type { CallDirection } from "@relais/shared";
import type { CallCommand } from "./model.ts";

export type { CarrierEvent } from "./model.ts";

/** The few facts about a call a carrier needs to carry out a command. */
export type CarrierCall = {
  id: string;
  organizationId: string;
  teamId: string;
  direction: CallDirection;
  remoteNumber: string;
  teamNumber: string | null;
  carrierCallSid: string | null;
  /** The call's room (a Twilio conference name; the sandbox bridge's key). */
  room: string;
};

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
