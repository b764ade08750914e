import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallView, CreatedSipEndpoint } from "@relais/shared";
import { uniquePhone } from "../../../../test/helpers.ts";
import { ack, callBySid, eventsOf, offerOf, until, type Tab } from "../calls-test-kit.ts";
import { ACCOUNT_SID, newSid, type RestRequest } from "./twilio-rest-test-kit.ts";
import incomingCall from "../../../../test/fixtures/twilio-voice/incoming-call.json" with { type: "json" };
import queueWait from "../../../../test/fixtures/twilio-voice/queue-wait.json" with { type: "json" };
import deskAnswered from "../../../../test/fixtures/twilio-voice/desk-answered.json" with { type: "json" };
import { startTwilioClinic, TEST_PUBLIC_URL as PUBLIC_URL, type TwilioClinic } from "./twilio-clinic-test-kit.ts";

/**
 * Desk phones through Twilio (issue 13 §4, decision 0041): adding one creates its credential in
 * the SIP domain's credential list, an offer to its holder also calls its SIP address, and the
 * first to answer — desk phone or browser — wins; the other stops ringing. The real app on the
 * Twilio carrier, REST answered by the local stand-in, webhooks signed as Twilio signs them.
 */

const HOOKS = "/api/webhooks/twilio/voice";
const DOMAIN = "clinique.sip.twilio.com";
const LIST = "CL0123456789abcdef0123456789abcdef";
const ACCOUNT = `/2010-04-01/Accounts/${ACCOUNT_SID}`;

let k: TwilioClinic;
let a: Tab;
let b: Tab;
let desk: CreatedSipEndpoint;

beforeAll(async () => {
  k = await startTwilioClinic({ TWILIO_SIP_DOMAIN: DOMAIN, TWILIO_SIP_CREDENTIAL_LIST_SID: LIST });
  k.standIn.credentialLists.add(LIST);
  ({ a, b } = k);
  const created = await k.w.t.request({
    method: "POST",
    url: "/api/sips/v1/endpoints",
    token: await k.w.t.as(k.c.org.users.admin),
    payload: { label: "Accueil" },
  });
  expect(created.statusCode, created.body).toBe(201);
  desk = created.json<CreatedSipEndpoint>();
  const taken = await k.w.t.request({ method: "PUT", url: `/api/sips/v1/users/assign/${desk.endpoint.id}`, token: a.token });
  expect(taken.statusCode, taken.body).toBe(200);
});

afterAll(async () => {
  await k.close();
  expect(k.standIn.unexpected).toEqual([]);
});

const post = (token: string, url: string, payload?: object) =>
  k.w.t.request({ method: "POST", url, token, ...(payload ? { payload } : {}) });

/** A caller placed in the team's queue by Twilio; the offers go to A and B, who acknowledge them. */
async function ringingCall(): Promise<{ callSid: string; view: CallView }> {
  const caller = uniquePhone();
  const callSid = newSid("CA");
  const incoming = { ...incomingCall, CallSid: callSid, From: caller, Caller: caller, To: k.c.number, Called: k.c.number };
  expect((await k.webhook(`${HOOKS}/incoming`, incoming)).statusCode).toBe(200);
  const view = await callBySid(k.w.t, a.token, callSid);
  k.standIn.queued.add(callSid);
  const queueSid = newSid("QU");
  k.standIn.queues.set(`relais ${k.c.number}`, queueSid);
  const waited = await k.webhook(`${HOOKS}/wait?callId=${view.id}&menu=1`, {
    ...queueWait,
    CallSid: callSid,
    QueueSid: queueSid,
    From: caller,
    To: k.c.number,
  });
  expect(waited.statusCode, waited.body).toBe(200);
  await offerOf(a, view.id);
  await offerOf(b, view.id);
  ack(a, view.id);
  ack(b, view.id);
  return { callSid, view };
}

/** The call Relais placed to A's desk phone for this call. */
function deskCallOf(callId: string): Promise<RestRequest> {
  return until(
    async () =>
      k.standIn.requests.find((r) => r.method === "POST" && r.path === `${ACCOUNT}/Calls.json` && r.form["Url"]?.includes(callId)),
    "the desk phone rung",
  );
}

const deskWebhook = (callId: string, userId: string, callSid: string) =>
  k.webhook(`${HOOKS}/desk?${new URLSearchParams({ callId, userId }).toString()}`, {
    ...deskAnswered,
    CallSid: callSid,
    To: desk.endpoint.sipUri,
  });

