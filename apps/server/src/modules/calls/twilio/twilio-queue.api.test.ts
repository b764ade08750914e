import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallView } from "@relais/shared";
import { withTenant } from "../../../db/database.ts";
import { uniquePhone } from "../../../../test/helpers.ts";
import { ack, callBySid, clinic, offerOf, until, type CallsWorld, type Clinic, type Tab } from "../calls-test-kit.ts";
import { identityOf } from "./access-token.ts";
import { waitDocumentProblems } from "./twiml-rules.ts";
import { ACCOUNT_SID, newSid, type TwilioStandIn } from "./twilio-rest-test-kit.ts";
import incomingCall from "../../../../test/fixtures/twilio-voice/incoming-call.json" with { type: "json" };
import incomingBrowserLeg from "../../../../test/fixtures/twilio-voice/incoming-browser-leg.json" with { type: "json" };
import queueWait from "../../../../test/fixtures/twilio-voice/queue-wait.json" with { type: "json" };
import staffJoin from "../../../../test/fixtures/twilio-voice/conference-staff-join.json" with { type: "json" };
import gatherDigit from "../../../../test/fixtures/twilio-voice/gather-digit.json" with { type: "json" };
import recordingStatus from "../../../../test/fixtures/twilio-voice/recording-status-completed.json" with { type: "json" };
import { startTwilioClinic, TEST_PUBLIC_URL as PUBLIC_URL, type TwilioClinic } from "./twilio-clinic-test-kit.ts";

/**
 * Park and pick through Twilio (issue 13 §1, VOICE.md §4): the real app with the Twilio carrier,
 * its REST calls answered by the local stand-in, the webhooks signed as Twilio signs them. Park is
 * a participant update with the park music's holdUrl (never new TwiML inside a conference); pick
 * of a parked call lifts the hold, pick of a queued call is a Queue Member update into the room.
 */

const HOOKS = "/api/webhooks/twilio/voice";
const PARK_MUSIC = "https://music.example.test/park.mp3";

let standIn: TwilioStandIn;
let w: CallsWorld;
let c: Clinic;
let a: Tab;
let b: Tab;
let webhook: TwilioClinic["webhook"];
let closeClinic: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ standIn, w, c, a, b, webhook, close: closeClinic } = await startTwilioClinic({ TWILIO_PARK_MUSIC_URL: PARK_MUSIC }));
});

afterAll(async () => {
  await closeClinic?.();
  expect(standIn.unexpected).toEqual([]);
});

const post = (token: string, url: string, payload?: object) => w.t.request({ method: "POST", url, token, ...(payload ? { payload } : {}) });

/** A caller of `clinicOf` placed in the team number's queue by Twilio (incoming, then the wait URL's first request). */
async function queuedCaller(clinicOf: Clinic, token: string): Promise<{ callSid: string; queueSid: string; view: CallView }> {
  const caller = uniquePhone();
  const callSid = newSid("CA");
  const queueSid = standIn.queues.get(`relais ${clinicOf.number}`) ?? newSid("QU");
  const incoming = { ...incomingCall, CallSid: callSid, From: caller, Caller: caller, To: clinicOf.number, Called: clinicOf.number };
  expect((await webhook(`${HOOKS}/incoming`, incoming)).statusCode).toBe(200);
  const view = await callBySid(w.t, token, callSid);
  standIn.queues.set(`relais ${clinicOf.number}`, queueSid);
  standIn.queued.add(callSid);
  const waited = await webhook(`${HOOKS}/wait?callId=${view.id}&menu=1`, {
    ...queueWait,
    CallSid: callSid,
    QueueSid: queueSid,
    From: caller,
    To: clinicOf.number,
  });
  expect(waited.statusCode, waited.body).toBe(200);
  return { callSid, queueSid, view };
}

/** The conference reports a staff browser leg in the room (its own sequence number: each report is new). */
let sequence = 10;
async function staffJoined(callId: string, room: string, conferenceSid: string, userId: string): Promise<void> {
  sequence += 1;
  const joined = {
    ...staffJoin,
    ConferenceSid: conferenceSid,
    FriendlyName: room,
    ParticipantLabel: `staff-${userId}`,
    CallSid: newSid("CA"),
    SequenceNumber: String(sequence),
    Timestamp: new Date().toUTCString(),
  };
  expect((await webhook(`${HOOKS}/conference-status?callId=${callId}`, joined)).statusCode).toBe(200);
}

