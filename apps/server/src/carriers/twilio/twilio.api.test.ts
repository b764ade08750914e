import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestApp, expectError, uniquePhone, type Tenant, type TestApp } from "../../../test/helpers.ts";
import { createThread, givePhones, messagesOf, until } from "../../modules/messaging/messaging-test-kit.ts";
import { createTwilioCarrier } from "./twilio-carrier.ts";
import inboundSms from "./fixtures/inbound-sms.json" with { type: "json" };
import statusSent from "./fixtures/status-sent.json" with { type: "json" };
import statusDelivered from "./fixtures/status-delivered.json" with { type: "json" };
import statusUndelivered from "./fixtures/status-undelivered.json" with { type: "json" };
import messageCreated from "./fixtures/message-created.json" with { type: "json" };
import messageCreateError from "./fixtures/message-create-error.json" with { type: "json" };
import inboundMms from "./fixtures/inbound-mms.json" with { type: "json" };
import type { Message, Thread } from "@relais/shared";
import { png, uploadMedia } from "../../modules/messaging/media-test-kit.ts";
import { twilioSignature } from "../../../test/twilio-signature.ts";

/**
 * The Twilio adapter, offline: REST calls go to a local stand-in that answers like Twilio, and
 * webhooks are recorded Twilio payloads signed here as Twilio signs them (HMAC-SHA1 of the URL
 * and the sorted POST params, base64). Nothing may leave the machine.
 */

const ACCOUNT_SID = "AC0123456789abcdef0123456789abcdef";
const AUTH_TOKEN = "0123456789abcdef0123456789abcdef";
const PUBLIC_URL = "https://relais.example.test";
/** A number the stand-in refuses, as Twilio refuses an invalid destination (error 21211). */
let refusedNumber = "";

type Recorded = { method: string; path: string; authorization: string | undefined; form: Record<string, string> };

/** What reached the stand-in, and anything that was not a Messages create or a media download. */
const sent: Recorded[] = [];
/** Inbound media the stand-in serves (path → bytes, declared as JPEG whatever they are), and its downloads. */
const mediaServed = new Map<string, Buffer>();
const mediaFetches: Recorded[] = [];
const unexpected: string[] = [];
let standIn: Server;
let standInBase = "";
const originalHttpsRequest = https.request;
const originalHttpsGet = https.get;

let t: TestApp;
let org: Tenant;
let phones: { main: string; second: string };

const newSid = () => `SM${randomBytes(16).toString("hex")}`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  // The stand-in is plain HTTP on the loopback: any HTTPS request is one that would leave the machine.
  const refuse = (target: unknown) => {
    unexpected.push(`https request to ${describeTarget(target)}`);
    throw new Error("unexpected outbound HTTPS request");
  };
  https.request = refuse;
  https.get = refuse;

  standIn = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = req.url ?? "";
      const form = Object.fromEntries(new URLSearchParams(body));
      const media = req.method === "GET" ? mediaServed.get(path) : undefined;
      if (media) {
        mediaFetches.push({ method: "GET", path, authorization: req.headers.authorization, form: {} });
        res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(media.length) }).end(media);
        return;
      }
      if (req.method !== "POST" || path !== `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`) {
        unexpected.push(`${req.method} ${path}`);
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ code: 20404, message: "Not found", status: 404 }));
        return;
      }
      // Every MediaUrl of an MMS, in order (a form may repeat a key).
      const mediaUrls = new URLSearchParams(body).getAll("MediaUrl");
      sent.push({ method: req.method, path, authorization: req.headers.authorization, form: { ...form, MediaUrls: mediaUrls.join(" ") } });
      if (form["To"] === refusedNumber) {
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify(messageCreateError));
        return;
      }
      const sid = newSid();
      res.writeHead(201, { "content-type": "application/json" }).end(
        JSON.stringify({
          ...messageCreated,
          sid,
          from: form["From"],
          to: form["To"],
          body: form["Body"],
          uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${sid}.json`,
          subresource_uris: { media: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${sid}/Media.json` },
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  standInBase = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;

  const carrier = createTwilioCarrier({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, publicUrl: PUBLIC_URL, apiBase: standInBase });
  t = await createTestApp({ PUBLIC_URL }, { carrier });
  org = await t.tenant();
  phones = await givePhones(t, org);
  refusedNumber = uniquePhone();
});

afterEach(() => {
  expect(unexpected, "requests that are not Twilio Messages creates, or that left the machine").toEqual([]);
});

afterAll(async () => {
  await t?.close();
  https.request = originalHttpsRequest;
  https.get = originalHttpsGet;
  await new Promise((resolve) => standIn?.close(resolve));
});

