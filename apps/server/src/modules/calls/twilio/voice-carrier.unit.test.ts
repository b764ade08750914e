import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TwilioVoiceCarrier } from "./voice-carrier.ts";
import type { CarrierCall } from "../carrier.ts";
import { ACCOUNT_SID, AUTH_TOKEN, newSid, startTwilioStandIn, type RestRequest, type TwilioStandIn } from "./twilio-rest-test-kit.ts";

const PUBLIC_URL = "https://relais.example.test";
const HOOKS = `${PUBLIC_URL}/api/webhooks/twilio/voice`;
const USER = "3f2b8c1e-9a4d-4c6b-8e7f-0a1b2c3d4e5f";
const BASIC = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`;
const ACCOUNT = `/2010-04-01/Accounts/${ACCOUNT_SID}`;

let standIn: TwilioStandIn;
let carrier: TwilioVoiceCarrier;

beforeAll(async () => {
  standIn = await startTwilioStandIn();
  carrier = new TwilioVoiceCarrier({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, publicUrl: PUBLIC_URL, apiBase: standIn.base });
});

afterEach(() => {
  expect(standIn.unexpected, "requests the stand-in does not know, or that left the machine").toEqual([]);
});

afterAll(async () => {
  await standIn.close();
});

let n = 0;
/** A call of its own for each test: its room in progress at the stand-in, its caller waiting in the team number's queue. */
function newCall(over: Partial<CarrierCall> = {}): { call: CarrierCall; conference: string; queue: string } {
  n += 1;
  const id = `6c1d3e0a-1b2c-4d5e-8f90-${String(n).padStart(12, "0")}`;
  const teamNumber = `+1514555${String(1000 + n).slice(-4)}`;
  const call: CarrierCall = {
    id,
    organizationId: "0b7c6d5e-4f3a-4b2c-9d1e-0f9e8d7c6b5a",
    teamId: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    direction: "inbound",
    remoteNumber: "+14385550123",
    teamNumber,
    carrierCallSid: newSid("CA"),
    room: `call-${id}`,
    ...over,
  };
  const conference = newSid("CF");
  standIn.conferences.set(call.room, conference);
  const queue = newSid("QU");
  standIn.queues.set(`relais ${teamNumber}`, queue);
  if (call.carrierCallSid) standIn.queued.add(call.carrierCallSid);
  return { call, conference, queue };
}

/** What the carrier asked the stand-in while `run` ran, without the look-ups' authorisation noise. */
async function requestsOf(run: () => Promise<void>): Promise<Omit<RestRequest, "authorization">[]> {
  const before = standIn.requests.length;
  await run();
  const made = standIn.requests.slice(before);
  for (const r of made) expect(r.authorization).toBe(BASIC);
  return made.map(({ authorization: _a, ...r }) => r);
}

describe("answering: the caller moves from the queue into the room", () => {
  it("customer.connect finds the team number's queue and updates the caller's Queue Member with the room's TwiML URL", async () => {
    const { call, queue } = newCall();
    const made = await requestsOf(() => carrier.execute(call, { type: "customer.connect" }));
    expect(made).toEqual([
      { method: "GET", path: `${ACCOUNT}/Queues.json`, query: { PageSize: "1000" }, form: {} },
      {
        method: "POST",
        path: `${ACCOUNT}/Queues/${queue}/Members/${call.carrierCallSid}.json`,
        query: {},
        form: { Url: `${HOOKS}/room?callId=${call.id}&room=${call.room}&label=customer`, Method: "POST" },
      },
    ]);
  });

  it("uses the queue the wait URL reported without looking it up", async () => {
    const { call, queue } = newCall();
    carrier.rememberQueue(call.carrierCallSid ?? "", queue);
    const made = await requestsOf(() => carrier.execute(call, { type: "customer.connect" }));
    expect(made.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${ACCOUNT}/Queues/${queue}/Members/${call.carrierCallSid}.json`]);
  });

  it("a caller no longer in the queue (already in the room after a join timeout) is taken off hold instead", async () => {
    const { call, conference } = newCall();
    standIn.queued.delete(call.carrierCallSid ?? "");
    const made = await requestsOf(() => carrier.execute(call, { type: "customer.connect" }));
    expect(made.at(-1)).toEqual({
      method: "POST",
      path: `${ACCOUNT}/Conferences/${conference}/Participants/customer.json`,
      query: {},
      form: { Hold: "false" },
    });
  });
});