describe("desk phones through Twilio", () => {
  it("adds the phone's credential to the SIP domain's credential list, and answers its password once", () => {
    const credential = k.standIn.requests.find((r) => r.path === `${ACCOUNT}/SIP/CredentialLists/${LIST}/Credentials.json`);
    expect(credential?.method).toBe("POST");
    expect(credential?.form["Username"]).toBe(desk.endpoint.username);
    expect(credential?.form["Password"]).toBe(desk.password);
    expect(desk.password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{12,}$/);
    expect(desk.endpoint.sipUri).toBe(`sip:${desk.endpoint.username}@${DOMAIN}`);
  });

  it("rings A's desk phone beside the browsers; answered there first, it takes the call and B's offer stops", async () => {
    const { view, callSid } = await ringingCall();
    const placed = await deskCallOf(view.id);
    expect(placed.form).toMatchObject({
      To: desk.endpoint.sipUri,
      From: k.c.number,
      Method: "POST",
      Timeout: "30",
      Url: `${PUBLIC_URL}${HOOKS}/desk?${new URLSearchParams({ callId: view.id, userId: a.user.id }).toString()}`,
    });
    // Only A holds a desk phone: one SIP call for this offer.
    expect(k.standIn.requests.filter((r) => r.path === `${ACCOUNT}/Calls.json` && r.form["Url"]?.includes(view.id))).toHaveLength(1);

    const answered = await deskWebhook(view.id, a.user.id, newSid("CA"));
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain(`participantLabel="staff-${a.user.id}"`);
    expect(answered.body).toContain(`>call-${view.id}</Conference>`);
    const claimed = await callBySid(k.w.t, a.token, callSid);
    expect(claimed).toMatchObject({ state: "connecting", ownerUserId: a.user.id });
    await until(async () => eventsOf(b, "call.offer.revoked", view.id).length > 0, "B's offer revoked");

    // B answering in the browser afterwards loses: the same claim.
    const late = await post(b.token, "/api/voice/v1/calls/answer", { callId: view.id });
    expect(late.statusCode).toBe(409);
    // The winning desk leg is never cancelled by its own offer closing.
    expect(k.standIn.requests.slice(k.standIn.requests.indexOf(placed)).filter((r) => r.form["Status"])).toEqual([]);
    expect((await post(a.token, "/api/voice/v1/calls/hangup", { callId: view.id })).statusCode).toBe(200);
  });

  it("stops the desk phone when B answers in the browser first; a late answer on the desk phone is hung up", async () => {
    const { view, callSid } = await ringingCall();
    await deskCallOf(view.id);
    const before = k.standIn.requests.length;
    const won = await post(b.token, "/api/voice/v1/calls/answer", { callId: view.id });
    expect(won.statusCode, won.body).toBe(200);
    const cancel = await until(
      async () =>
        k.standIn.requests.slice(before).find((r) => r.method === "POST" && /\/Calls\/CA\w{32}\.json$/.test(r.path) && r.form["Status"]),
      "the desk phone stopped",
    );
    expect(cancel.form).toEqual({ Status: "canceled" });

    const late = await deskWebhook(view.id, a.user.id, newSid("CA"));
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain("<Hangup/>");
    expect(late.body).not.toContain("<Conference");
    expect((await callBySid(k.w.t, b.token, callSid)).ownerUserId).toBe(b.user.id);
    expect((await post(b.token, "/api/voice/v1/calls/hangup", { callId: view.id })).statusCode).toBe(200);
  });

  it("refuses an unsigned desk webhook", async () => {
    const res = await k.w.t.request({
      method: "POST",
      url: `${HOOKS}/desk?callId=${desk.endpoint.id}&userId=${a.user.id}`,
      payload: new URLSearchParams(deskAnswered).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "forged" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("removes the credential from the SIP domain when the phone is removed", async () => {
    const [credentialSid] = [...k.standIn.credentials.keys()];
    const removed = await k.w.t.request({
      method: "DELETE",
      url: `/api/sips/v1/endpoints/${desk.endpoint.id}`,
      token: await k.w.t.as(k.c.org.users.admin),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(k.standIn.requests.at(-1)).toMatchObject({
      method: "DELETE",
      path: `${ACCOUNT}/SIP/CredentialLists/${LIST}/Credentials/${credentialSid}.json`,
    });
    expect(k.standIn.credentials.size).toBe(0);
  });
});
