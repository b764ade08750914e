import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallView, VoiceToken } from "@relais/shared";
import { withTenant } from "../../../db/database.ts";
import { uniquePhone } from "../../../../test/helpers.ts";
import { createTwilioCarrier } from "../../../carriers/twilio/twilio-carrier.ts";
import {
  ack,
  callBySid,
  callsWorld,
  clinic,
  eventsOf,
  offerOf,
  openTab,
  until,
  type CallsWorld,
  type Clinic,
  type Tab,
} from "../calls-test-kit.ts";
import { identityOf } from "./access-token.ts";
import { ACCOUNT_SID, AUTH_TOKEN, newSid, startTwilioStandIn, type TwilioStandIn } from "./twilio-rest-test-kit.ts";
import incomingCall from "../../../../test/fixtures/twilio-voice/incoming-call.json" with { type: "json" };
import incomingBrowserLeg from "../../../../test/fixtures/twilio-voice/incoming-browser-leg.json" with { type: "json" };
import queueWait from "../../../../test/fixtures/twilio-voice/queue-wait.json" with { type: "json" };
import staffJoin from "../../../../test/fixtures/twilio-voice/conference-staff-join.json" with { type: "json" };
import inboundCompleted from "../../../../test/fixtures/twilio-voice/status-inbound-completed.json" with { type: "json" };
import { twilioSignature } from "../../../../test/twilio-signature.ts";

/**
 * An inbound Twilio call end to end through the real app (issue 12 §2, decision 0026): the
 * Twilio carrier is configured as in production, its REST calls reach the local stand-in, and
 * the webhooks are the recorded payloads signed here as Twilio signs them. The calls module, its
 * tables, offers and socket are the real ones.
 */

const PUBLIC_URL = "https://relais.example.test";
const HOOKS = "/api/webhooks/twilio/voice";
const API_KEY = { sid: "SK0123456789abcdef0123456789abcdef", secret: "api-key-secret-of-the-tests-0123" };
const TWIML_APP_SID = "AP0123456789abcdef0123456789abcdef";

let standIn: TwilioStandIn;
let w: CallsWorld;
let c: Clinic;
let tab: Tab;

beforeAll(async () => {
  standIn = await startTwilioStandIn();
  w = await callsWorld(
    {
      PUBLIC_URL,
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_API_BASE: standIn.base,
      TWILIO_API_KEY_SID: API_KEY.sid,
      TWILIO_API_KEY_SECRET: API_KEY.secret,
      TWILIO_TWIML_APP_SID: TWIML_APP_SID,
    },
    { carrier: createTwilioCarrier({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, publicUrl: PUBLIC_URL, apiBase: standIn.base }) },
  );
  c = await clinic(w.t);
  tab = await openTab(w, c.staff[0]!);
});

afterAll(async () => {
  await tab?.socket.close();
  await w?.close();
  await standIn?.close();
  // Nothing left the machine, and nothing but the resources the voice carrier uses was called.
  expect(standIn.unexpected).toEqual([]);
});

/** Twilio's signature: HMAC-SHA1 over the URL then each sorted key and its value, base64. */
const sign = (url: string, params: Record<string, string>): string => twilioSignature(AUTH_TOKEN, url, params);

/** Posts a form as Twilio does, signed for PUBLIC_URL + path (query included) unless a signature is given. */
function webhook(path: string, params: Record<string, string>, signature: string = sign(`${PUBLIC_URL}${path}`, params)) {
  return w.t.request({
    method: "POST",
    url: path,
    payload: new URLSearchParams(params).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
  });
}

const escaped = (url: string) => url.replaceAll("&", "&amp;");

const callRow = (callId: string) =>
  withTenant(w.t.db.owner, c.org.orgId, (tx) =>
    tx.selectFrom("calls").select(["state", "version", "room", "carrier"]).where("id", "=", callId).executeTakeFirstOrThrow(),
  );

const callsWithSid = async (sid: string) =>
  (await withTenant(w.t.db.owner, c.org.orgId, (tx) => tx.selectFrom("calls").select("id").where("carrier_call_sid", "=", sid).execute()))
    .length;