describe("in the room", () => {
  it("hold and park are a participant update with hold and the holdUrl of their music; resume lifts it", async () => {
    const { call, conference } = newCall();
    const made = await requestsOf(async () => {
      await carrier.execute(call, { type: "customer.hold", music: "hold" });
      await carrier.execute(call, { type: "customer.resume" });
      await carrier.execute(call, { type: "customer.hold", music: "park" });
    });
    const participant = `${ACCOUNT}/Conferences/${conference}/Participants/customer.json`;
    expect(made).toEqual([
      {
        method: "GET",
        path: `${ACCOUNT}/Conferences.json`,
        query: { FriendlyName: call.room, Status: "in-progress", PageSize: "1" },
        form: {},
      },
      { method: "POST", path: participant, query: {}, form: { Hold: "true", HoldUrl: `${HOOKS}/hold?music=hold`, HoldMethod: "POST" } },
      { method: "POST", path: participant, query: {}, form: { Hold: "false" } },
      { method: "POST", path: participant, query: {}, form: { Hold: "true", HoldUrl: `${HOOKS}/hold?music=park`, HoldMethod: "POST" } },
    ]);
  });

  it("staff.remove takes the staff member's participant out by label; one already gone is fine", async () => {
    const { call, conference } = newCall();
    const made = await requestsOf(() => carrier.execute(call, { type: "staff.remove", userId: USER }));
    expect(made.at(-1)).toEqual({
      method: "DELETE",
      path: `${ACCOUNT}/Conferences/${conference}/Participants/staff-${USER}.json`,
      query: {},
      form: {},
    });
    standIn.conferences.delete(call.room);
    await expect(carrier.execute(call, { type: "staff.remove", userId: USER })).resolves.toBeUndefined();
  });

  it("hold with no room in progress is an error the calls module sees", async () => {
    const { call } = newCall();
    standIn.conferences.delete(call.room);
    await expect(carrier.execute(call, { type: "customer.hold", music: "hold" })).rejects.toThrow(/not in progress/);
  });
});

describe("calls Relais places", () => {
  it("outbound.dial creates the call from the team number, into the room, with the callee's status callback", async () => {
    const { call } = newCall({ direction: "outbound", carrierCallSid: null });
    const made = await requestsOf(() => carrier.execute(call, { type: "outbound.dial", to: call.remoteNumber, emergency: false }));
    expect(made).toEqual([
      {
        method: "POST",
        path: `${ACCOUNT}/Calls.json`,
        query: {},
        form: {
          To: call.remoteNumber,
          From: call.teamNumber,
          Url: `${HOOKS}/room?callId=${call.id}&room=${call.room}&label=customer`,
          Method: "POST",
          StatusCallback: `${HOOKS}/status?callId=${call.id}&leg=customer`,
          StatusCallbackMethod: "POST",
          StatusCallbackEvent: "initiated ringing answered completed",
        },
      },
    ]);
  });

  it("an emergency number is never placed by the REST API (the browser's leg dials it)", async () => {
    const { call } = newCall({ direction: "outbound", carrierCallSid: null, remoteNumber: "911" });
    expect(await requestsOf(() => carrier.execute(call, { type: "outbound.dial", to: "911", emergency: true }))).toEqual([]);
  });

  it("external.dial calls the outside number with ww + extension as digits, into the room; external.hangup ends that call", async () => {
    const { call } = newCall();
    const dialled = await requestsOf(() => carrier.execute(call, { type: "external.dial", phone: "+18195550199", extension: "204" }));
    expect(dialled).toEqual([
      {
        method: "POST",
        path: `${ACCOUNT}/Calls.json`,
        query: {},
        form: expect.objectContaining({
          To: "+18195550199",
          From: call.teamNumber,
          SendDigits: "ww204",
          Url: `${HOOKS}/room?callId=${call.id}&room=${call.room}&label=external`,
          StatusCallback: `${HOOKS}/status?callId=${call.id}&leg=external`,
        }),
      },
    ]);
    const hungUp = await requestsOf(() => carrier.execute(call, { type: "external.hangup" }));
    expect(hungUp).toEqual([
      {
        method: "POST",
        path: expect.stringMatching(new RegExp(`^${ACCOUNT}/Calls/CA\\w{32}\\.json$`)),
        query: {},
        form: { Status: "completed" },
      },
    ]);
  });

  it("without an extension no digits are sent", async () => {
    const { call } = newCall();
    const [created] = await requestsOf(() => carrier.execute(call, { type: "external.dial", phone: "+18195550199", extension: null }));
    expect(created?.form["SendDigits"]).toBeUndefined();
  });
});

