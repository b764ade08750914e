import type { CarrierCall, CarrierEvent, CarrierEventRef, Greeting, InboundCallAnswer, InboundCallReport } from "./carrier.ts";
import { urgently } from "../../db/priority-pool.ts";
import { callsDeps } from "./calls-deps.ts";
import {
  answerFromDesk as deskAnswer,
  applyEvent,
  callForStaffLeg as staffLeg,
  greetingOf as greeting,
  receiveInbound,
  type GreetingRequest,
} from "./service.ts";

/**
 * The calls module's public face. For the carriers' webhooks (the Twilio routes): a new inbound
 * call, every later report about a call, both turned into reducer events and run `urgently`
 * (their connections before the texts', db/priority-pool.ts), and what a carrier
 * needs to answer a browser leg or greet a caller. For app.ts: the module's start, routes, jobs
 * and Twilio voice carrier. For the demo seed: the reducer and past calls.
 */

/** The module for one app: its voice carrier, deps and socket messages; its routes and jobs (app.ts). */
export { startCalls } from "./module.ts";
export { callRoutes } from "./routes.ts";
export { sandboxCallRoutes } from "./sandbox/routes.ts";
export { twilioVoiceCarrierOf } from "./twilio/select.ts";
export { twilioVoiceWebhookRoutes } from "./twilio/voice-webhooks.ts";
export { CALLS_CHECK_CRONTAB, callTasks } from "./jobs.ts";

/** The reducer and past calls, for the demo seed's call history. */
export { apply, startInbound, startOutbound } from "./reducer.ts";
export type { CallEvent, CallRouting, Transition } from "./model.ts";
export { storePastCall } from "./history.ts";
export type { PastCall } from "./history.ts";

/** A new inbound call; null when no team owns `to`. A replayed report answers the call it started. */
export function receiveInboundCall(report: InboundCallReport): Promise<InboundCallAnswer> {
  return urgently(() => receiveInbound(callsDeps(), report));
}

/** A carrier's report about a call; a duplicate or late one changes nothing (the reducer and the call_events key). */
export function applyCarrierEvent(ref: CarrierEventRef, event: CarrierEvent): Promise<void> {
  return urgently(() => applyEvent(callsDeps(), ref, event));
}

/** The call a staff browser leg may join: that person holds it and it is not over; null otherwise. */
export function callForStaffLeg(leg: { callId: string; userId: string }): Promise<(CarrierCall & { emergency: boolean }) | null> {
  return staffLeg(callsDeps(), leg);
}

/** The team's greeting for this call's period; null: the carrier speaks the catalogue's default. */
export function greetingOf(call: GreetingRequest): Promise<Greeting | null> {
  return greeting(call);
}

/** A desk phone rung for this person answered: their claim on the call; null when someone was faster (decision 0041). */
export function answerFromDesk(leg: { callId: string; userId: string }): Promise<CarrierCall | null> {
  return deskAnswer(callsDeps(), leg);
}
