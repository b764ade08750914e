import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { CallView, SandboxPhoneCall } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { expectError, uniquePhone } from "../../../test/helpers.ts";
import {
  ack,
  callBySid,
  callIn,
  callsWorld,
  clinic,
  eventsOf,
  missedCallText,
  offerOf,
  openTab,
  until,
  type CallsWorld,
  type Clinic,
  type Tab,
} from "./calls-test-kit.ts";

/** Inbound calls over the sandbox (issue 12 §1, §4): who rings, the claim, reject, the missed path. */

const MISSED = "Nous vous rappelons bientôt.";
let w: CallsWorld;
let c: Clinic;
let tabs: Tab[] = [];

beforeAll(async () => {
  w = await callsWorld();
  c = await clinic(w.t);
  await missedCallText(w.t, c.org.orgId, c.org.teams.main, MISSED);
});
afterAll(async () => {
  for (const tab of tabs) await tab.socket.close();
  await w.close();
});

async function staffTabs(): Promise<[Tab, Tab]> {
  for (const tab of tabs) await tab.socket.close();
  const a = await openTab(w, c.staff[0]!);
  const b = await openTab(w, c.staff[1]!);
  tabs = [a, b];
  return [a, b];
}

const post = (token: string, action: string, callId: string) =>
  w.t.request({ method: "POST", url: `/api/voice/v1/calls/${action}`, token, payload: { callId } });

async function ringing(a: Tab, b: Tab): Promise<{ phone: string; sid: string; callId: string }> {
  const phone = uniquePhone();
  const started: SandboxPhoneCall = await callIn(w.t, phone, c.number);
  const view = await until(async () => {
    const v = await callBySid(w.t, a.token, started.sid);
    return v.state === "ringing" ? v : null;
  }, "ringing");
  await Promise.all([offerOf(a, view.id), offerOf(b, view.id)]);
  ack(a, view.id);
  ack(b, view.id);
  return { phone, sid: started.sid, callId: view.id };
}

