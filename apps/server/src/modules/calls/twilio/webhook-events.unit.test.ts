import { describe, expect, it } from "vitest";
import {
  twilioConferenceStatusForm,
  twilioGatherForm,
  twilioQueueWaitForm,
  twilioRecordingForm,
  twilioVoiceStatusForm,
} from "@relais/shared/contracts/twilio-voice";
import { eventTime, fromCallStatus, fromConferenceStatus, fromGather, fromQueueWait, fromRecordingStatus } from "./webhook-events.ts";
import outboundRinging from "../../../../test/fixtures/twilio-voice/status-outbound-ringing.json" with { type: "json" };
import outboundInProgress from "../../../../test/fixtures/twilio-voice/status-outbound-in-progress.json" with { type: "json" };
import outboundCompleted from "../../../../test/fixtures/twilio-voice/status-outbound-completed.json" with { type: "json" };
import inboundCompleted from "../../../../test/fixtures/twilio-voice/status-inbound-completed.json" with { type: "json" };
import browserLegCompleted from "../../../../test/fixtures/twilio-voice/status-browser-leg-completed.json" with { type: "json" };
import staffJoin from "../../../../test/fixtures/twilio-voice/conference-staff-join.json" with { type: "json" };
import staffLeave from "../../../../test/fixtures/twilio-voice/conference-staff-leave.json" with { type: "json" };
import customerHold from "../../../../test/fixtures/twilio-voice/conference-customer-hold.json" with { type: "json" };
import customerJoin from "../../../../test/fixtures/twilio-voice/conference-customer-join.json" with { type: "json" };
import conferenceEnd from "../../../../test/fixtures/twilio-voice/conference-end.json" with { type: "json" };
import queueWait from "../../../../test/fixtures/twilio-voice/queue-wait.json" with { type: "json" };
import gatherDigit from "../../../../test/fixtures/twilio-voice/gather-digit.json" with { type: "json" };
import recordingCompleted from "../../../../test/fixtures/twilio-voice/recording-status-completed.json" with { type: "json" };

const CALL = "6c1d3e0a-1b2c-4d5e-8f90-123456789abc";
const USER = "3f2b8c1e-9a4d-4c6b-8e7f-0a1b2c3d4e5f";
const ARRIVED = Date.parse("2026-11-25T14:30:00Z");
/** Each recorded payload read through its contract, as the webhook route reads it. */
const status = (fixture: object, extra: Record<string, string> = {}) => twilioVoiceStatusForm.parse({ ...fixture, ...extra });
const conference = (fixture: object, extra: Record<string, string> = {}) => twilioConferenceStatusForm.parse({ ...fixture, ...extra });

describe("call status callbacks", () => {
  it("an outbound callee's ringing, answer and hang-up, keyed by CallSid and status, dated by Twilio's Timestamp", () => {
    const query = { callId: CALL, leg: "customer" as const };
    expect([outboundRinging, outboundInProgress, outboundCompleted].map((f) => fromCallStatus(status(f), query, ARRIVED))).toEqual([
      {
        ref: { callId: CALL },
        event: {
          type: "leg.ringing",
          leg: "customer",
          key: `twilio:call:${outboundRinging.CallSid}:ringing`,
          at: Date.parse("2026-11-25T14:03:02Z"),
        },
      },
      {
        ref: { callId: CALL },
        event: {
          type: "leg.answered",
          leg: "customer",
          key: `twilio:call:${outboundRinging.CallSid}:in-progress`,
          at: Date.parse("2026-11-25T14:03:09Z"),
        },
      },
      {
        ref: { callId: CALL },
        event: {
          type: "leg.ended",
          leg: "customer",
          status: "completed",
          key: `twilio:call:${outboundRinging.CallSid}:completed`,
          at: Date.parse("2026-11-25T14:04:44Z"),
        },
      },
    ]);
  });

  it("an inbound caller's hang-up is found by its CallSid", () => {
    expect(fromCallStatus(status(inboundCompleted), {}, ARRIVED)).toEqual({
      ref: { carrierCallSid: inboundCompleted.CallSid },
      event: {
        type: "leg.ended",
        leg: "customer",
        status: "completed",
        key: `twilio:call:${inboundCompleted.CallSid}:completed`,
        at: Date.parse("2026-11-25T14:10:31Z"),
      },
    });
  });

  it("an outside transfer number is the external leg; busy, no-answer, failed and canceled end it with that status", () => {
    for (const s of ["busy", "no-answer", "failed", "canceled"] as const) {
      const t = fromCallStatus(status(outboundCompleted, { CallStatus: s }), { callId: CALL, leg: "external" }, ARRIVED);
      expect(t?.event).toMatchObject({ type: "leg.ended", leg: "external", status: s });
    }
  });

  it("a replay gives the same key; another status is another key", () => {
    const once = fromCallStatus(status(outboundCompleted), { callId: CALL }, ARRIVED);
    const again = fromCallStatus(status(outboundCompleted), { callId: CALL }, ARRIVED + 60_000);
    expect(again?.event.key).toBe(once?.event.key);
    expect(fromCallStatus(status(outboundInProgress), { callId: CALL }, ARRIVED)?.event.key).not.toBe(once?.event.key);
  });

  it("browser legs, queued and initiated say nothing to the reducer", () => {
    expect(fromCallStatus(status(browserLegCompleted), {}, ARRIVED)).toBeNull();
    expect(fromCallStatus(status(outboundRinging, { CallStatus: "queued" }), { callId: CALL }, ARRIVED)).toBeNull();
    expect(fromCallStatus(status(outboundRinging, { CallStatus: "initiated" }), { callId: CALL }, ARRIVED)).toBeNull();
  });

  it("a missing or unreadable Timestamp falls back to the time of arrival", () => {
    expect(eventTime(undefined, ARRIVED)).toBe(ARRIVED);
    expect(eventTime("not a date", ARRIVED)).toBe(ARRIVED);
    expect(eventTime("Wed, 25 Nov 2026 14:03:02 +0000", ARRIVED)).toBe(Date.parse("2026-11-25T14:03:02Z"));
  });
});

