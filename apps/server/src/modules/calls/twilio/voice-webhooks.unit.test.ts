import { createHmac } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registerErrorHandling } from "../../../platform/http-errors.ts";
import { CallsDouble } from "./calls-double-test-kit.ts";
import { waitDocumentProblems } from "./twiml-rules.ts";
import { identityOf } from "./access-token.ts";
import { TwilioVoiceCarrier } from "./voice-carrier.ts";
import { twilioVoiceWebhookRoutes } from "./voice-webhooks.ts";
import { ACCOUNT_SID, AUTH_TOKEN, newSid, startTwilioStandIn, type TwilioStandIn } from "./twilio-rest-test-kit.ts";
import incomingCall from "../../../../test/fixtures/twilio-voice/incoming-call.json" with { type: "json" };
import incomingBrowserLeg from "../../../../test/fixtures/twilio-voice/incoming-browser-leg.json" with { type: "json" };
import queueWait from "../../../../test/fixtures/twilio-voice/queue-wait.json" with { type: "json" };
import gatherDigit from "../../../../test/fixtures/twilio-voice/gather-digit.json" with { type: "json" };
import outboundInProgress from "../../../../test/fixtures/twilio-voice/status-outbound-in-progress.json" with { type: "json" };
import outboundCompleted from "../../../../test/fixtures/twilio-voice/status-outbound-completed.json" with { type: "json" };
import inboundCompleted from "../../../../test/fixtures/twilio-voice/status-inbound-completed.json" with { type: "json" };
import staffJoin from "../../../../test/fixtures/twilio-voice/conference-staff-join.json" with { type: "json" };
import recordingCompleted from "../../../../test/fixtures/twilio-voice/recording-status-completed.json" with { type: "json" };
import recordAction from "../../../../test/fixtures/twilio-voice/record-action.json" with { type: "json" };
import queueActionError from "../../../../test/fixtures/twilio-voice/queue-action-error.json" with { type: "json" };
import queueActionRedirected from "../../../../test/fixtures/twilio-voice/queue-action-redirected.json" with { type: "json" };
import { twilioSignature } from "../../../../test/twilio-signature.ts";

/**
 * The voice webhooks on their own Fastify instance, with the recorded payloads signed here as
 * Twilio signs them (HMAC-SHA1 of PUBLIC_URL + path + query and the sorted POST params, base64),
 * and a double of the calls module moved by the real reducer.
 */

const PUBLIC_URL = "https://relais.example.test";
const HOOKS = "/api/webhooks/twilio/voice";
const TEAM_NUMBER = incomingCall.To;
const USER = "3f2b8c1e-9a4d-4c6b-8e7f-0a1b2c3d4e5f";
const OTHER_USER = "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a";
const NOW = Date.parse("2026-11-25T14:02:30Z");

let standIn: TwilioStandIn;
let app: FastifyInstance;
let sandboxApp: FastifyInstance;
let calls: CallsDouble;
/** This test's own Twilio sids: the webhooks remember keys across tests, as across a process's life. */
let sids: { CallSid: string; ConferenceSid: string; RecordingSid: string };
/** A recorded payload with this test's sids. */
const own = <F extends Record<string, string>>(fixture: F): F => {
  const out: Record<string, string> = { ...fixture };
  for (const k of ["CallSid", "ConferenceSid", "RecordingSid"] as const) if (k in out) out[k] = sids[k];
  return out as F;
};

async function build(carrier: TwilioVoiceCarrier | null, entry: () => CallsDouble): Promise<FastifyInstance> {
  const instance = Fastify();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(instance);
  // The entry points are looked up per request so each test gets a fresh double.
  const forward = {
    receiveInboundCall: (...a: Parameters<CallsDouble["receiveInboundCall"]>) => entry().receiveInboundCall(...a),
    applyCarrierEvent: (...a: Parameters<CallsDouble["applyCarrierEvent"]>) => entry().applyCarrierEvent(...a),
    callForStaffLeg: (...a: Parameters<CallsDouble["callForStaffLeg"]>) => entry().callForStaffLeg(...a),
    answerFromDesk: (...a: Parameters<CallsDouble["answerFromDesk"]>) => entry().answerFromDesk(...a),
    greetingOf: () => entry().greetingOf(),
  };
  await instance.register(async (api) => api.register(twilioVoiceWebhookRoutes({ carrier, entry: forward, now: () => NOW })), {
    prefix: "/api",
  });
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  standIn = await startTwilioStandIn();
  const carrier = new TwilioVoiceCarrier({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, publicUrl: PUBLIC_URL, apiBase: standIn.base });
  app = await build(carrier, () => calls);
  sandboxApp = await build(null, () => calls);
});

beforeEach(() => {
  calls = new CallsDouble(TEAM_NUMBER);
  sids = { CallSid: newSid("CA"), ConferenceSid: newSid("CF"), RecordingSid: newSid("RE") };
});

