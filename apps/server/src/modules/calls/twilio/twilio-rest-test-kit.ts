import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import callCreated from "../../../../test/fixtures/twilio-voice/rest-call-created.json" with { type: "json" };
import conferenceList from "../../../../test/fixtures/twilio-voice/rest-conference-list.json" with { type: "json" };
import participant from "../../../../test/fixtures/twilio-voice/rest-participant.json" with { type: "json" };
import queueList from "../../../../test/fixtures/twilio-voice/rest-queue-list.json" with { type: "json" };
import member from "../../../../test/fixtures/twilio-voice/rest-member.json" with { type: "json" };
import notInProgress from "../../../../test/fixtures/twilio-voice/rest-call-not-in-progress.json" with { type: "json" };
import notFound from "../../../../test/fixtures/twilio-voice/rest-not-found.json" with { type: "json" };
import sipCredential from "../../../../test/fixtures/twilio-voice/rest-sip-credential.json" with { type: "json" };

/**
 * A local stand-in for the Twilio REST resources the voice carrier calls (VOICE.md §7): Calls,
 * Conferences and their Participants, Queues and their Members, Recordings, and the SIP domain's
 * credential lists (desk phones, decision 0041). It answers with the
 * recorded answers of test/fixtures/twilio-voice, records every request, and counts anything
 * else — and any HTTPS request at all, which would leave the machine — as unexpected. The
 * carrier reaches it through the SDK's custom HTTP client (RedirectingRequestClient), as the SMS
 * tests reach theirs.
 */

export const ACCOUNT_SID = "AC0123456789abcdef0123456789abcdef";
export const AUTH_TOKEN = "0123456789abcdef0123456789abcdef";

export type RestRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  authorization: string | undefined;
};

export type TwilioStandIn = {
  base: string;
  requests: RestRequest[];
  unexpected: string[];
  /** In-progress conferences by friendly name → CF sid. */
  conferences: Map<string, string>;
  /** Queues by friendly name → QU sid. */
  queues: Map<string, string>;
  /** Calls waiting in a queue (Members update finds them; others are a 20404). */
  queued: Set<string>;
  /** Calls already over: updating one is Twilio's 21220. */
  over: Set<string>;
  /** Recording audio by RE sid. */
  recordings: Map<string, Buffer>;
  /** SIP credentials by CR sid → username, per credential list the stand-in knows (`credentialLists`). */
  credentials: Map<string, string>;
  credentialLists: Set<string>;
  close(): Promise<void>;
};

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

type Answer = { status: number; body: unknown; type?: string };