describe("conference status callbacks", () => {
  it("staff joining and leaving the room, by the user id in their participant label, keyed by conference and SequenceNumber", () => {
    expect(fromConferenceStatus(conference(staffJoin), CALL, ARRIVED)).toEqual({
      ref: { callId: CALL },
      event: {
        type: "room.joined",
        userId: USER,
        key: `twilio:conference:${staffJoin.ConferenceSid}:2`,
        at: Date.parse("2026-11-25T14:03:12Z"),
      },
    });
    expect(fromConferenceStatus(conference(staffLeave), CALL, ARRIVED)?.event).toMatchObject({ type: "room.left", userId: USER });
  });

  it("the caller held and resumed", () => {
    expect(fromConferenceStatus(conference(customerHold), CALL, ARRIVED)?.event).toMatchObject({
      type: "leg.held",
      leg: "customer",
      held: true,
    });
    const unhold = conference(customerHold, { StatusCallbackEvent: "participant-unhold", Hold: "false", SequenceNumber: "4" });
    expect(fromConferenceStatus(unhold, CALL, ARRIVED)?.event).toMatchObject({ type: "leg.held", leg: "customer", held: false });
  });

  it("the caller's own join, the room's end and a label that is not ours change nothing", () => {
    expect(fromConferenceStatus(conference(customerJoin), CALL, ARRIVED)).toBeNull();
    expect(fromConferenceStatus(conference(conferenceEnd), CALL, ARRIVED)).toBeNull();
    expect(fromConferenceStatus(conference(staffJoin, { ParticipantLabel: "staff-../../admin" }), CALL, ARRIVED)).toBeNull();
    expect(fromConferenceStatus(conference(staffJoin, { ParticipantLabel: "external" }), CALL, ARRIVED)).toBeNull();
  });
});

describe("queue, keys and recordings", () => {
  it("the wait URL's requests report the caller queued once per call and queue, dated when they entered", () => {
    const first = fromQueueWait(twilioQueueWaitForm.parse(queueWait), CALL, ARRIVED);
    const later = fromQueueWait(twilioQueueWaitForm.parse({ ...queueWait, QueueTime: "30" }), CALL, ARRIVED + 30_000);
    expect(first).toEqual({
      ref: { callId: CALL },
      event: { type: "queue.entered", key: `twilio:queue:${queueWait.CallSid}:${queueWait.QueueSid}`, at: ARRIVED },
    });
    expect(later).toEqual(first);
  });

  it("a pressed key is one event per round of the menu", () => {
    const press = fromGather(twilioGatherForm.parse(gatherDigit), { callId: CALL, t: "0" }, ARRIVED);
    expect(press).toEqual({
      ref: { callId: CALL },
      event: { type: "ivr.digit", digit: "0", key: `twilio:gather:${gatherDigit.CallSid}:0:0`, at: ARRIVED },
    });
    expect(fromGather(twilioGatherForm.parse(gatherDigit), { callId: CALL, t: "45" }, ARRIVED)?.event.key).not.toBe(press?.event.key);
    expect(fromGather(twilioGatherForm.parse({ ...gatherDigit, Digits: "" }), { callId: CALL, t: "0" }, ARRIVED)).toBeNull();
  });

  it("a completed recording gives its id and duration; absent or failed gives nothing", () => {
    expect(fromRecordingStatus(twilioRecordingForm.parse(recordingCompleted), CALL, ARRIVED)).toEqual({
      ref: { callId: CALL },
      event: {
        type: "recording.completed",
        recordingId: recordingCompleted.RecordingSid,
        durationSeconds: 23,
        key: `twilio:recording:${recordingCompleted.RecordingSid}:completed`,
        at: ARRIVED,
      },
    });
    expect(fromRecordingStatus(twilioRecordingForm.parse({ ...recordingCompleted, RecordingStatus: "absent" }), CALL, ARRIVED)).toBeNull();
  });
});