/** Where an https.request call was going (a string, a URL or request options). */
function describeTarget(target: unknown): string {
  if (typeof target === "string") return target;
  if (target instanceof URL) return target.href;
  if (target && typeof target === "object") {
    const o = target as { hostname?: unknown; host?: unknown; path?: unknown };
    const host = typeof o.hostname === "string" ? o.hostname : typeof o.host === "string" ? o.host : "?";
    return `${host}${typeof o.path === "string" ? o.path : ""}`;
  }
  return "?";
}

/** Twilio's signature, computed independently of the SDK: HMAC-SHA1 over the URL then each sorted key and its value. */
const sign = (url: string, params: Record<string, string>): string => twilioSignature(AUTH_TOKEN, url, params);

/** Posts a form to a webhook as Twilio does, signed for PUBLIC_URL + path unless a signature is given. */
function webhook(path: string, params: Record<string, string>, signature: string | null = sign(`${PUBLIC_URL}${path}`, params)) {
  return t.request({
    method: "POST",
    url: path,
    payload: new URLSearchParams(params).toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(signature === null ? {} : { "x-twilio-signature": signature }),
    },
  });
}

/** A recorded payload with this test's numbers and sid. */
const withSid = (fixture: Record<string, string>, sid: string, extra: Record<string, string> = {}) => ({
  ...fixture,
  ...(fixture["SmsSid"] ? { SmsSid: sid } : {}),
  ...(fixture["SmsMessageSid"] ? { SmsMessageSid: sid } : {}),
  MessageSid: sid,
  ...extra,
});

async function rowsWithSid(sid: string) {
  const r = await sql<{ body: string; thread_id: string; direction: string }>`
    select body, thread_id, direction from messages where carrier_message_id = ${sid}
  `.execute(t.db.owner);
  return r.rows;
}

/** Sends a text from the main team and waits for the stand-in's sid to be stored on it. */
async function sendOne(to = uniquePhone(), body = "Votre rendez-vous est confirmé.") {
  const token = await t.as(org.users.user);
  const before = sent.length;
  const { thread, message } = await createThread(t, token, to, body);
  const stored = await until(async () => {
    const m = (await messagesOf(t, token, thread.id)).find((x) => x.id === message.id);
    return m?.carrierMessageId ? m : null;
  }, "the carrier's sid");
  const request = sent.slice(before).find((r) => r.form["To"] === to);
  if (!request) throw new Error("the stand-in saw no send");
  const callback = new URL(request.form["StatusCallback"] ?? "");
  return { token, thread, message: stored, request, statusPath: `${callback.pathname}${callback.search}` };
}

async function statusOf(token: string, threadId: string, messageId: string) {
  return (await messagesOf(t, token, threadId)).find((m) => m.id === messageId);
}

