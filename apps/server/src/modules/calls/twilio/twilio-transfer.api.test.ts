import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallView } from "@relais/shared";
import { setExtTransfer } from "../../voice-settings/voice-settings-test-kit.ts";
import { uniquePhone } from "../../../../test/helpers.ts";
import { ack, callBySid, offerOf, until, type CallsWorld, type Clinic, type Tab } from "../calls-test-kit.ts";
import { identityOf } from "./access-token.ts";
import { ACCOUNT_SID, newSid, type TwilioStandIn } from "./twilio-rest-test-kit.ts";
import incomingCall from "../../../../test/fixtures/twilio-voice/incoming-call.json" with { type: "json" };
import incomingBrowserLeg from "../../../../test/fixtures/twilio-voice/incoming-browser-leg.json" with { type: "json" };
import queueWait from "../../../../test/fixtures/twilio-voice/queue-wait.json" with { type: "json" };
import staffJoin from "../../../../test/fixtures/twilio-voice/conference-staff-join.json" with { type: "json" };
import { startTwilioClinic, TEST_PUBLIC_URL as PUBLIC_URL, type TwilioClinic } from "./twilio-clinic-test-kit.ts";

/**
 * Transfer through Twilio (issue 13 §2, VOICE.md §4): the real app with the Twilio carrier, its
 * REST calls answered by the local stand-in, the webhooks signed as Twilio signs them. The caller
 * is held (participant update) while the target rings; the target's acceptance removes the old
 * staff leg and lifts the hold, and only the new owner's browser leg may join the room. An
 * extension is a new call with `ww` + the extension as digits, into the room.
 */

const HOOKS = "/api/webhooks/twilio/voice";

let standIn: TwilioStandIn;
let w: CallsWorld;
let c: Clinic;
let a: Tab;
let b: Tab;
let webhook: TwilioClinic["webhook"];
let closeClinic: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ standIn, w, c, a, b, webhook, close: closeClinic } = await startTwilioClinic());
});

afterAll(async () => {
  await closeClinic?.();
  expect(standIn.unexpected).toEqual([]);
});

const post = (token: string, url: string, payload?: object) => w.t.request({ method: "POST", url, token, ...(payload ? { payload } : {}) });

/** A caller of the clinic rings its team (Twilio's incoming webhook). */
async function caller(token: string): Promise<{ callSid: string; view: CallView }> {
  const from = uniquePhone();
  const callSid = newSid("CA");
  const incoming = { ...incomingCall, CallSid: callSid, From: from, Caller: from, To: c.number, Called: c.number };
  expect((await webhook(`${HOOKS}/incoming`, incoming)).statusCode).toBe(200);
  const view = await callBySid(w.t, token, callSid);
  // Twilio asks the wait URL once the greeting was heard: the caller is in the team's queue, staff ring.
  const queueSid = standIn.queues.get(`relais ${c.number}`) ?? newSid("QU");
  standIn.queues.set(`relais ${c.number}`, queueSid);
  standIn.queued.add(callSid);
  const waited = await webhook(`${HOOKS}/wait?callId=${view.id}&menu=1`, {
    ...queueWait,
    CallSid: callSid,
    QueueSid: queueSid,
    From: from,
    To: c.number,
  });
  expect(waited.statusCode, waited.body).toBe(200);
  return { callSid, view };
}

/** A's call, answered and joined: active in its conference. */
async function activeWithA(): Promise<{ callSid: string; view: CallView; conferenceSid: string; room: string }> {
  const { callSid, view } = await caller(a.token);
  await offerOf(a, view.id);
  ack(a, view.id);
  await offerOf(b, view.id);
  ack(b, view.id);
  expect((await post(a.token, "/api/voice/v1/calls/answer", { callId: view.id })).statusCode).toBe(200);
  const room = `call-${view.id}`;
  const conferenceSid = newSid("CF");
  standIn.conferences.set(room, conferenceSid);
  await staffJoined(view.id, room, conferenceSid, a.user.id);
  await until(async () => (await callBySid(w.t, a.token, callSid)).state === "active", "active");
  return { callSid, view, conferenceSid, room };
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

describe("transfer through Twilio", () => {
  it("holds the caller while the person rings, then moves the room to them: old staff leg removed, hold lifted", async () => {
    const { callSid, view, conferenceSid, room } = await activeWithA();
    const participants = `/2010-04-01/Accounts/${ACCOUNT_SID}/Conferences/${conferenceSid}/Participants`;
    const from = standIn.requests.length;
    const started = await post(a.token, "/api/voice/v1/calls/transfer", { callId: view.id, to: b.user.id });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<CallView>()).toMatchObject({ state: "transferring", held: true });
    await until(async () => standIn.requests.slice(from).some((r) => r.path.endsWith("/customer.json")), "the caller held");
    expect(standIn.requests.slice(from).map((r) => [r.method, r.path, r.form])).toContainEqual([
      "POST",
      `${participants}/customer.json`,
      { Hold: "true", HoldUrl: `${PUBLIC_URL}${HOOKS}/hold?music=hold`, HoldMethod: "POST" },
    ]);

    const before = standIn.requests.length;
    const taken = await post(b.token, "/api/voice/v1/calls/answer", { callId: view.id });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<CallView>()).toMatchObject({ state: "active", ownerUserId: b.user.id, held: false });
    await until(async () => standIn.requests.slice(before).some((r) => r.method === "DELETE"), "A's leg removed");
    const sent = standIn.requests.slice(before).map((r) => [r.method, r.path, r.form]);
    expect(sent).toContainEqual(["DELETE", `${participants}/staff-${a.user.id}.json`, {}]);
    expect(sent).toContainEqual(["POST", `${participants}/customer.json`, { Hold: "false" }]);
    // B's browser leg joins the room; A's no longer may.
    const bLeg = await browserLeg(view.id, b.user.id);
    expect(bLeg.body).toContain(`participantLabel="staff-${b.user.id}"`);
    expect(bLeg.body).toContain(`>${room}</Conference>`);
    expect((await browserLeg(view.id, a.user.id)).body).toContain("<Hangup/>");
    await staffJoined(view.id, room, conferenceSid, b.user.id);
    expect((await callBySid(w.t, b.token, callSid)).ownerUserId).toBe(b.user.id);
    expect(await post(b.token, "/api/voice/v1/calls/hangup", { callId: view.id })).toMatchObject({ statusCode: 200 });
  });

  it("calls an outside extension with ww + its digits into the call's room", async () => {
    await setExtTransfer(w.t, c.org.orgId, true);
    const outside = uniquePhone();
    const created = await post(await w.t.as(c.org.users.admin), "/api/transfer-extension", {
      name: "Laboratoire",
      phoneNumber: outside,
      extension: "204",
    });
    expect(created.statusCode, created.body).toBe(201);
    const { view, room } = await activeWithA();
    const before = standIn.requests.length;
    const started = await post(a.token, "/api/voice/v1/calls/transfer", {
      callId: view.id,
      toExtension: created.json<{ id: string }>().id,
    });
    expect(started.statusCode, started.body).toBe(200);
    const dialled = await until(
      async () => standIn.requests.slice(before).find((r) => r.method === "POST" && r.path.endsWith("/Calls.json")),
      "the outside call placed",
    );
    expect(dialled.form).toMatchObject({
      To: outside,
      From: c.number,
      SendDigits: "ww204",
      Url: `${PUBLIC_URL}${HOOKS}/room?${new URLSearchParams({ callId: view.id, room, label: "external" }).toString()}`,
    });
  });
});
