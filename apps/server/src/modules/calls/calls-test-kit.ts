import { randomBytes } from "node:crypto";
import WebSocket from "ws";
import type { CallView, RealtimeEvent, RealtimeServerMessage, SandboxPhoneCall, SandboxPhoneServerMessage } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { createTestApp, setTeamPhone, uniquePhone, type Tenant, type TestApp, type TestUser } from "../../../test/helpers.ts";
import { TestSocket } from "../../platform/realtime/realtime.test-kit.ts";

/** Shared by the calls API tests: an app listening for sockets, a tenant whose team takes calls, staff tabs. */

export type CallsWorld = { t: TestApp; socketUrl: string; close: () => Promise<void> };

export async function callsWorld(
  overrides: Parameters<typeof createTestApp>[0] = {},
  opts: Parameters<typeof createTestApp>[1] = {},
): Promise<CallsWorld> {
  const t = await createTestApp(overrides, opts);
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const address = t.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { t, socketUrl: `ws://127.0.0.1:${port}/api/realtime`, close: () => t.close() };
}

/** Every day open all day, so a call is in the OPEN period whenever the test runs. */
const ALWAYS_OPEN = {
  week: Array.from({ length: 7 }, (_, day) => ({ day, enabled: true, start: "00:00", end: "23:59", breaks: [] })),
};

export type Clinic = { org: Tenant; number: string; staff: TestUser[] };

/** A tenant whose main team has a number, is always open, and has two more receptionists (all online). */
export async function clinic(t: TestApp, opts: { tierId?: number | null; webCalls?: boolean } = {}): Promise<Clinic> {
  const org = await t.tenant({
    ...(opts.tierId === undefined ? {} : { tierId: opts.tierId }),
    options: { twilio: { hasMultipleNumbers: false, webCallsEnabled: opts.webCalls ?? true } },
  });
  const number = uniquePhone();
  await setTeamPhone(t, org.orgId, org.teams.main, number);
  const a = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
  const b = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
  await withTenant(t.db.owner, org.orgId, async (tx) => {
    await tx
      .updateTable("teams")
      .set({ schedule: JSON.stringify(ALWAYS_OPEN) })
      .where("id", "=", org.teams.main)
      .execute();
    await tx.updateTable("users").set({ status: "online" }).where("organization_id", "=", org.orgId).execute();
  });
  return { org, number, staff: [a, b] };
}

/** The team's missed-call text on, once a day. */
export async function missedCallText(t: TestApp, orgId: string, teamId: string, text: string): Promise<void> {
  const admin = await withTenant(t.db.owner, orgId, (tx) =>
    tx.selectFrom("users").select("email").where("organization_id", "=", orgId).where("role", "=", "admin").executeTakeFirstOrThrow(),
  );
  const token = (await t.login(admin.email)).jwt;
  const res = await t.request({
    method: "PUT",
    url: `/api/teams/${teamId}/automatic-texts`,
    token,
    payload: { outsideHours: { enabled: false, text: "" }, missedCall: { enabled: true, text }, periodHours: 24 },
  });
  if (res.statusCode !== 200) throw new Error(`missed-call text: ${res.body}`);
}

export type Tab = { socket: TestSocket; tabId: string; token: string; user: TestUser };

/** A staff tab: signed in, socket open; `heartbeat` sends the presence message and waits for its answer. */
export async function openTab(w: CallsWorld, user: TestUser, opts: { heartbeat?: boolean } = {}): Promise<Tab> {
  const token = await w.t.as(user);
  const socket = await TestSocket.connect(w.socketUrl, token);
  const tab = { socket, tabId: `tab-${randomBytes(6).toString("hex")}`, token, user };
  if (opts.heartbeat ?? true) await heartbeat(tab);
  return tab;
}

export async function heartbeat(tab: Tab, canAnswer = true): Promise<RealtimeServerMessage> {
  const before = tab.socket.messages.length;
  tab.socket.send({ type: "presence", tabId: tab.tabId, canAnswer });
  return tab.socket.waitFor((m) => m.type === "presence.ok" && tab.socket.messages.indexOf(m) >= before);
}

export function offerOf(tab: Tab, callId: string): Promise<RealtimeServerMessage> {
  return tab.socket.waitFor((m) => m.type === "call.offer" && "payload" in m && m.payload["callId"] === callId);
}

export function ack(tab: Tab, callId: string, busy = false): void {
  tab.socket.send({ type: "call.offer.received", callId, tabId: tab.tabId, busy });
}

export function eventsOf(tab: Tab, type: string, callId: string): RealtimeEvent[] {
  return tab.socket.events.filter((e) => e.type === type && (e.payload["callId"] ?? e.payload["id"]) === callId);
}

/** The simulator phone calls the clinic number. */
export async function callIn(t: TestApp, from: string, to: string): Promise<SandboxPhoneCall> {
  const res = await t.request({ method: "POST", url: "/api/sandbox/calls", payload: { from, to } });
  if (res.statusCode !== 201) throw new Error(`sandbox call: ${res.statusCode} ${res.body}`);
  return res.json<{ call: SandboxPhoneCall }>().call;
}

export async function callBySid(t: TestApp, token: string, sid: string): Promise<CallView> {
  const res = await t.request({ method: "GET", url: `/api/voice/v1/calls/sid/${sid}`, token });
  if (res.statusCode !== 200) throw new Error(`call by sid: ${res.statusCode} ${res.body}`);
  return res.json<CallView>();
}

export async function until<T>(read: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type PhoneSocket = {
  messages: SandboxPhoneServerMessage[];
  ws: WebSocket;
  send: (m: object) => void;
  /** Resolves once the server has read every message this socket sent before: it answers a ping after them, in order. */
  settled: () => Promise<void>;
};

/** The simulator phone's socket (GET sandbox/phone-socket), keeping every message. */
export async function phoneSocket(w: CallsWorld, number: string): Promise<PhoneSocket> {
  const url = w.socketUrl.replace("/api/realtime", `/api/sandbox/phone-socket?number=${encodeURIComponent(number)}`);
  const ws = new WebSocket(url);
  const messages: SandboxPhoneServerMessage[] = [];
  ws.on("message", (data: Buffer) => messages.push(JSON.parse(data.toString("utf8")) as SandboxPhoneServerMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  await until(async () => messages.some((m) => m.type === "phone.ready"), "phone.ready");
  const settled = () =>
    new Promise<void>((resolve) => {
      ws.once("pong", () => resolve());
      ws.ping();
    });
  return { messages, ws, send: (m) => ws.send(JSON.stringify(m)), settled };
}