afterAll(async () => {
  await app?.close();
  await sandboxApp?.close();
  await standIn?.close();
  // Nothing here calls Twilio's REST API: the webhooks only answer.
  expect(standIn.requests).toEqual([]);
  expect(standIn.unexpected).toEqual([]);
});

/** Twilio's signature, computed without the SDK: HMAC-SHA1 over the URL then each sorted key and its value. */
const sign = (url: string, params: Record<string, string>): string => twilioSignature(AUTH_TOKEN, url, params);

/** Posts a form as Twilio does, signed for PUBLIC_URL + path unless a signature is given. */
function post(path: string, params: Record<string, string>, signature: string | null = sign(`${PUBLIC_URL}${path}`, params), on = app) {
  return on.inject({
    method: "POST",
    url: path,
    payload: new URLSearchParams(params).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...(signature === null ? {} : { "x-twilio-signature": signature }) },
  });
}

function expectRefused(res: { statusCode: number; json: () => { error: { code: string } } }) {
  expect(res.statusCode).toBe(403);
  expect(res.json().error.code).toBe("error.invalid-signature");
}

/** An inbound call received through the incoming webhook; its id. */
async function receive(params: Record<string, string> = own(incomingCall)): Promise<string> {
  const res = await post(`${HOOKS}/incoming`, params);
  expect(res.statusCode, res.body).toBe(200);
  const id = calls.sids.get(params["CallSid"] ?? "");
  if (!id) throw new Error("no call");
  return id;
}

const stateOf = (id: string) => calls.calls.get(id);

describe("incoming calls", () => {
  it("a signed call to a team number reaches the calls module and is answered with the greeting and the team number's queue", async () => {
    const res = await post(`${HOOKS}/incoming`, incomingCall);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/xml/);
    expect(calls.inbound).toEqual([
      { carrier: "twilio", carrierCallSid: incomingCall.CallSid, from: incomingCall.From, to: TEAM_NUMBER, at: NOW },
    ]);
    const id = calls.sids.get(incomingCall.CallSid);
    expect(res.body).toContain('<Say language="fr-CA">Bonjour, merci de votre appel.');
    expect(res.body).toContain(
      `<Enqueue waitUrl="${PUBLIC_URL}${HOOKS}/wait?callId=${id}&amp;menu=1" waitUrlMethod="POST" action="${PUBLIC_URL}${HOOKS}/queue-action?callId=${id}" method="POST">relais ${TEAM_NUMBER}</Enqueue>`,
    );
  });

  it("plays the team's greeting when it has one", async () => {
    calls.greeting = { kind: "audio", url: `${PUBLIC_URL}/api/media/greeting-1` };
    const res = await post(`${HOOKS}/incoming`, incomingCall);
    expect(res.body).toContain(`<Play>${PUBLIC_URL}/api/media/greeting-1</Play><Enqueue`);
  });

  it("closed: the period's greeting, then the voicemail", async () => {
    calls.period = "CLOSE";
    const res = await post(`${HOOKS}/incoming`, incomingCall);
    expect(res.body).toContain("nos bureaux sont présentement fermés");
    expect(res.body).toContain("<Record ");
    expect(res.body).not.toContain("<Enqueue");
  });

  it("a hidden caller waits without the menu", async () => {
    const res = await post(`${HOOKS}/incoming`, { ...incomingCall, From: "anonymous", Caller: "anonymous" });
    expect(res.body).toMatch(/wait\?callId=[\w-]+&amp;menu=0/);
  });

  it("a number nobody takes calls on is said so", async () => {
    const res = await post(`${HOOKS}/incoming`, { ...incomingCall, To: "+15145559999", Called: "+15145559999" });
    expect(res.body).toContain("ne reçoit pas d'appels");
    expect(res.body).toContain("<Hangup/>");
  });

  it("Twilio's retry of the incoming webhook finds the same call and answers the same", async () => {
    const first = await post(`${HOOKS}/incoming`, incomingCall);
    const again = await post(`${HOOKS}/incoming`, incomingCall);
    expect(again.body).toBe(first.body);
    expect(calls.calls.size).toBe(1);
  });

  it("a handler that fails still answers 200 with the spoken apology and hang-up", async () => {
    calls.failNext = true;
    const res = await post(`${HOOKS}/incoming`, incomingCall);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/xml/);
    expect(res.body).toContain("un problème technique");
    expect(res.body).toContain("<Hangup/>");
  });
});