describe("an inbound call", () => {
  it("rings every present receptionist of the team; the first answer wins, the other sees who took it", async () => {
    const [a, b] = await staffTabs();
    const { callId } = await ringing(a, b);
    const first = await post(a.token, "answer", callId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<CallView>()).toMatchObject({ state: "connecting", ownerUserId: a.user.id });
    const second = await post(b.token, "answer", callId);
    expectError(second, 409, "error.call-taken");
    expect(second.json().error.params.name).toEqual(expect.stringContaining("user"));
    await b.socket.waitFor((m) => m.type === "call.offer.revoked" && "payload" in m && m.payload["callId"] === callId);
    expect(eventsOf(b, "call.offer.revoked", callId)[0]?.payload["reason"]).toBe("taken");
    // The winner's current team is the call's.
    const profile = await w.t.request({ method: "GET", url: "/api/auth/profile", token: a.token });
    expect(profile.statusCode).toBe(200);
    const hang = await post(a.token, "hangup", callId);
    expect(hang.json<CallView>()).toMatchObject({ state: "ended", endStatus: "canceled" });
  });

  it("announces the call's thread message only when what it shows changes", async () => {
    const [a, b] = await staffTabs();
    const { callId } = await ringing(a, b);
    expect((await post(b.token, "reject", callId)).statusCode).toBe(200);
    expect((await post(a.token, "answer", callId)).statusCode).toBe(200);
    await post(a.token, "hangup", callId);
    await a.socket.waitFor((m) => m.type === "call.ended" && "payload" in m && m.payload["id"] === callId);
    // Ringing two people, their acks and one's refusal show nothing new in the thread: no message event for them.
    const shown = a.socket.events
      .filter((e) => e.type === "message.created" || e.type === "message.updated")
      .map((e) => e.payload["call"] as { callId: string; state: string; endStatus: string | null } | undefined)
      .filter((call) => call?.callId === callId)
      .map((call) => `${call?.state}/${call?.endStatus}`);
    expect(shown[0]).toBe("ivr/null");
    expect(shown.at(-1)).toBe("ended/canceled");
    expect(shown.filter((s, i) => s === shown[i - 1])).toEqual([]);
  });

  it("rings the staff in the commit that puts the caller in the queue (decision 0049)", async () => {
    const [a, b] = await staffTabs();
    const { callId, sid } = await ringing(a, b);
    const events = await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx
        .selectFrom("call_events")
        .select(["type", sql<string>`xmin::text`.as("tx")])
        .where("call_id", "=", callId)
        .orderBy("version")
        .orderBy("id")
        .execute(),
    );
    const txOf = (type: string) => events.find((e) => e.type === type)?.tx;
    expect(events.map((e) => e.type).slice(0, 3)).toEqual(["call.inbound", "queue.entered", "offer.sent"]);
    expect(txOf("offer.sent")).toBe(txOf("queue.entered"));
    await w.t.request({ method: "POST", url: `/api/sandbox/calls/${sid}/hangup` });
  });

  it("rings the staff at once for an emergency caller, and the offers can be answered", async () => {
    const [a, b] = await staffTabs();
    const started = await callIn(w.t, "911", c.number);
    const view = await callBySid(w.t, a.token, started.sid);
    expect(view).toMatchObject({ state: "ringing", emergency: true });
    await Promise.all([offerOf(a, view.id), offerOf(b, view.id)]);
    const answered = await post(b.token, "answer", view.id);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<CallView>()).toMatchObject({ state: "connecting", ownerUserId: b.user.id });
    await post(b.token, "hangup", view.id);
  });

  it("answers 409 with its reason to a person the call was not offered to, and once it ended", async () => {
    const [a, b] = await staffTabs();
    const { callId, sid } = await ringing(a, b);
    const outsider = await w.t.addUser(c.org.orgId, "user", [{ id: c.org.teams.main, teamRole: "user" }]);
    const token = await w.t.as(outsider);
    expectError(await post(token, "answer", callId), 409, "error.call-not-offered");
    await w.t.request({ method: "POST", url: `/api/sandbox/calls/${sid}/hangup` });
    expectError(await post(a.token, "answer", callId), 409, "error.call-ended");
  });

  it("lets exactly one of two answers in the same instant win", async () => {
    const [a, b] = await staffTabs();
    const { callId } = await ringing(a, b);
    const answers = await Promise.all([post(a.token, "answer", callId), post(b.token, "answer", callId)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409);
    expect(loser?.json().error.code).toBe("error.call-taken");
    const winner = answers.find((r) => r.statusCode === 200)?.json<CallView>();
    await post(winner?.ownerUserId === a.user.id ? a.token : b.token, "hangup", callId);
  });

  it("keeps ringing the others when one person rejects", async () => {
    const [a, b] = await staffTabs();
    const { callId, sid } = await ringing(a, b);
    const rejected = await post(a.token, "reject", callId);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<CallView>().state).toBe("ringing");
    await a.socket.waitFor((m) => m.type === "call.offer.revoked" && "payload" in m && m.payload["callId"] === callId);
    const offersB = await w.t.request({ method: "GET", url: "/api/voice/v1/calls/offers", token: b.token });
    expect(offersB.json().offers.map((o: { callId: string }) => o.callId)).toContain(callId);
    const offersA = await w.t.request({ method: "GET", url: "/api/voice/v1/calls/offers", token: a.token });
    expect(offersA.json().offers).toEqual([]);
    // The caller hangs up: the last offer is revoked, the call ends canceled.
    const hung = await w.t.request({ method: "POST", url: `/api/sandbox/calls/${sid}/hangup` });
    expect(hung.json<SandboxPhoneCall>()).toMatchObject({ state: "ended", endStatus: "canceled" });
  });

  it("sends the missed path at once when nobody can ring, texting the caller once a period", async () => {
    for (const tab of tabs) await tab.socket.close();
    tabs = [];
    const phone = uniquePhone();
    const first = await callIn(w.t, phone, c.number);
    expect(first).toMatchObject({ state: "ended", endStatus: "no-answer" });
    await until(async () => w.t.carrier.outboxFor(phone).length > 0, "the missed-call text");
    const second = await callIn(w.t, phone, c.number);
    expect(second.state).toBe("ended");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(w.t.carrier.outboxFor(phone).map((e) => e.body)).toEqual([MISSED]);
    // The call is one message of the caller's thread, and the thread shows its voice status.
    const threadMessage = await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx
        .selectFrom("messages")
        .select(["call", "thread_id"])
        .where("idempotency_key", "like", "call:%")
        .where("from_phone", "=", phone)
        .execute(),
    );
    expect(threadMessage).toHaveLength(2);
    expect(threadMessage[0]?.call).toMatchObject({ direction: "inbound", state: "ended", endStatus: "no-answer" });
  });

  it("gives a hidden caller no thread message and no text", async () => {
    const hidden = await callIn(w.t, "anonymous", c.number);
    expect(hidden).toMatchObject({ state: "ended", endStatus: "no-answer" });
    const admin = await w.t.as(c.org.users.admin);
    const view = await callBySid(w.t, admin, hidden.sid);
    expect(view).toMatchObject({ anonymous: true, threadId: null });
    expect(w.t.carrier.outboxFor("anonymous")).toEqual([]);
  });

  it("does not ring a tab that sent no heartbeat", async () => {
    for (const tab of tabs) await tab.socket.close();
    const silent = await openTab(w, c.staff[0]!, { heartbeat: false });
    const live = await openTab(w, c.staff[1]!);
    tabs = [silent, live];
    const started = await callIn(w.t, uniquePhone(), c.number);
    const view = await callBySid(w.t, live.token, started.sid);
    await offerOf(live, view.id);
    ack(live, view.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(eventsOf(silent, "call.offer", view.id)).toEqual([]);
    await post(live.token, "reject", view.id);
  });

  it("keeps ringing the person whose tab acknowledged while the silent one's offer is declined", async () => {
    for (const tab of tabs) await tab.socket.close();
    const live = await openTab(w, c.staff[0]!);
    const frozen = await openTab(w, c.staff[1]!);
    tabs = [live, frozen];
    const started = await callIn(w.t, uniquePhone(), c.number);
    const view = await callBySid(w.t, live.token, started.sid);
    await Promise.all([offerOf(live, view.id), offerOf(frozen, view.id)]);
    ack(live, view.id);
    await frozen.socket.waitFor((m) => m.type === "call.offer.revoked" && "payload" in m && m.payload["callId"] === view.id, 15_000);
    expect(eventsOf(frozen, "call.offer.revoked", view.id)[0]?.payload["reason"]).toBe("declined");
    const still = await w.t.request({ method: "GET", url: "/api/voice/v1/calls/offers", token: live.token });
    expect(still.json().offers.map((o: { callId: string }) => o.callId)).toContain(view.id);
    expect(eventsOf(live, "call.offer.revoked", view.id)).toEqual([]);
    await post(live.token, "reject", view.id);
  });

  it("declines an offer no tab acknowledged, and goes missed at once when nobody else can ring", async () => {
    for (const tab of tabs) await tab.socket.close();
    const frozen = await openTab(w, c.staff[0]!);
    tabs = [frozen];
    const phone = uniquePhone();
    const started = await callIn(w.t, phone, c.number);
    const view = await callBySid(w.t, frozen.token, started.sid);
    await offerOf(frozen, view.id);
    // No ack: within the ack time (4 s) the offer is declined and the call ends unanswered.
    const ended = await until(
      async () => {
        const v = await callBySid(w.t, frozen.token, started.sid);
        return v.state === "ended" ? v : null;
      },
      "the call to end",
      15_000,
    );
    expect(ended.endStatus).toBe("no-answer");
    // The socket hears of it after the commit the view was read from: wait for it, do not assume it came first.
    await frozen.socket.waitFor((m) => m.type === "call.offer.revoked" && "payload" in m && m.payload["callId"] === view.id);
    expect(eventsOf(frozen, "call.offer.revoked", view.id)[0]?.payload["reason"]).toBe("declined");
    await until(async () => w.t.carrier.outboxFor(phone).length > 0, "the missed-call text");
  });
});