describe("an inbound call through Twilio", () => {
  it("answers the voice token of Twilio's Voice SDK", async () => {
    const res = await w.t.request({ method: "GET", url: "/api/voice/v1/tokens", token: tab.token });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<VoiceToken>();
    expect(token).toMatchObject({ carrier: "twilio", identity: identityOf(tab.user.id) });
    const claims = JSON.parse(Buffer.from(token.jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      iss: string;
      sub: string;
      grants: { identity: string; voice: { outgoing: { application_sid: string } } };
    };
    expect(claims).toMatchObject({ iss: API_KEY.sid, sub: ACCOUNT_SID });
    expect(claims.grants.identity).toBe(identityOf(tab.user.id));
    expect(claims.grants.voice.outgoing.application_sid).toBe(TWIML_APP_SID);
  });

  it("queues the caller, rings the staff socket, moves the caller into the room on answer and ends with the caller's hang-up", async () => {
    const caller = uniquePhone();
    const callSid = newSid("CA");
    const queueSid = newSid("QU");
    const now = () => new Date().toUTCString();
    const incoming = { ...incomingCall, CallSid: callSid, From: caller, Caller: caller, To: c.number, Called: c.number };

    // 1. Twilio reports the call: the greeting, then the team number's queue.
    const first = await webhook(`${HOOKS}/incoming`, incoming);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^text\/xml/);
    const view = await callBySid(w.t, tab.token, callSid);
    expect(view).toMatchObject({ state: "ivr", direction: "inbound" });
    expect(first.body).toContain("<Say");
    expect(first.body).toContain(
      `<Enqueue waitUrl="${escaped(`${PUBLIC_URL}${HOOKS}/wait?callId=${view.id}&menu=1`)}" waitUrlMethod="POST" action="${PUBLIC_URL}${HOOKS}/queue-action?callId=${view.id}" method="POST">relais ${c.number}</Enqueue>`,
    );
    // Twilio retries the same webhook: the same call, the same answer.
    const retried = await webhook(`${HOOKS}/incoming`, incoming);
    expect(retried.body).toBe(first.body);
    expect(await callsWithSid(callSid)).toBe(1);

    // 2. The caller is in the queue (the wait URL's first request): the staff tab is offered the call.
    standIn.queues.set(`relais ${c.number}`, queueSid);
    standIn.queued.add(callSid);
    const waitPath = `${HOOKS}/wait?callId=${view.id}&menu=1`;
    const waited = await webhook(waitPath, { ...queueWait, CallSid: callSid, QueueSid: queueSid, From: caller, To: c.number });
    expect(waited.statusCode, waited.body).toBe(200);
    expect(waited.body).toContain("<Gather");
    const offer = await offerOf(tab, view.id);
    expect("payload" in offer && offer.payload["phoneNumber"]).toBe(caller);
    ack(tab, view.id);
    expect((await callRow(view.id)).state).toBe("ringing");

    // 3. Answer: the caller is taken from the queue into the call's room (Queue Member update).
    const answered = await w.t.request({
      method: "POST",
      url: "/api/voice/v1/calls/answer",
      token: tab.token,
      payload: { callId: view.id },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<CallView>().state).toBe("connecting");
    const { room } = await callRow(view.id);
    expect(room).toBe(`call-${view.id}`);
    const member = standIn.requests.find((r) => r.path.endsWith(`/Queues/${queueSid}/Members/${callSid}.json`));
    expect(member?.method).toBe("POST");
    expect(member?.form).toMatchObject({
      Url: `${PUBLIC_URL}${HOOKS}/room?${new URLSearchParams({ callId: view.id, room, label: "customer" }).toString()}`,
      Method: "POST",
    });
    expect(member?.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`);

    // 4. Twilio fetches the room document for the caller; the staff browser's leg joins the same room.
    const roomPath = `${HOOKS}/room?${new URLSearchParams({ callId: view.id, room, label: "customer" }).toString()}`;
    const roomDoc = await webhook(roomPath, { CallSid: callSid, AccountSid: ACCOUNT_SID });
    expect(roomDoc.body).toContain(`>${room}</Conference>`);
    const browserLeg = await webhook(`${HOOKS}/incoming`, {
      ...incomingBrowserLeg,
      CallSid: newSid("CA"),
      From: `client:${identityOf(tab.user.id)}`,
      Caller: `client:${identityOf(tab.user.id)}`,
      CallId: view.id,
    });
    expect(browserLeg.body).toContain(`participantLabel="staff-${tab.user.id}"`);
    expect(browserLeg.body).toContain(`>${room}</Conference>`);
    // Another person's browser cannot join it.
    const intruder = await webhook(`${HOOKS}/incoming`, {
      ...incomingBrowserLeg,
      CallSid: newSid("CA"),
      From: `client:${identityOf(c.staff[1]!.id)}`,
      Caller: `client:${identityOf(c.staff[1]!.id)}`,
      CallId: view.id,
    });
    expect(intruder.body).toContain("<Hangup/>");
    expect(intruder.body).not.toContain("<Conference");

    // 5. The conference reports the staff leg in the room: the call is active.
    const conferenceSid = newSid("CF");
    standIn.conferences.set(room, conferenceSid);
    const joined = {
      ...staffJoin,
      ConferenceSid: conferenceSid,
      FriendlyName: room,
      ParticipantLabel: `staff-${tab.user.id}`,
      Timestamp: now(),
    };
    const joinPath = `${HOOKS}/conference-status?callId=${view.id}`;
    expect((await webhook(joinPath, joined)).statusCode).toBe(200);
    const active = await until(async () => {
      const v = await callBySid(w.t, tab.token, callSid);
      return v.state === "active" ? v : null;
    }, "the call to be active");
    expect(active.answeredAt).not.toBeNull();

    // 6. A replayed webhook changes nothing; a forged or tampered one is refused before anything is read.
    const version = (await callRow(view.id)).version;
    expect((await webhook(joinPath, joined)).statusCode).toBe(200);
    expect((await webhook(waitPath, { ...queueWait, CallSid: callSid, QueueSid: queueSid, From: caller, To: c.number })).statusCode).toBe(
      200,
    );
    const hangup = {
      ...inboundCompleted,
      CallSid: callSid,
      From: caller,
      Caller: caller,
      To: c.number,
      Called: c.number,
      Timestamp: now(),
    };
    const forged = await webhook(
      `${HOOKS}/status`,
      hangup,
      createHmac("sha1", "not-the-token").update(`${PUBLIC_URL}${HOOKS}/status`).digest("base64"),
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe("error.invalid-signature");
    const tampered = await webhook(`${HOOKS}/status`, { ...hangup, CallStatus: "busy" }, sign(`${PUBLIC_URL}${HOOKS}/status`, hangup));
    expect(tampered.statusCode).toBe(403);
    const forAnotherHost = await webhook(`${HOOKS}/status`, hangup, sign(`http://localhost${HOOKS}/status`, hangup));
    expect(forAnotherHost.statusCode).toBe(403);
    const forgedIncoming = await webhook(`${HOOKS}/incoming`, { ...incoming, CallSid: newSid("CA") }, "bm90LWEtc2lnbmF0dXJl");
    expect(forgedIncoming.statusCode).toBe(403);
    expect(await callRow(view.id)).toMatchObject({ state: "active", version });

    // 7. The caller hangs up: the call ends completed, the staff tab hears it, Relais ends the room.
    const completed = await webhook(`${HOOKS}/status`, hangup);
    expect(completed.statusCode, completed.body).toBe(200);
    const ended = await callBySid(w.t, tab.token, callSid);
    expect(ended).toMatchObject({ state: "ended", endStatus: "completed" });
    await tab.socket.waitFor((m) => m.type === "call.ended" && "payload" in m && m.payload["id"] === view.id);
    expect(eventsOf(tab, "call.ended", view.id)).toHaveLength(1);
    await until(
      async () =>
        standIn.requests.some((r) => r.method === "POST" && r.path.endsWith(`/Calls/${callSid}.json`) && r.form["Status"] === "completed"),
      "the caller's leg completed",
    );
    await until(async () => !standIn.conferences.has(room), "the room completed");
    // Its replay, or a late "in-progress", leaves the ended call as it is.
    const endedVersion = (await callRow(view.id)).version;
    await webhook(`${HOOKS}/status`, hangup);
    await webhook(`${HOOKS}/status`, { ...hangup, CallStatus: "in-progress", SequenceNumber: "1" });
    expect(await callRow(view.id)).toMatchObject({ state: "ended", version: endedVersion, carrier: "twilio" });
  });
});