describe("signatures (valid, forged, tampered, for another URL)", () => {
  it("refuses a missing, forged or tampered signature, or one made for the request's own host, before the calls module hears of it", async () => {
    const path = `${HOOKS}/incoming`;
    expectRefused(await post(path, incomingCall, null));
    expectRefused(await post(path, incomingCall, createHmac("sha1", "not-the-token").update(`${PUBLIC_URL}${path}`).digest("base64")));
    // Signed, then a parameter changed in transit.
    expectRefused(await post(path, { ...incomingCall, From: "+18005550199" }, sign(`${PUBLIC_URL}${path}`, incomingCall)));
    // Signed for the address the request arrived at, not PUBLIC_URL.
    expectRefused(await post(path, incomingCall, sign(`http://localhost${path}`, incomingCall)));
    expect(calls.inbound).toEqual([]);
  });

  it("the query is signed too: a call id changed after signing is refused", async () => {
    const id = await receive();
    const signed = `${HOOKS}/wait?callId=${id}&menu=1`;
    const res = await post(`${HOOKS}/wait?callId=${OTHER_USER}&menu=1`, own(queueWait), sign(`${PUBLIC_URL}${signed}`, own(queueWait)));
    expectRefused(res);
    expect(calls.applied).toEqual([]);
  });

  it("under the sandbox no signature is valid", async () => {
    expectRefused(await post(`${HOOKS}/incoming`, incomingCall, sign(`${PUBLIC_URL}${HOOKS}/incoming`, incomingCall), sandboxApp));
  });

  it("reads forms only: a JSON body is refused", async () => {
    const res = await app.inject({
      method: "POST",
      url: `${HOOKS}/incoming`,
      payload: incomingCall,
      headers: { "x-twilio-signature": "x" },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe("waiting in the queue", () => {
  it("the wait URL reports the caller queued and plays the menu with a gather URL naming the wait so far", async () => {
    const id = await receive();
    const res = await post(`${HOOKS}/wait?callId=${id}&menu=1`, own(queueWait));
    expect(res.statusCode, res.body).toBe(200);
    expect(stateOf(id)?.state).toBe("queued");
    expect(res.body).toContain(`<Gather numDigits="1" action="${PUBLIC_URL}${HOOKS}/gather?callId=${id}&amp;t=0"`);
    expect(waitDocumentProblems(res.body, "queue-wait")).toEqual([]);
  });

  it("replayed: the same report is handed to the calls module once, and the call moves once", async () => {
    const id = await receive();
    await post(`${HOOKS}/wait?callId=${id}&menu=1`, own(queueWait));
    const version = stateOf(id)?.version;
    const replay = await post(`${HOOKS}/wait?callId=${id}&menu=1`, own(queueWait));
    expect(replay.statusCode).toBe(200);
    expect(calls.applied.filter((a) => a.event.type === "queue.entered")).toHaveLength(1);
    expect(stateOf(id)?.version).toBe(version);
  });

  it("key 0 goes to the reducer (here: voicemail) and the caller is sent back to the wait music meanwhile", async () => {
    const id = await receive();
    await post(`${HOOKS}/wait?callId=${id}&menu=1`, own(queueWait));
    const res = await post(`${HOOKS}/gather?callId=${id}&t=0`, own(gatherDigit));
    expect(res.body).toContain(`<Redirect method="POST">${PUBLIC_URL}${HOOKS}/wait?callId=${id}&amp;menu=1</Redirect>`);
    expect(calls.applied.at(-1)?.event).toMatchObject({ type: "ivr.digit", digit: "0" });
    expect(stateOf(id)?.state).toBe("voicemail");
  });

  it("the queue action: an apology when Twilio's queue failed, nothing when the caller was moved on", async () => {
    const id = await receive();
    expect((await post(`${HOOKS}/queue-action?callId=${id}`, queueActionError)).body).toContain("<Hangup/>");
    expect((await post(`${HOOKS}/queue-action?callId=${id}`, queueActionRedirected)).body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response/>',
    );
  });
});

describe("status callbacks", () => {
  it("out of order: an outbound callee's completed before its in-progress leaves the call ended, answered at the earlier time", async () => {
    const call = calls.placeOutbound(USER, outboundCompleted.To, NOW);
    const path = `${HOOKS}/status?callId=${call.id}&leg=customer`;
    expect((await post(path, own(outboundCompleted))).statusCode).toBe(200);
    expect((await post(path, own(outboundInProgress))).statusCode).toBe(200);
    expect(stateOf(call.id)).toMatchObject({
      state: "ended",
      endStatus: "completed",
      answeredAt: Date.parse("2026-11-25T14:03:09Z"),
      endedAt: Date.parse("2026-11-25T14:04:44Z"),
    });
    // Replayed: not handed on again.
    await post(path, own(outboundCompleted));
    expect(calls.applied.filter((a) => a.event.type === "leg.ended")).toHaveLength(1);
  });

  it("an inbound caller hanging up is found by CallSid and ends the call", async () => {
    const id = await receive();
    await post(`${HOOKS}/status`, own(inboundCompleted));
    expect(calls.applied.at(-1)?.ref).toEqual({ carrierCallSid: sids.CallSid });
    expect(stateOf(id)).toMatchObject({ state: "ended", endStatus: "canceled" });
  });

  it("staff joining the room makes the claimed call active", async () => {
    const id = await receive();
    await post(`${HOOKS}/wait?callId=${id}&menu=1`, own(queueWait));
    calls.move(id, { type: "offer.sent", key: "offer-1", at: NOW + 1000, offers: [{ userId: USER, teamId: "team-main" }] });
    calls.move(id, { type: "staff.answer", key: "answer-1", at: NOW + 2000, userId: USER });
    const res = await post(`${HOOKS}/conference-status?callId=${id}`, own(staffJoin));
    expect(res.statusCode, res.body).toBe(200);
    expect(stateOf(id)).toMatchObject({ state: "active", answeredAt: Date.parse(staffJoin.Timestamp) });
  });

  it("a failing calls module still gets a 200 TwiML answer", async () => {
    const id = await receive();
    calls.failNext = true;
    const res = await post(`${HOOKS}/conference-status?callId=${id}`, own(staffJoin));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<Hangup/>");
  });

  it("a voicemail's completed recording ends the call with it; the Record action says goodbye", async () => {
    calls.period = "CLOSE";
    const id = await receive();
    expect(stateOf(id)?.state).toBe("voicemail");
    await post(`${HOOKS}/recording?callId=${id}&step=status`, own(recordingCompleted));
    expect(stateOf(id)).toMatchObject({ state: "ended", voicemail: { recordingId: sids.RecordingSid, durationSeconds: 23 } });
    const action = await post(`${HOOKS}/recording?callId=${id}&step=action`, own(recordAction));
    expect(action.body).toContain("Au revoir.</Say>");
    expect(action.body).toContain("<Hangup/>");
  });
});

describe("browser legs and rooms", () => {
  it("the browser of the person who holds the call joins its room, labelled with their user id", async () => {
    const call = calls.placeOutbound(USER, "+14385550123", NOW);
    const res = await post(`${HOOKS}/incoming`, { ...incomingBrowserLeg, CallId: call.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(`<Conference participantLabel="staff-${USER}" startConferenceOnEnter="true" endConferenceOnExit="false"`);
    expect(res.body).toContain(`statusCallback="${PUBLIC_URL}${HOOKS}/conference-status?callId=${call.id}"`);
    expect(res.body).toContain(`>call-${call.id}</Conference>`);
    expect(calls.inbound).toEqual([]);
  });

  it("another person's browser, or a call that is not theirs, is hung up", async () => {
    const call = calls.placeOutbound(USER, "+14385550123", NOW);
    const other = `client:${identityOf(OTHER_USER)}`;
    const res = await post(`${HOOKS}/incoming`, { ...incomingBrowserLeg, From: other, Caller: other, CallId: call.id });
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    const noCall = await post(`${HOOKS}/incoming`, { ...incomingBrowserLeg });
    expect(noCall.body).toContain("<Hangup/>");
  });

  it("an emergency call from the browser dials 911 directly with the team's number, no room", async () => {
    const call = calls.placeOutbound(USER, "911", NOW);
    const res = await post(`${HOOKS}/incoming`, { ...incomingBrowserLeg, CallId: call.id });
    expect(res.body).toContain(
      `<Dial callerId="${TEAM_NUMBER}"><Number statusCallback="${PUBLIC_URL}${HOOKS}/status?callId=${call.id}&amp;leg=customer"`,
    );
    expect(res.body).toContain(">911</Number>");
    expect(res.body).not.toContain("Conference");
  });

  it("the room's TwiML puts the caller in the named room, and hold music passes the 13238 check", async () => {
    const id = await receive();
    const room = await post(`${HOOKS}/room?callId=${id}&room=call-${id}&label=customer`, {
      AccountSid: ACCOUNT_SID,
      CallSid: incomingCall.CallSid,
    });
    expect(room.body).toContain(`<Conference participantLabel="customer" startConferenceOnEnter="false" endConferenceOnExit="true"`);
    expect(room.body).toContain(`>call-${id}</Conference>`);
    const hold = await post(`${HOOKS}/hold?music=park`, { AccountSid: ACCOUNT_SID });
    expect(hold.statusCode).toBe(200);
    expect(waitDocumentProblems(hold.body, "conference-hold")).toEqual([]);
    expect(hold.body).toContain('<Play loop="0">');
  });

  it("hostile input that passes the signature is a 400, never a 500", async () => {
    const res = await post(`${HOOKS}/status?callId=not-a-uuid`, own(outboundCompleted));
    expect(res.statusCode).toBe(400);
    const bad = await post(`${HOOKS}/incoming`, { ...incomingCall, CallSid: "CA'; drop table calls;--" });
    expect(bad.statusCode).toBe(400);
  });
});