describe("sending through Twilio", () => {
  it("creates the message at the REST API with From, To, Body and a status callback carrying the key, and stores the sid", async () => {
    const contact = uniquePhone();
    const { message, request } = await sendOne(contact, "Rappel : rendez-vous demain à 9 h.");
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`);
    expect(request.form).toMatchObject({ From: phones.main, To: contact, Body: "Rappel : rendez-vous demain à 9 h." });
    expect(request.form["StatusCallback"]).toMatch(
      new RegExp(`^${PUBLIC_URL.replaceAll(".", "\\.")}/api/webhooks/twilio/status\\?key=[0-9a-f-]{36}$`),
    );
    expect(message.carrierMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    // Queued at Twilio: still "sending" until a status callback says more.
    expect(message.status).toBe("sending");
  });

  it("records Twilio's refusal as a failed message with its error code", async () => {
    const token = await t.as(org.users.user);
    const { thread, message } = await createThread(t, token, refusedNumber, "Bonjour");
    const failed = await until(async () => {
      const m = await statusOf(token, thread.id, message.id);
      return m?.status === "failed" ? m : null;
    }, "the failure");
    expect(failed.failureReason).toMatch(/^twilio-21211: Invalid 'To' Phone Number/);
    expect(failed.carrierMessageId).toBeNull();
  });
});

describe("status callbacks", () => {
  it("a status found by the key in its URL moves the message forward; out of order (delivered, then sent) ends delivered", async () => {
    const { token, thread, message, statusPath } = await sendOne();
    const sid = message.carrierMessageId ?? "";
    const delivered = await webhook(statusPath, withSid(statusDelivered, sid, { To: message.to, From: message.from }));
    expect(delivered.statusCode, delivered.body).toBe(204);
    expect((await statusOf(token, thread.id, message.id))?.status).toBe("delivered");
    const late = await webhook(statusPath, withSid(statusSent, sid, { To: message.to, From: message.from }));
    expect(late.statusCode, late.body).toBe(204);
    expect((await statusOf(token, thread.id, message.id))?.status).toBe("delivered");
    // Delivered twice: nothing changes the second time.
    await webhook(statusPath, withSid(statusDelivered, sid));
    expect((await statusOf(token, thread.id, message.id))?.status).toBe("delivered");
  });

  it("queued and sending are ignored; sent then delivered in order", async () => {
    const { token, thread, message, statusPath } = await sendOne();
    const sid = message.carrierMessageId ?? "";
    for (const s of ["queued", "sending"]) {
      const res = await webhook(statusPath, withSid(statusSent, sid, { SmsStatus: s, MessageStatus: s }));
      expect(res.statusCode, res.body).toBe(204);
    }
    expect((await statusOf(token, thread.id, message.id))?.status).toBe("sending");
    await webhook(statusPath, withSid(statusSent, sid));
    expect((await statusOf(token, thread.id, message.id))?.status).toBe("sent");
    await webhook(statusPath, withSid(statusDelivered, sid));
    expect((await statusOf(token, thread.id, message.id))?.status).toBe("delivered");
  });

  it("undelivered with ErrorCode 30003 fails the message with that reason", async () => {
    const { token, thread, message, statusPath } = await sendOne();
    const res = await webhook(statusPath, withSid(statusUndelivered, message.carrierMessageId ?? ""));
    expect(res.statusCode, res.body).toBe(204);
    expect(await statusOf(token, thread.id, message.id)).toMatchObject({ status: "failed", failureReason: "twilio-30003" });
  });

  it("a status signed for another URL (the key removed) is refused and changes nothing", async () => {
    const { token, thread, message, statusPath } = await sendOne();
    const params = withSid(statusDelivered, message.carrierMessageId ?? "");
    const res = await webhook(statusPath, params, sign(`${PUBLIC_URL}/api/webhooks/twilio/status`, params));
    expectError(res, 403, "error.invalid-signature");
    expect((await statusOf(token, thread.id, message.id))?.status).toBe("sending");
  });
});

describe("inbound texts", () => {
  const SMS = "/api/webhooks/twilio/sms";

  it("a recorded inbound webhook with a valid signature creates the thread and its message, answered with empty TwiML", async () => {
    const contact = uniquePhone();
    const sid = newSid();
    const res = await webhook(SMS, withSid(inboundSms, sid, { From: contact, To: phones.main }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/xml/);
    expect(res.body).toContain("<Response/>");
    const rows = await rowsWithSid(sid);
    expect(rows).toEqual([{ body: inboundSms.Body, thread_id: expect.any(String), direction: "inbound" }]);
    const token = await t.as(org.users.user);
    const messages = await messagesOf(t, token, rows[0]?.thread_id ?? "");
    expect(messages).toEqual([expect.objectContaining({ from: contact, to: phones.main, body: inboundSms.Body, carrierMessageId: sid })]);
  });

  it("a replayed webhook (same MessageSid) records one message", async () => {
    const sid = newSid();
    const params = withSid(inboundSms, sid, { From: uniquePhone(), To: phones.main });
    const first = await webhook(SMS, params);
    const second = await webhook(SMS, params);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.body).toContain("<Response/>");
    expect(await rowsWithSid(sid)).toHaveLength(1);
  });

  it("a forged, missing or tampered signature is a 403 error.invalid-signature and writes nothing", async () => {
    const sid = newSid();
    const params = withSid(inboundSms, sid, { From: uniquePhone(), To: phones.main });
    const forged = createHmac("sha1", "not-the-token").update(`${PUBLIC_URL}${SMS}`).digest("base64");
    expectError(await webhook(SMS, params, forged), 403, "error.invalid-signature");
    expectError(await webhook(SMS, params, null), 403, "error.invalid-signature");
    // Signed, then the body changed in transit.
    const tampered = await t.request({
      method: "POST",
      url: SMS,
      payload: new URLSearchParams({ ...params, Body: "Autre texte" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": sign(`${PUBLIC_URL}${SMS}`, params) },
    });
    expectError(tampered, 403, "error.invalid-signature");
    // Signed for the server's own address instead of PUBLIC_URL.
    expectError(await webhook(SMS, params, sign(`http://localhost${SMS}`, params)), 403, "error.invalid-signature");
    expect(await rowsWithSid(sid)).toEqual([]);
  });

  it("reads forms only: a JSON body is refused", async () => {
    const params = withSid(inboundSms, newSid(), { From: uniquePhone(), To: phones.main });
    const res = await t.request({ method: "POST", url: SMS, payload: params, headers: { "x-twilio-signature": "x" } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("error.bad-request");
  });
});

describe("media (MMS)", () => {
  const SMS = "/api/webhooks/twilio/sms";

  it("sends an MMS with MediaUrl = the file's signed link under PUBLIC_URL, which serves its bytes; no empty Body", async () => {
    const token = await t.as(org.users.user);
    const bytes = png({ size: 3000 });
    const file = await uploadMedia(t, token, "sourire.png", bytes);
    const to = uniquePhone();
    const res = await t.request({
      method: "POST",
      url: "/api/messaging/v1/threads",
      token,
      payload: { to, body: "", mediaIds: [file.id] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { thread, message } = res.json<{ thread: Thread; message: Message }>();
    await until(async () => (await statusOf(token, thread.id, message.id))?.carrierMessageId, "the carrier's sid");
    const request = sent.find((r) => r.form["To"] === to);
    expect(request?.form["Body"]).toBeUndefined();
    const urls = (request?.form["MediaUrls"] ?? "").split(" ");
    expect(urls).toEqual([
      expect.stringMatching(new RegExp(`^${PUBLIC_URL.replaceAll(".", "\\.")}/api/media/${file.id}\\?exp=\\d+&sig=[\\w-]{43}$`)),
    ]);
    // What Twilio fetches: the file, without any session.
    const link = new URL(urls[0] ?? "");
    const fetched = await t.request({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers["content-type"]).toBe("image/png");
    expect(fetched.rawPayload.equals(bytes)).toBe(true);
  });

  it("an inbound MMS: the file is downloaded with the account's credentials, typed by its bytes, stored once even when replayed", async () => {
    const sid = `MM${randomBytes(16).toString("hex")}`;
    const mediaPath = `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${sid}/Media/ME${randomBytes(16).toString("hex")}`;
    const bytes = png({ size: 2500, rgb: [240, 180, 20] });
    mediaServed.set(mediaPath, bytes);
    const contact = uniquePhone();
    const params = withSid(inboundMms, sid, { From: contact, To: phones.main, MediaUrl0: `https://api.twilio.com${mediaPath}` });
    const first = await webhook(SMS, params);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).toContain("<Response/>");
    const fetches = mediaFetches.filter((f) => f.path === mediaPath);
    expect(fetches).toEqual([
      expect.objectContaining({ authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}` }),
    ]);

    const rows = await rowsWithSid(sid);
    expect(rows).toEqual([{ body: "", thread_id: expect.any(String), direction: "inbound" }]);
    const token = await t.as(org.users.user);
    const [message] = await messagesOf(t, token, rows[0]?.thread_id ?? "");
    // Declared image/jpeg; the bytes say PNG.
    expect(message).toMatchObject({ type: "media", body: "", media: [{ contentType: "image/png", size: 2500, filename: "media-1.png" }] });
    const read = await t.request({ method: "GET", url: message?.media[0]?.url ?? "", token });
    expect(read.rawPayload.equals(bytes)).toBe(true);

    // Twilio delivers the same webhook again: nothing new, nothing downloaded again.
    const replay = await webhook(SMS, params);
    expect(replay.statusCode).toBe(200);
    expect(await rowsWithSid(sid)).toHaveLength(1);
    expect(mediaFetches.filter((f) => f.path === mediaPath)).toHaveLength(1);
    const files = await sql<{ n: number }>`
      select count(*)::int as n from media_files f join messages m on m.id = f.message_id where m.carrier_message_id = ${sid}
    `.execute(t.db.owner);
    expect(files.rows[0]?.n).toBe(1);
  });

  it("a MediaUrl outside this account's resources is never fetched: the text is recorded without it", async () => {
    const sid = `MM${randomBytes(16).toString("hex")}`;
    const params = withSid(inboundMms, sid, {
      From: uniquePhone(),
      To: phones.main,
      Body: "Voici la photo",
      MediaUrl0: "https://api.twilio.com/2010-04-01/Accounts/ACffffffffffffffffffffffffffffffff/Messages/MM1/Media/ME1",
    });
    const res = await webhook(SMS, params);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsWithSid(sid);
    expect(rows).toEqual([{ body: "Voici la photo", thread_id: expect.any(String), direction: "inbound" }]);
    const token = await t.as(org.users.user);
    const [message] = await messagesOf(t, token, rows[0]?.thread_id ?? "");
    expect(message).toMatchObject({ type: "text", media: [] });
  });
});
