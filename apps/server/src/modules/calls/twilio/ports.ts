import type { CallPeriod } from "@relais/shared";
import type { CarrierCall, CarrierEvent, CarrierEventRef, Greeting, InboundCallAnswer, InboundCallReport } from "../carrier.ts";

/**
 * The calls module's entry points the voice webhooks call (index.ts, injected by app.ts, so this
 * folder never imports the module's service). The types are the calls module's carrier boundary
 * (../carrier.ts); `callForStaffLeg` and `greetingOf` are what the Twilio webhooks need beyond
 * the two every carrier uses (decision 0026).
 */
export type VoiceEntryPoints = {
  receiveInboundCall(report: InboundCallReport): Promise<InboundCallAnswer>;
  applyCarrierEvent(ref: CarrierEventRef, event: CarrierEvent): Promise<void>;
  /**
   * The call a browser leg may join: `userId` owns it (answered, picked or placed it) and it is
   * not over; null otherwise, and the leg is refused.
   */
  callForStaffLeg(leg: { callId: string; userId: string }): Promise<(CarrierCall & { emergency: boolean }) | null>;
  /** A desk phone rung for `userId` answered: their claim; the call to join, or null when lost (decision 0041). */
  answerFromDesk(leg: { callId: string; userId: string }): Promise<CarrierCall | null>;
  /** The team's greeting for this call's period; null: the catalogue's spoken default. */
  greetingOf(call: { callId: string; period: CallPeriod }): Promise<Greeting | null>;
};