const browserLeg = (callId: string, userId: string) =>
  webhook(`${HOOKS}/incoming`, {
    ...incomingBrowserLeg,
    CallSid: newSid("CA"),
    From: `client:${identityOf(userId)}`,
    Caller: `client:${identityOf(userId)}`,
    CallId: callId,
  });

describe("park and pick through Twilio", () => {
  it("parks with a participant update to the park music, then the picker's leg joins and the hold is lifted", async () => {
    const { callSid, view } = await queuedCaller(c, a.token);
    await offerOf(a, view.id);
    ack(a, view.id);
    ack(b, view.id);
    expect((await post(a.token, "/api/voice/v1/calls/answer", { callId: view.id })).statusCode).toBe(200);
    const room = `call-${view.id}`;
    const conferenceSid = newSid("CF");
    standIn.conferences.set(room, conferenceSid);
    await staffJoined(view.id, room, conferenceSid, a.user.id);
    await until(async () => (await callBySid(w.t, a.token, callSid)).state === "active", "active");

    // Park: the caller is held with the park music's hold URL; A's leg leaves the room.
    const from = standIn.requests.length;
    const parked = await post(a.token, `/api/voice/v1/queues/park/${view.id}`);
    expect(parked.statusCode, parked.body).toBe(200);
    const participants = `/2010-04-01/Accounts/${ACCOUNT_SID}/Conferences/${conferenceSid}/Participants`;
    await until(async () => standIn.requests.slice(from).some((r) => r.method === "DELETE"), "the parker's leg removed");
    const sent = standIn.requests.slice(from).map((r) => [r.method, r.path, r.form]);
    expect(sent).toContainEqual([
      "POST",
      `${participants}/customer.json`,
      { Hold: "true", HoldUrl: `${PUBLIC_URL}${HOOKS}/hold?music=park`, HoldMethod: "POST" },
    ]);
    expect(sent).toContainEqual(["DELETE", `${participants}/staff-${a.user.id}.json`, {}]);

    // What Twilio plays from that hold URL: the park music, looped, nothing 13238 refuses.
    const hold = await webhook(`${HOOKS}/hold?music=park`, { AccountSid: ACCOUNT_SID, CallSid: callSid });
    expect(hold.statusCode).toBe(200);
    expect(hold.body).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Play loop="0">${PARK_MUSIC}</Play></Response>`);
    expect(waitDocumentProblems(hold.body, "conference-hold")).toEqual([]);

    // B picks it: the hold is lifted, B's browser leg may join the room and A's no longer.
    const before = standIn.requests.length;
    const picked = await post(b.token, "/api/voice/v1/queues/pick", { callSid });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json<CallView>()).toMatchObject({ state: "connecting", ownerUserId: b.user.id });
    await until(async () => standIn.requests.slice(before).some((r) => r.path.endsWith("/customer.json")), "the hold lifted");
    expect(standIn.requests.slice(before).map((r) => [r.method, r.path, r.form])).toContainEqual([
      "POST",
      `${participants}/customer.json`,
      { Hold: "false" },
    ]);
    const bLeg = await browserLeg(view.id, b.user.id);
    expect(bLeg.body).toContain(`participantLabel="staff-${b.user.id}"`);
    expect(bLeg.body).toContain(`>${room}</Conference>`);
    expect((await browserLeg(view.id, a.user.id)).body).toContain("<Hangup/>");
    await staffJoined(view.id, room, conferenceSid, b.user.id);
    const active = await until(async () => {
      const v = await callBySid(w.t, b.token, callSid);
      return v.state === "active" ? v : null;
    }, "active with B");
    expect(active.ownerUserId).toBe(b.user.id);
    expect(await post(b.token, "/api/voice/v1/calls/hangup", { callId: view.id })).toMatchObject({ statusCode: 200 });
  });

  it("picks a caller waiting in the queue: a Queue Member update moves them into the call's room", async () => {
    // A clinic with the queue on and nobody online: the caller waits.
    const quiet = await clinic(w.t);
    await withTenant(w.t.db.owner, quiet.org.orgId, async (tx) => {
      await tx
        .updateTable("organizations")
        .set({
          call_queue_enabled: true,
          options: JSON.stringify({ twilio: { webCallsEnabled: true }, voiceQueue: { enabled: true, notification: false } }),
        })
        .where("id", "=", quiet.org.orgId)
        .execute();
      await tx
        .updateTable("teams")
        .set({ settings: JSON.stringify({ voiceQueue: true }) })
        .where("id", "=", quiet.org.teams.main)
        .execute();
    });
    const token = await w.t.as(quiet.staff[0]!);
    const { callSid, queueSid, view } = await queuedCaller(quiet, token);
    expect((await callBySid(w.t, token, callSid)).state).toBe("queued");
    const before = standIn.requests.length;
    const picked = await post(token, "/api/voice/v1/queues/pick", { callSid });
    expect(picked.statusCode, picked.body).toBe(200);
    const member = standIn.requests.slice(before).find((r) => r.path.endsWith(`/Queues/${queueSid}/Members/${callSid}.json`));
    expect(member?.method).toBe("POST");
    expect(member?.form).toEqual({
      Url: `${PUBLIC_URL}${HOOKS}/room?${new URLSearchParams({ callId: view.id, room: `call-${view.id}`, label: "customer" }).toString()}`,
      Method: "POST",
    });
    // A second picker learns who took it.
    const other = await w.t.as(quiet.staff[1]!);
    const second = await post(other, "/api/voice/v1/queues/pick", { callSid });
    expect(second.statusCode).toBe(409);
    const taker = (await callBySid(w.t, token, callSid)).ownerName;
    expect(taker).not.toBeNull();
    expect(second.json().error).toMatchObject({ code: "error.call-taken", params: { name: taker } });
  });

  it("key 0 sends a queued caller to <Record>; the completed recording is fetched with the account's credentials and kept with the call", async () => {
    const quiet = await clinic(w.t);
    await withTenant(w.t.db.owner, quiet.org.orgId, async (tx) => {
      await tx
        .updateTable("organizations")
        .set({
          call_queue_enabled: true,
          options: JSON.stringify({ twilio: { webCallsEnabled: true }, voiceQueue: { enabled: true, notification: false } }),
        })
        .where("id", "=", quiet.org.orgId)
        .execute();
      await tx
        .updateTable("teams")
        .set({ settings: JSON.stringify({ voiceQueue: true }) })
        .where("id", "=", quiet.org.teams.main)
        .execute();
    });
    const token = await w.t.as(quiet.staff[0]!);
    const { callSid, view } = await queuedCaller(quiet, token);
    const gather = `${HOOKS}/gather?${new URLSearchParams({ callId: view.id, t: String(queueWait.QueueTime) }).toString()}`;
    const before = standIn.requests.length;
    const pressed = await webhook(gather, { ...gatherDigit, CallSid: callSid, Digits: "0" });
    expect(pressed.statusCode, pressed.body).toBe(200);
    expect((await callBySid(w.t, token, callSid)).state).toBe("voicemail");
    // The caller's leg gets the voicemail document: the prompt, then <Record> with its status callback.
    const update = await until(
      async () => standIn.requests.slice(before).find((r) => r.method === "POST" && r.path.endsWith(`/Calls/${callSid}.json`)),
      "the voicemail TwiML",
    );
    expect(update.form["Twiml"]).toContain("<Record");
    expect(update.form["Twiml"]).toContain("recordingStatusCallback=");

    const recordingSid = newSid("RE");
    const mp3 = readFileSync(new URL("../../../../test/fixtures/greeting-tone.mp3", import.meta.url));
    standIn.recordings.set(recordingSid, mp3);
    const status = `${HOOKS}/recording?${new URLSearchParams({ callId: view.id, step: "status" }).toString()}`;
    const completed = { ...recordingStatus, CallSid: callSid, RecordingSid: recordingSid, RecordingDuration: "4" };
    expect((await webhook(status, completed)).statusCode).toBe(200);
    // Twilio retries a callback: the second is a duplicate.
    expect((await webhook(status, completed)).statusCode).toBe(200);
    const ended = await until(async () => {
      const v = await callBySid(w.t, token, callSid);
      return v.state === "ended" ? v : null;
    }, "the voicemail's end");
    expect(ended.endStatus).toBe("no-answer");
    const audio = await until(async () => {
      const res = await w.t.request({ method: "GET", url: `/api/voice/v1/calls/${view.id}/voicemail`, token });
      return res.statusCode === 200 ? res : null;
    }, "the stored voicemail");
    expect(audio.headers["content-type"]).toBe("audio/mpeg");
    expect(audio.rawPayload.equals(mp3)).toBe(true);
    const fetched = standIn.requests.filter((r) => r.method === "GET" && r.path.endsWith(`/Recordings/${recordingSid}.mp3`));
    expect(fetched).toHaveLength(1);
  });
});
