import type { z } from "zod";
import type {
  twilioConferenceStatusForm,
  twilioGatherForm,
  twilioGatherQuery,
  twilioQueueWaitForm,
  twilioRecordingForm,
  twilioVoiceLegQuery,
  twilioVoiceStatusForm,
} from "@relais/shared/contracts/twilio-voice";
import type { CarrierEvent, LegEndStatus } from "../model.ts";
import type { CarrierEventRef } from "../carrier.ts";
import { CUSTOMER_LABEL } from "./twiml.ts";

/**
 * Twilio's voice webhooks turned into the reducer's carrier events (VOICE.md §1), pure. Each
 * event carries a de-duplication key built from what Twilio repeats when it retries (the same
 * CallSid and status, the same conference SequenceNumber, the same RecordingSid), so a replayed
 * webhook gives the same key and changes nothing; and the time Twilio says it happened, so an
 * out-of-order delivery is judged by when things occurred, not when they arrived.
 */

export type Translated = { ref: CarrierEventRef; event: CarrierEvent };

/** Twilio's Timestamp (RFC 2822) in epoch ms, or the time of arrival when it is missing or unreadable. */
export function eventTime(timestamp: string | undefined, arrivedAt: number): number {
  const t = timestamp ? Date.parse(timestamp) : Number.NaN;
  return Number.isFinite(t) ? t : arrivedAt;
}

const ENDED: Partial<Record<z.infer<typeof twilioVoiceStatusForm>["CallStatus"], LegEndStatus>> = {
  completed: "completed",
  busy: "busy",
  "no-answer": "no-answer",
  failed: "failed",
  canceled: "canceled",
};

/**
 * A leg's status callback. The leg is the one Relais named in the callback URL (an outbound
 * callee, an outside transfer number), else the caller of an inbound call, found by its CallSid.
 * Browser legs (`client:`) are followed through the room's join and leave instead; queued and
 * initiated say nothing the reducer needs.
 */
export function fromCallStatus(
  form: z.infer<typeof twilioVoiceStatusForm>,
  query: z.infer<typeof twilioVoiceLegQuery>,
  arrivedAt: number,
): Translated | null {
  if (!query.leg && (form.From.startsWith("client:") || form.To.startsWith("client:"))) return null;
  const leg = query.leg ?? "customer";
  const ref: CarrierEventRef = query.callId ? { callId: query.callId } : { carrierCallSid: form.CallSid };
  const base = { key: `twilio:call:${form.CallSid}:${form.CallStatus}`, at: eventTime(form.Timestamp, arrivedAt) };
  switch (form.CallStatus) {
    case "ringing":
      return { ref, event: { ...base, type: "leg.ringing", leg } };
    case "in-progress":
      return { ref, event: { ...base, type: "leg.answered", leg } };
    case "queued":
    case "initiated":
      return null;
    default: {
      const status = ENDED[form.CallStatus];
      return status ? { ref, event: { ...base, type: "leg.ended", leg, status } } : null;
    }
  }
}

const STAFF_LABEL = /^staff-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The staff member a participant label names (`staff-<userId>`, see twiml.ts), or null for the caller and outside numbers. */
function staffOfLabel(label: string | undefined): string | null {
  return STAFF_LABEL.exec(label ?? "")?.[1] ?? null;
}

/**
 * A conference status callback: staff joining and leaving the room, the caller held or
 * resumed. The room start and end, and the caller's own join, change nothing in the call.
 */
export function fromConferenceStatus(
  form: z.infer<typeof twilioConferenceStatusForm>,
  callId: string,
  arrivedAt: number,
): Translated | null {
  const ref = { callId };
  const base = { key: `twilio:conference:${form.ConferenceSid}:${form.SequenceNumber}`, at: eventTime(form.Timestamp, arrivedAt) };
  const userId = staffOfLabel(form.ParticipantLabel);
  switch (form.StatusCallbackEvent) {
    case "participant-join":
      return userId ? { ref, event: { ...base, type: "room.joined", userId } } : null;
    case "participant-leave":
      return userId ? { ref, event: { ...base, type: "room.left", userId } } : null;
    case "participant-hold":
    case "participant-unhold":
      if (form.ParticipantLabel !== CUSTOMER_LABEL) return null;
      return { ref, event: { ...base, type: "leg.held", leg: "customer", held: form.StatusCallbackEvent === "participant-hold" } };
    default:
      return null;
  }
}

/**
 * The wait URL's request: the caller is in the queue. Twilio asks again each time the wait
 * document ends; the key (CallSid and queue) makes every later request a duplicate.
 */
export function fromQueueWait(form: z.infer<typeof twilioQueueWaitForm>, callId: string, arrivedAt: number): Translated {
  return {
    ref: { callId },
    event: { key: `twilio:queue:${form.CallSid}:${form.QueueSid}`, at: arrivedAt - Number(form.QueueTime) * 1000, type: "queue.entered" },
  };
}

/**
 * A key the waiting caller pressed. The gather URL carries the caller's time in the queue when
 * the menu was played, so the same key pressed in a later round is a new event, and Twilio's
 * retry of one press is not.
 */
export function fromGather(
  form: z.infer<typeof twilioGatherForm>,
  query: z.infer<typeof twilioGatherQuery>,
  arrivedAt: number,
): Translated | null {
  const digit = form.Digits.slice(0, 1);
  if (!/^[0-9*#]$/.test(digit)) return null;
  return {
    ref: { callId: query.callId },
    event: { key: `twilio:gather:${form.CallSid}:${query.t}:${digit}`, at: arrivedAt, type: "ivr.digit", digit },
  };
}

/** A voicemail recording's status: completed gives the reducer its id and duration; absent or failed leaves the caller's hang-up to end the call. */
export function fromRecordingStatus(form: z.infer<typeof twilioRecordingForm>, callId: string, arrivedAt: number): Translated | null {
  if (form.RecordingStatus !== "completed" || !form.RecordingSid) return null;
  const durationSeconds = Math.max(0, Number(form.RecordingDuration ?? "0"));
  return {
    ref: { callId },
    event: {
      key: `twilio:recording:${form.RecordingSid}:completed`,
      at: arrivedAt,
      type: "recording.completed",
      recordingId: form.RecordingSid,
      durationSeconds,
    },
  };
}