function route(s: TwilioStandIn, method: string, path: string, query: Record<string, string>, form: Record<string, string>): Answer | null {
  const account = `/2010-04-01/Accounts/${ACCOUNT_SID}`;
  if (!path.startsWith(`${account}/`)) return null;
  const rest = path.slice(account.length);
  let m: RegExpExecArray | null;
  if (method === "GET" && rest === "/Queues.json") {
    const queues = [...s.queues].map(([friendly_name, qsid]) => ({ ...queueList.queues[0], friendly_name, sid: qsid }));
    return { status: 200, body: { ...queueList, queues } };
  }
  if (method === "POST" && (m = /^\/Queues\/(QU\w{32})\/Members\/(CA\w{32})\.json$/.exec(rest))) {
    const [, qsid = "", callSid = ""] = m;
    if (![...s.queues.values()].includes(qsid) || !s.queued.has(callSid)) return { status: 404, body: notFound };
    s.queued.delete(callSid);
    return { status: 200, body: { ...member, queue_sid: qsid, call_sid: callSid } };
  }
  if (method === "GET" && rest === "/Conferences.json") {
    const found = query["FriendlyName"] ? s.conferences.get(query["FriendlyName"]) : undefined;
    const conferences =
      found && query["Status"] === "in-progress"
        ? [{ ...conferenceList.conferences[0], friendly_name: query["FriendlyName"], sid: found }]
        : [];
    return { status: 200, body: { ...conferenceList, conferences } };
  }
  if (method === "POST" && (m = /^\/Conferences\/(CF\w{32})\.json$/.exec(rest))) {
    const entry = [...s.conferences].find(([, csid]) => csid === m?.[1]);
    if (!entry) return { status: 404, body: notFound };
    if (form["Status"] === "completed") s.conferences.delete(entry[0]);
    return {
      status: 200,
      body: { ...conferenceList.conferences[0], friendly_name: entry[0], sid: entry[1], status: form["Status"] ?? "in-progress" },
    };
  }
  if ((m = /^\/Conferences\/(CF\w{32})\/Participants\/([^/]+)\.json$/.exec(rest))) {
    const known = [...s.conferences.values()].includes(m[1] ?? "");
    if (!known) return { status: 404, body: notFound };
    if (method === "DELETE") return { status: 204, body: null };
    if (method === "POST") {
      return {
        status: 200,
        body: { ...participant, conference_sid: m[1], label: decodeURIComponent(m[2] ?? ""), hold: form["Hold"] === "true" },
      };
    }
  }
  if (method === "POST" && rest === "/Calls.json") {
    const created = sid("CA");
    return {
      status: 201,
      body: { ...callCreated, sid: created, to: form["To"], from: form["From"], uri: `${account}/Calls/${created}.json` },
    };
  }
  if (method === "POST" && (m = /^\/Calls\/(CA\w{32})\.json$/.exec(rest))) {
    if (s.over.has(m[1] ?? "")) return { status: 400, body: notInProgress };
    if (form["Status"] === "completed") s.over.add(m[1] ?? "");
    return { status: 200, body: { ...callCreated, sid: m[1], status: form["Status"] ?? "in-progress" } };
  }
  if (method === "POST" && (m = /^\/SIP\/CredentialLists\/(CL\w{32})\/Credentials\.json$/.exec(rest))) {
    const list = m[1] ?? "";
    if (!s.credentialLists.has(list)) return { status: 404, body: notFound };
    const created = sid("CR");
    s.credentials.set(created, form["Username"] ?? "");
    return {
      status: 201,
      body: {
        ...sipCredential,
        credential_list_sid: list,
        sid: created,
        username: form["Username"],
        uri: `${account}/SIP/CredentialLists/${list}/Credentials/${created}.json`,
      },
    };
  }
  if (method === "DELETE" && (m = /^\/SIP\/CredentialLists\/(CL\w{32})\/Credentials\/(CR\w{32})\.json$/.exec(rest))) {
    if (!s.credentialLists.has(m[1] ?? "") || !s.credentials.delete(m[2] ?? "")) return { status: 404, body: notFound };
    return { status: 204, body: null };
  }
  if (method === "GET" && (m = /^\/Recordings\/(RE\w{32})\.mp3$/.exec(rest))) {
    const audio = s.recordings.get(m[1] ?? "");
    return audio ? { status: 200, body: audio, type: "audio/mpeg" } : { status: 404, body: notFound };
  }
  return null;
}

/** Starts the stand-in on the loopback and refuses every HTTPS request until closed. */
export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const originalRequest = https.request;
  const originalGet = https.get;
  let server: Server | null = null;
  const s: TwilioStandIn = {
    base: "",
    requests: [],
    unexpected: [],
    conferences: new Map(),
    queues: new Map(),
    queued: new Set(),
    over: new Set(),
    recordings: new Map(),
    credentials: new Map(),
    credentialLists: new Set(),
    close: async () => {
      https.request = originalRequest;
      https.get = originalGet;
      await new Promise((resolve) => server?.close(resolve));
    },
  };
  const refuse = () => {
    s.unexpected.push("an HTTPS request");
    throw new Error("unexpected outbound HTTPS request");
  };
  https.request = refuse;
  https.get = refuse;
  server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? "/", "http://stand-in");
      // A repeated key (StatusCallbackEvent) keeps every value, space-separated.
      const form: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(body)) form[k] = form[k] === undefined ? v : `${form[k]} ${v}`;
      const query = Object.fromEntries(url.searchParams);
      const method = req.method ?? "GET";
      s.requests.push({ method, path: url.pathname, query, form, authorization: req.headers.authorization });
      const answer = route(s, method, url.pathname, query, form);
      if (!answer) {
        s.unexpected.push(`${method} ${url.pathname}`);
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify(notFound));
        return;
      }
      if (answer.body === null) {
        res.writeHead(answer.status).end();
        return;
      }
      if (Buffer.isBuffer(answer.body)) {
        res.writeHead(answer.status, { "content-type": answer.type ?? "application/octet-stream" }).end(answer.body);
        return;
      }
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  s.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return s;
}

export const newSid = sid;
