import twilio from "twilio";
import { messages, type CallPeriod, type MessageId } from "@relais/shared";
import type { Greeting } from "../carrier.ts";
import { checkedWaitDocument } from "./twiml-rules.ts";

/**
 * The TwiML documents Relais answers Twilio with (VOICE.md §4), built with the SDK's
 * VoiceResponse so the XML is always well formed. Every document that plays while a caller
 * waits or is held goes through `checkedWaitDocument` (Twilio error 13238).
 */

const { VoiceResponse } = twilio.twiml;
type Response = InstanceType<typeof VoiceResponse>;

/** Relais's own words to a caller: French, then English (the caller's language is unknown). */
function sayBoth(r: { say: Response["say"] }, key: MessageId): void {
  r.say({ language: "fr-CA" }, messages["fr-CA"][key]);
  r.say({ language: "en-CA" }, messages["en-CA"][key]);
}

const DEFAULT_GREETING: Record<CallPeriod, MessageId> = {
  OPEN: "voice-prompt.greeting-open",
  CLOSE: "voice-prompt.greeting-close",
  BREAK: "voice-prompt.greeting-break",
  VACATION: "voice-prompt.greeting-vacation",
};

function playGreeting(r: Response, greeting: Greeting | null, period: CallPeriod): void {
  if (!greeting) sayBoth(r, DEFAULT_GREETING[period]);
  else if (greeting.kind === "audio") r.play({}, greeting.url);
  else r.say({ language: greeting.locale }, greeting.text);
}

/** The name of the queue callers of a team number wait in (at most 64 characters for Twilio). */
export function queueNameOf(teamNumber: string): string {
  return `relais ${teamNumber}`.slice(0, 64);
}

/** Participant labels in a call's room: the caller, an outside number, and each staff member by user id. */
export const CUSTOMER_LABEL = "customer";
export const EXTERNAL_LABEL = "external";
export const staffLabel = (userId: string) => `staff-${userId}`;

/** Everything a conference status callback should report: the room, who joined and left, who was held. */
const CONFERENCE_EVENTS = ["start", "end", "join", "leave", "hold"] as const;
/** Everything a leg's status callback should report. */
const LEG_EVENTS = ["initiated", "ringing", "answered", "completed"] as const;

export type InboundDocument = {
  /** What the calls module decided for this call (state and period); null: nobody takes calls on this number. */
  decision: { state: string; period: CallPeriod } | null;
  greeting: Greeting | null;
  queueName: string;
  waitUrl: string;
  queueActionUrl: string;
  voicemail: VoicemailUrls;
};

/**
 * The answer to a caller dialling a team number: the period's greeting, then the team's queue
 * (`<Enqueue waitUrl action>`), where the caller waits until staff answer and the caller is moved
 * into the call's room. Outside opening hours the greeting leads to the voicemail or the end; an
 * emergency caller (already ringing) skips the greeting.
 */
export function inboundTwiml(doc: InboundDocument): string {
  const r = new VoiceResponse();
  const { decision } = doc;
  if (!decision) {
    sayBoth(r, "voice-prompt.not-in-service");
    r.hangup();
    return r.toString();
  }
  switch (decision.state) {
    case "ivr":
    case "queued":
    case "ringing":
      if (decision.state === "ivr") playGreeting(r, doc.greeting, decision.period);
      r.enqueue({ waitUrl: doc.waitUrl, waitUrlMethod: "POST", action: doc.queueActionUrl, method: "POST" }, doc.queueName);
      return r.toString();
    case "voicemail":
      playGreeting(r, doc.greeting, decision.period);
      appendVoicemail(r, doc.voicemail);
      return r.toString();
    default:
      playGreeting(r, doc.greeting, decision.period);
      r.hangup();
      return r.toString();
  }
}

/**
 * The `<Enqueue waitUrl>` document: the 0 / 1 menu inside a one-key `<Gather>` (spoken then
 * music), or music alone for a caller who gets no menu (hidden or emergency number). When the
 * document ends Twilio asks for it again, so the caller never hears silence.
 */
export function waitTwiml(opts: { menu: boolean; gatherUrl: string; musicUrl: string }): string {
  const r = new VoiceResponse();
  if (opts.menu) {
    const gather = r.gather({ numDigits: 1, action: opts.gatherUrl, method: "POST", timeout: 1 });
    gather.say({ language: "fr-CA" }, messages["fr-CA"]["voice-prompt.queue-menu"]);
    gather.say({ language: "en-CA" }, messages["en-CA"]["voice-prompt.queue-menu"]);
    gather.play({}, opts.musicUrl);
  } else {
    r.play({}, opts.musicUrl);
  }
  return checkedWaitDocument(r.toString(), "queue-wait");
}

