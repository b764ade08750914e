import {
  twilioAnyForm,
  twilioConferenceStatusForm,
  twilioGatherForm,
  twilioGatherQuery,
  twilioHoldQuery,
  twilioQueueActionForm,
  twilioQueueWaitForm,
  twilioQueueWaitQuery,
  twilioRecordingForm,
  twilioRecordingQuery,
  twilioRoomQuery,
  twilioDeskQuery,
  twilioVoiceCallQuery,
  twilioVoiceIncomingForm,
  twilioVoiceLegQuery,
  twilioVoiceStatusForm,
} from "../contracts/twilio-voice.ts";
import { endpoint } from "./endpoint.ts";

const who = "public, X-Twilio-Signature";
const base = "/webhooks/twilio/voice";

/**
 * Twilio's voice webhooks (VOICE.md §4): public, form bodies, every one checked against its
 * X-Twilio-Signature over PUBLIC_URL and de-duplicated. TwiML answers are 200 even when the
 * handler fails (a spoken apology, then hang-up). Served by the calls module's Twilio folder
 * (decision 0026).
 */
export const twilioVoiceEndpoints = {
  incoming: endpoint({
    method: "POST",
    path: `${base}/incoming`,
    summary:
      "A caller dialled a team number (greeting, then `<Enqueue>`; voicemail or hang-up when closed) or a browser leg connected (its call's room, or an emergency `<Dial><Number>`); TwiML",
    access: { public: true },
    who,
    body: twilioVoiceIncomingForm,
    bodyKind: "form",
    answer: "xml",
  }),
  wait: endpoint({
    method: "POST",
    path: `${base}/wait`,
    summary: "The `<Enqueue waitUrl>` document: music and the 0 / 1 menu; its first request reports the caller queued",
    access: { public: true },
    who,
    query: twilioQueueWaitQuery,
    body: twilioQueueWaitForm,
    bodyKind: "form",
    answer: "xml",
  }),
  gather: endpoint({
    method: "POST",
    path: `${base}/gather`,
    summary: "A key the waiting caller pressed (0 voicemail, 1 callback text); back to the wait music, or the callback confirmation",
    access: { public: true },
    who,
    query: twilioGatherQuery,
    body: twilioGatherForm,
    bodyKind: "form",
    answer: "xml",
  }),
  queueAction: endpoint({
    method: "POST",
    path: `${base}/queue-action`,
    summary: "The `<Enqueue action>`: the caller left the queue; an apology and hang-up when Twilio's queue failed",
    access: { public: true },
    who,
    query: twilioVoiceCallQuery,
    body: twilioQueueActionForm,
    bodyKind: "form",
    answer: "xml",
  }),
  room: endpoint({
    method: "POST",
    path: `${base}/room`,
    summary: "Where a caller taken from the queue, an outbound callee or an outside transfer number goes: the call's conference room",
    access: { public: true },
    who,
    query: twilioRoomQuery,
    body: twilioAnyForm,
    bodyKind: "form",
    answer: "xml",
  }),
  desk: endpoint({
    method: "POST",
    path: `${base}/desk`,
    summary:
      "A desk phone rung beside the browser answered (decision 0041): the person's claim on the call, then the room; lost to someone faster, a hang-up",
    access: { public: true },
    who,
    query: twilioDeskQuery,
    body: twilioAnyForm,
    bodyKind: "form",
    answer: "xml",
  }),
  hold: endpoint({
    method: "POST",
    path: `${base}/hold`,
    summary: "Hold or park music of a held participant (only Say / Play / Pause / Redirect: Twilio error 13238)",
    access: { public: true },
    who,
    query: twilioHoldQuery,
    body: twilioAnyForm,
    bodyKind: "form",
    answer: "xml",
  }),
  status: endpoint({
    method: "POST",
    path: `${base}/status`,
    summary: "A call status callback → leg ringing / answered / ended, once per CallSid and status; `<Response/>`",
    access: { public: true },
    who,
    query: twilioVoiceLegQuery,
    body: twilioVoiceStatusForm,
    bodyKind: "form",
    answer: "xml",
  }),
  conferenceStatus: endpoint({
    method: "POST",
    path: `${base}/conference-status`,
    summary: "A conference status callback → staff joined / left the room, caller held; once per conference and SequenceNumber",
    access: { public: true },
    who,
    query: twilioVoiceCallQuery,
    body: twilioConferenceStatusForm,
    bodyKind: "form",
    answer: "xml",
  }),
  recording: endpoint({
    method: "POST",
    path: `${base}/recording`,
    summary:
      "A voicemail recording's status callback (→ recording completed, once per RecordingSid), or the `<Record action>` (goodbye, hang-up)",
    access: { public: true },
    who,
    query: twilioRecordingQuery,
    body: twilioRecordingForm,
    bodyKind: "form",
    answer: "xml",
  }),
};