describe("ring time and busy browsers", () => {
  it("ends the call no-answer when nobody answers within the organisation's ring time", async () => {
    const quick = await clinic(w.t);
    await withTenant(w.t.db.owner, quick.org.orgId, (tx) =>
      tx.updateTable("organizations").set({ call_ring_seconds: 5 }).where("id", "=", quick.org.orgId).execute(),
    );
    const tab = await openTab(w, quick.staff[0]!);
    tabs.push(tab);
    const started = await callIn(w.t, uniquePhone(), quick.number);
    const view = await callBySid(w.t, tab.token, started.sid);
    await offerOf(tab, view.id);
    ack(tab, view.id);
    const ended = await until(
      async () => {
        const v = await callBySid(w.t, tab.token, started.sid);
        return v.state === "ended" ? v : null;
      },
      "the ring time to pass",
      15_000,
    );
    expect(ended.endStatus).toBe("no-answer");
    // The call's end is read over HTTP; the revocation reaches the socket through the real-time log, a moment later.
    await tab.socket.waitFor((m) => m.type === "call.offer.revoked" && "payload" in m && m.payload["callId"] === view.id);
    expect(eventsOf(tab, "call.offer.revoked", view.id)[0]?.payload["reason"]).toBe("timed-out");
  });

  it("declines for that person only an offer a busy browser acks with busy", async () => {
    const [a, b] = await staffTabs();
    const phone = uniquePhone();
    const started = await callIn(w.t, phone, c.number);
    const view = await callBySid(w.t, a.token, started.sid);
    await Promise.all([offerOf(a, view.id), offerOf(b, view.id)]);
    ack(a, view.id, true);
    ack(b, view.id);
    await a.socket.waitFor((m) => m.type === "call.offer.revoked" && "payload" in m && m.payload["callId"] === view.id);
    expect(eventsOf(a, "call.offer.revoked", view.id)[0]?.payload["reason"]).toBe("declined");
    expect((await callBySid(w.t, b.token, started.sid)).state).toBe("ringing");
    await post(b.token, "rejectAll", view.id);
    expect((await callBySid(w.t, b.token, started.sid)).state).toBe("ended");
  });
});