describe("voicemail, callback and the end of the call", () => {
  it("voicemail.start gives the caller's leg the voicemail TwiML: prompt, then <Record> with its callbacks", async () => {
    const { call } = newCall();
    const [update] = await requestsOf(() => carrier.execute(call, { type: "voicemail.start" }));
    expect(update?.path).toBe(`${ACCOUNT}/Calls/${call.carrierCallSid}.json`);
    expect(update?.form["Twiml"]).toContain(
      `<Record maxLength="120" playBeep="true" finishOnKey="#" action="${HOOKS}/recording?callId=${call.id}&amp;step=action" method="POST" recordingStatusCallback="${HOOKS}/recording?callId=${call.id}&amp;step=status"`,
    );
  });

  it("callback.request: the caller hears the confirmation, and ending the room does not cut it off", async () => {
    const { call, conference } = newCall();
    const made = await requestsOf(async () => {
      await carrier.execute(call, { type: "callback.request" });
      await carrier.execute(call, { type: "room.end" });
    });
    expect(made[0]?.form["Twiml"]).toMatch(/rappellerons.*<Hangup\/>/s);
    expect(made.filter((r) => r.form["Status"] === "completed").map((r) => r.path)).toEqual([`${ACCOUNT}/Conferences/${conference}.json`]);
  });

  it("room.end hangs up the caller and completes the conference; a second room.end finds both over and is fine", async () => {
    const { call, conference } = newCall();
    const made = await requestsOf(() => carrier.execute(call, { type: "room.end" }));
    expect(made.filter((r) => r.method === "POST")).toEqual([
      { method: "POST", path: `${ACCOUNT}/Calls/${call.carrierCallSid}.json`, query: {}, form: { Status: "completed" } },
      { method: "POST", path: `${ACCOUNT}/Conferences/${conference}.json`, query: {}, form: { Status: "completed" } },
    ]);
    expect(standIn.conferences.has(call.room)).toBe(false);
    await expect(carrier.execute(call, { type: "room.end" })).resolves.toBeUndefined();
  });

  it("the calls module's own commands make no request", async () => {
    const { call } = newCall();
    const made = await requestsOf(async () => {
      await carrier.execute(call, { type: "greeting.play", period: "OPEN" });
      await carrier.execute(call, { type: "staff.join", userId: USER });
      await carrier.execute(call, { type: "offers.request" });
      await carrier.execute(call, { type: "missed-call.text" });
      await carrier.execute(call, { type: "timer.schedule", timer: { kind: "max-wait" }, dueAt: 0 });
    });
    expect(made).toEqual([]);
  });

  it("fetchRecording downloads the voicemail's mp3 with the account's credentials", async () => {
    const sid = newSid("RE");
    const audio = Buffer.from("ID3 pretend mp3 bytes");
    standIn.recordings.set(sid, audio);
    const made = await requestsOf(async () => {
      expect((await carrier.fetchRecording(sid)).equals(audio)).toBe(true);
    });
    expect(made).toEqual([{ method: "GET", path: `${ACCOUNT}/Recordings/${sid}.mp3`, query: {}, form: {} }]);
    await expect(carrier.fetchRecording("../Messages")).rejects.toThrow();
  });
});

describe("tokens", () => {
  it("are refused until the API key and TwiML App are configured", async () => {
    await expect(carrier.accessToken({ userId: USER, organizationId: USER })).rejects.toThrow(/TWILIO_API_KEY_SID/);
    const withToken = new TwilioVoiceCarrier({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      publicUrl: PUBLIC_URL,
      apiBase: standIn.base,
      token: { apiKeySid: "SK0123456789abcdef0123456789abcdef", apiKeySecret: "secret", twimlAppSid: "AP0123456789abcdef0123456789abcdef" },
    });
    const { jwt, expiresAt } = await withToken.accessToken({ userId: USER, organizationId: USER });
    expect(jwt.split(".")).toHaveLength(3);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
  });
});