/** Hold or park music of a held participant, and the room's wait music: only what error 13238 allows. */
export function holdTwiml(musicUrl: string): string {
  const r = new VoiceResponse();
  r.play({ loop: 0 }, musicUrl);
  return checkedWaitDocument(r.toString(), "conference-hold");
}

export type RoomDocument = { room: string; conferenceStatusUrl: string; waitUrl: string };

/**
 * A staff browser's leg joins the call's room (`device.connect`). Staff legs never end the room
 * when they leave (`endConferenceOnExit="false"`), so park and transfer keep the caller; Relais
 * ends the room itself when staff hang up on purpose.
 */
export function staffJoinTwiml(doc: RoomDocument & { userId: string }): string {
  const r = new VoiceResponse();
  r.dial().conference(
    {
      participantLabel: staffLabel(doc.userId),
      startConferenceOnEnter: true,
      endConferenceOnExit: false,
      beep: "false",
      waitUrl: doc.waitUrl,
      waitMethod: "POST",
      statusCallback: doc.conferenceStatusUrl,
      statusCallbackMethod: "POST",
      statusCallbackEvent: [...CONFERENCE_EVENTS],
    },
    doc.room,
  );
  return r.toString();
}

/**
 * The caller (taken from the queue, or answering an outbound call) or an outside transfer number
 * enters the room. The caller hears the wait music until staff are in, and leaving ends the room:
 * nobody stays talking to an empty line.
 */
export function roomTwiml(doc: RoomDocument & { label: typeof CUSTOMER_LABEL | typeof EXTERNAL_LABEL }): string {
  const r = new VoiceResponse();
  const customer = doc.label === CUSTOMER_LABEL;
  r.dial().conference(
    {
      participantLabel: doc.label,
      startConferenceOnEnter: !customer,
      endConferenceOnExit: customer,
      beep: "false",
      waitUrl: doc.waitUrl,
      waitMethod: "POST",
      statusCallback: doc.conferenceStatusUrl,
      statusCallbackMethod: "POST",
      statusCallbackEvent: [...CONFERENCE_EVENTS],
    },
    doc.room,
  );
  return r.toString();
}

/**
 * An emergency call (911, 933…) from a browser: dialled directly with the team's registered
 * number as caller id, no room, so nothing can hold, park or transfer it (VOICE.md §4).
 */
export function emergencyTwiml(doc: { to: string; callerId: string; statusUrl: string }): string {
  const r = new VoiceResponse();
  r.dial({ callerId: doc.callerId }).number(
    { statusCallback: doc.statusUrl, statusCallbackMethod: "POST", statusCallbackEvent: [...LEG_EVENTS] },
    doc.to,
  );
  return r.toString();
}

export type VoicemailUrls = { recordingActionUrl: string; recordingStatusUrl: string };

/** Voicemails are short: two minutes, as a desk's answering machine. */
const VOICEMAIL_MAX_SECONDS = 120;

function appendVoicemail(r: Response, urls: VoicemailUrls): void {
  sayBoth(r, "voice-prompt.voicemail");
  r.record({
    maxLength: VOICEMAIL_MAX_SECONDS,
    playBeep: true,
    finishOnKey: "#",
    action: urls.recordingActionUrl,
    method: "POST",
    recordingStatusCallback: urls.recordingStatusUrl,
    recordingStatusCallbackMethod: "POST",
    recordingStatusCallbackEvent: ["completed", "absent"],
  });
}

/** The voicemail (missed path, key 0): the prompt, then `<Record>` with its status callback. */
export function voicemailTwiml(urls: VoicemailUrls): string {
  const r = new VoiceResponse();
  appendVoicemail(r, urls);
  return r.toString();
}

/** Words, then hang-up: the goodbye after a voicemail, the callback confirmation (key 1). */
export function sayThenHangupTwiml(key: "voice-prompt.goodbye" | "voice-prompt.callback"): string {
  const r = new VoiceResponse();
  sayBoth(r, key);
  r.hangup();
  return r.toString();
}

/** The answer of a webhook whose handler failed: a short apology and hang-up, never an error page (VOICE.md §4). */
export function apologyTwiml(): string {
  const r = new VoiceResponse();
  sayBoth(r, "voice-prompt.apology");
  r.hangup();
  return r.toString();
}

/** A browser leg Relais does not let in (not the person's call, or the call is over): ended at once, nothing said. */
export function hangupTwiml(): string {
  const r = new VoiceResponse();
  r.hangup();
  return r.toString();
}

/** Nothing to do: Twilio continues with the call's own document (status callbacks, a redirected queue). */
export function emptyTwiml(): string {
  return new VoiceResponse().toString();
}

/** Back to the wait music after a key the menu does not know (or one the call no longer takes). */
export function redirectTwiml(url: string): string {
  const r = new VoiceResponse();
  r.redirect({ method: "POST" }, url);
  return r.toString();
}