describe("a receptionist who becomes reachable while a call rings", () => {
  it("is rung in the same round", async () => {
    for (const tab of tabs) await tab.socket.close();
    const early = await openTab(w, c.staff[0]!);
    tabs = [early];
    const started = await callIn(w.t, uniquePhone(), c.number);
    const view = await callBySid(w.t, early.token, started.sid);
    await offerOf(early, view.id);
    ack(early, view.id);
    const late = await openTab(w, c.staff[1]!);
    tabs.push(late);
    const offer = await offerOf(late, view.id);
    expect("payload" in offer && offer.payload["round"]).toBe(1);
    ack(late, view.id);
    await post(early.token, "reject", view.id);
    await post(late.token, "reject", view.id);
  });
});

describe("who may see a call", () => {
  it("answers 404 to another organisation and to a member of another team", async () => {
    const [a, b] = await staffTabs();
    const { callId } = await ringing(a, b);
    const other = await clinic(w.t);
    const stranger = await w.t.as(other.staff[0]!);
    expectError(await w.t.request({ method: "GET", url: `/api/voice/v1/calls/${callId}`, token: stranger }), 404, "error.not-found");
    expectError(await post(stranger, "answer", callId), 404, "error.not-found");
    const secondTeam = await w.t.as(c.org.users.other);
    expectError(await w.t.request({ method: "GET", url: `/api/voice/v1/calls/${callId}`, token: secondTeam }), 404, "error.not-found");
    expectError(await post(secondTeam, "hangup", callId), 404, "error.not-found");
    await post(a.token, "reject", callId);
    await post(b.token, "reject", callId);
  });
});
