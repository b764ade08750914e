import { z } from "zod";

/**
 * Twilio's voice webhooks (VOICE.md §4): the fields Relais reads. Twilio sends many more, all
 * signed and all kept (loose objects) because the signature covers every POST parameter.
 */

const callSid = z.string().regex(/^CA[0-9a-f]{32}$/i);
const accountSid = z.string().min(1).max(64);
/** A phone number, `client:<identity>` for a browser leg, or a word such as `anonymous`. */
const party = z.string().max(128).default("");
/** Twilio's RFC 2822 date ("Tue, 24 Nov 2026 14:03:07 +0000"); the time of the event when present. */
const timestamp = z.string().max(64).optional();

/** The TwiML App's voice URL and the numbers' voice URL: a caller dialled a team number, or a browser leg connected. */
export const twilioVoiceIncomingForm = z.looseObject({
  CallSid: callSid,
  AccountSid: accountSid,
  From: party,
  To: party,
  CallStatus: z.string().max(32).optional(),
  /** Set by the browser's `device.connect({ params: { CallId } })`: the call whose room this leg joins. */
  CallId: z.uuid().optional(),
});

const TWILIO_CALL_STATUSES = [
  "queued",
  "initiated",
  "ringing",
  "in-progress",
  "completed",
  "busy",
  "failed",
  "no-answer",
  "canceled",
] as const;

/** A call's status callback (call progress events). */
export const twilioVoiceStatusForm = z.looseObject({
  CallSid: callSid,
  AccountSid: accountSid,
  CallStatus: z.enum(TWILIO_CALL_STATUSES),
  From: party,
  To: party,
  ParentCallSid: callSid.optional(),
  SequenceNumber: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
  Timestamp: timestamp,
});

/** Which leg a callback is about, and its call, as Relais wrote them in the callback URL (signed with it). */
export const twilioVoiceLegQuery = z.object({
  callId: z.uuid().optional(),
  leg: z.enum(["customer", "external"]).optional(),
});

/** A conference status callback (`statusCallbackEvent` of `<Conference>`). */
export const twilioConferenceStatusForm = z.looseObject({
  ConferenceSid: z.string().regex(/^CF[0-9a-f]{32}$/i),
  AccountSid: accountSid,
  FriendlyName: z.string().max(128).optional(),
  StatusCallbackEvent: z.string().max(64),
  SequenceNumber: z.string().regex(/^\d{1,6}$/),
  CallSid: callSid.optional(),
  ParticipantLabel: z.string().max(128).optional(),
  Hold: z.enum(["true", "false"]).optional(),
  Timestamp: timestamp,
});

/** The call whose room a callback or TwiML request is about. */
export const twilioVoiceCallQuery = z.object({ callId: z.uuid() });

/** The wait URL of `<Enqueue>`: requested when the caller enters the queue and each time its document ends. */
export const twilioQueueWaitForm = z.looseObject({
  CallSid: callSid,
  AccountSid: accountSid,
  QueueSid: z.string().regex(/^QU[0-9a-f]{32}$/i),
  QueueTime: z.string().regex(/^\d{1,7}$/),
});

/** Whether the waiting caller hears the 0 / 1 menu (not for hidden or emergency callers). */
export const twilioQueueWaitQuery = z.object({ callId: z.uuid(), menu: z.enum(["0", "1"]) });

/** The `action` of `<Enqueue>`: the caller left the queue, and why. */
export const twilioQueueActionForm = z.looseObject({
  CallSid: callSid,
  AccountSid: accountSid,
  QueueResult: z.string().max(64),
});

/** The `action` of the waiting caller's `<Gather numDigits="1">`. */
export const twilioGatherForm = z.looseObject({
  CallSid: callSid,
  AccountSid: accountSid,
  Digits: z.string().max(32).default(""),
});

/** The gather's URL names the call and the caller's wait so far, which tells two presses of a key apart. */
export const twilioGatherQuery = z.object({ callId: z.uuid(), t: z.string().regex(/^\d{1,7}$/) });

/** Where a caller taken from the queue (or an outbound callee) goes: the call's room, with this label. */
export const twilioRoomQuery = z.object({ callId: z.uuid(), room: z.string().min(1).max(128), label: z.enum(["customer", "external"]) });

/** Hold and park music of a held participant. */
/** A desk phone Relais rang for this person (decision 0041): the call and the person it was offered to. */
export const twilioDeskQuery = z.object({ callId: z.uuid(), userId: z.uuid() });

export const twilioHoldQuery = z.object({ music: z.enum(["hold", "park"]) });

/** A recording's status callback, or (step=action) the `action` of `<Record>` once the caller stops. */
export const twilioRecordingForm = z.looseObject({
  CallSid: callSid,
  AccountSid: accountSid,
  RecordingSid: z
    .string()
    .regex(/^RE[0-9a-f]{32}$/i)
    .optional(),
  RecordingStatus: z.string().max(32).optional(),
  RecordingDuration: z
    .string()
    .regex(/^-?\d{1,6}$/)
    .optional(),
});

export const twilioRecordingQuery = z.object({ callId: z.uuid(), step: z.enum(["status", "action"]) });

/** A request for TwiML only (hold music): Twilio's parameters are signed and kept, none is read. */
export const twilioAnyForm = z.looseObject({});
