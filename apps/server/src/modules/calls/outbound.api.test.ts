import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallView, SandboxPhoneCall } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { expectError, uniquePhone } from "../../../test/helpers.ts";
import { callsWorld, clinic, heartbeat, openTab, phoneSocket, until, type CallsWorld, type Clinic } from "./calls-test-kit.ts";

/** Outbound calls (issue 12 §1, spec §5), the dialpad, tokens, and the organisation's switch. */

let w: CallsWorld;
let c: Clinic;

beforeAll(async () => {
  w = await callsWorld();
  c = await clinic(w.t);
});
afterAll(() => w.close());

const dial = (token: string, to: string) => w.t.request({ method: "POST", url: "/api/voice/v1/calls", token, payload: { to } });

describe("POST voice/v1/calls", () => {
  it("rings the simulator phone, which answers, hears the dialpad keys, and the call lands in the thread", async () => {
    const phone = uniquePhone();
    const sim = await phoneSocket(w, phone);
    const tab = await openTab(w, c.staff[0]!);
    const res = await dial(tab.token, ` ${phone.slice(0, 5)} ${phone.slice(5)} `);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<CallView>();
    expect(placed).toMatchObject({ direction: "outbound", remoteNumber: phone, ownerUserId: tab.user.id, teamNumber: c.number });
    const incoming = await until(async () => sim.messages.find((m) => m.type === "call.incoming"), "call.incoming");
    const sid = incoming.type === "call.incoming" ? incoming.call.sid : "";
    const answered = await w.t.request({ method: "POST", url: `/api/sandbox/calls/${sid}/answer` });
    expect(answered.json<SandboxPhoneCall>().state).toBe("active");
    await until(async () => sim.messages.some((m) => m.type === "call.connected"), "call.connected");

    // Signalling: the phone's offer reaches the owner's tab, the tab's answer reaches the phone.
    const offer = { kind: "offer", payload: { type: "offer", sdp: "v=0 offer" } };
    sim.send({ type: "call.signal", callSid: sid, signal: offer });
    await tab.socket.waitFor((m) => m.type === "call.signal" && "signal" in m && m.signal.kind === "offer");
    tab.socket.send({ type: "call.signal", callId: placed.id, signal: { kind: "answer", payload: { type: "answer", sdp: "v=0 answer" } } });
    await until(async () => sim.messages.some((m) => m.type === "call.signal" && m.signal.kind === "answer"), "the answer at the phone");

    const keys = await w.t.request({
      method: "POST",
      url: "/api/voice/v1/calls/digits",
      token: tab.token,
      payload: { callId: placed.id, digits: "12#" },
    });
    expect(keys.statusCode, keys.body).toBe(200);
    const list = await w.t.request({ method: "GET", url: `/api/sandbox/calls?phone=${encodeURIComponent(phone)}` });
    expect(list.json().calls[0]).toMatchObject({ sid, direction: "incoming", digitsReceived: "12#" });

    const hung = await w.t.request({ method: "POST", url: "/api/voice/v1/calls/hangup", token: tab.token, payload: { callId: placed.id } });
    expect(hung.json<CallView>()).toMatchObject({ state: "ended", endStatus: "completed" });
    await until(async () => sim.messages.some((m) => m.type === "call.ended"), "call.ended at the phone");
    const message = await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx
        .selectFrom("messages")
        .select(["call", "direction", "author_id"])
        .where("idempotency_key", "=", `call:${placed.id}`)
        .executeTakeFirstOrThrow(),
    );
    expect(message).toMatchObject({ direction: "outbound", author_id: tab.user.id, call: { state: "ended", endStatus: "completed" } });
    sim.ws.close();
    await tab.socket.close();
  });

  it("holds and resumes the caller: hold music at the phone, no hang-up meanwhile, only for the owner", async () => {
    const phone = uniquePhone();
    const sim = await phoneSocket(w, phone);
    const tab = await openTab(w, c.staff[0]!);
    const placed = (await dial(tab.token, phone)).json<CallView>();
    const act = (token: string, action: string) =>
      w.t.request({ method: "POST", url: `/api/voice/v1/calls/${action}`, token, payload: { callId: placed.id } });
    // Not connected yet: nothing to hold.
    expectError(await act(tab.token, "hold"), 409, "error.call-not-active");
    const incoming = await until(async () => sim.messages.find((m) => m.type === "call.incoming"), "call.incoming");
    const sid = incoming.type === "call.incoming" ? incoming.call.sid : "";
    await w.t.request({ method: "POST", url: `/api/sandbox/calls/${sid}/answer` });

    const held = await act(tab.token, "hold");
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json<CallView>()).toMatchObject({ held: true, statusCode: "hold", state: "active" });
    await until(async () => sim.messages.some((m) => m.type === "call.state" && m.call.holdMusic === "hold"), "hold music at the phone");
    expectError(await act(tab.token, "hangup"), 409, "error.call-held");
    // Someone else of the team, and another organisation.
    expectError(await act(await w.t.as(c.staff[1]!), "resume"), 409, "error.call-not-owner");
    const stranger = await clinic(w.t);
    expectError(await act(await w.t.as(stranger.staff[0]!), "resume"), 404, "error.not-found");
    // Holding twice changes nothing.
    expect((await act(tab.token, "hold")).json<CallView>().version).toBe(held.json<CallView>().version);

    const resumed = await act(tab.token, "resume");
    expect(resumed.json<CallView>()).toMatchObject({ held: false, statusCode: "in progress" });
    const heldAt = sim.messages.findIndex((m) => m.type === "call.state" && m.call.holdMusic === "hold");
    await until(
      async () => sim.messages.slice(heldAt + 1).some((m) => m.type === "call.state" && m.call.holdMusic === null),
      "the phone off hold",
    );
    expect((await act(tab.token, "hangup")).json<CallView>()).toMatchObject({ state: "ended" });
    sim.ws.close();
    await tab.socket.close();
  });

  it("refuses an invalid number, an empty one, and a second call while on one", async () => {
    const token = await w.t.as(c.staff[1]!);
    expectError(await dial(token, "12"), 400, "error.invalid-number");
    expectError(await dial(token, "abc"), 400, "error.invalid-number");
    expectError(await dial(token, "   "), 400, "error.call-contact");
    const first = await dial(token, uniquePhone());
    expect(first.statusCode).toBe(201);
    expectError(await dial(token, uniquePhone()), 409, "error.already-on-call");
    await w.t.request({ method: "POST", url: "/api/voice/v1/calls/hangup", token, payload: { callId: first.json<CallView>().id } });
  });

  it("needs tier permission 1, except for an emergency number, and is allowed when the tier is unknown", async () => {
    const basic = await clinic(w.t, { tierId: 1 });
    const token = await w.t.as(basic.staff[0]!);
    const tiers = await withTenant(w.t.db.owner, basic.org.orgId, (tx) => tx.selectFrom("tiers").select(["id", "permissions"]).execute());
    const without = tiers.find((t) => !t.permissions.includes(1));
    if (!without) throw new Error("the seed has no tier without permission 1");
    await withTenant(w.t.db.owner, basic.org.orgId, (tx) =>
      tx.updateTable("organizations").set({ tier_id: without.id }).where("id", "=", basic.org.orgId).execute(),
    );
    expectError(await dial(token, uniquePhone()), 403, "error.tier-forbidden");
    const emergency = await dial(token, "911");
    expect(emergency.statusCode, emergency.body).toBe(201);
    expect(emergency.json<CallView>()).toMatchObject({ emergency: true, threadId: null });
    await w.t.request({ method: "POST", url: "/api/voice/v1/calls/hangup", token, payload: { callId: emergency.json<CallView>().id } });
    const unknown = await clinic(w.t, { tierId: null });
    const first = await dial(await w.t.as(unknown.staff[0]!), uniquePhone());
    expect(first.statusCode, first.body).toBe(201);
  });

  it("answers 409 no-phones-configured for a team without a number", async () => {
    const token = await w.t.as(c.org.users.other);
    expectError(await dial(token, uniquePhone()), 409, "error.no-phones-configured");
  });
});

describe("the organisation's web-calls switch", () => {
  it("refuses tokens and calls while off, and nobody is offered a call", async () => {
    const off = await clinic(w.t, { webCalls: false });
    const tab = await openTab(w, off.staff[0]!);
    expectError(await w.t.request({ method: "GET", url: "/api/voice/v1/tokens", token: tab.token }), 403, "error.web-calls-disabled");
    expectError(await dial(tab.token, uniquePhone()), 403, "error.web-calls-disabled");
    const started = await w.t.request({ method: "POST", url: "/api/sandbox/calls", payload: { from: uniquePhone(), to: off.number } });
    expect(started.json().call).toMatchObject({ state: "ended", endStatus: "no-answer" });
    const on = await w.t.request({ method: "GET", url: "/api/voice/v1/tokens", token: await w.t.as(c.staff[0]!) });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ carrier: "sandbox", identity: expect.stringMatching(/^[A-Za-z0-9_]+$/) });
    await tab.socket.close();
  });
});

describe("the heartbeat's answer", () => {
  it("says why a person is not offered calls, and that they are once nothing stands in the way", async () => {
    const place = await clinic(w.t);
    const person = place.staff[0]!;
    const tab = await openTab(w, person, { heartbeat: false });
    const reasons = async (canAnswer = true) => {
      const ack = await heartbeat(tab, canAnswer);
      return "reasons" in ack ? [...ack.reasons].sort() : null;
    };
    expect(await reasons()).toEqual([]);
    expect(await reasons(false)).toEqual(["no-microphone"]);
    await withTenant(w.t.db.owner, place.org.orgId, async (tx) => {
      await tx
        .updateTable("users")
        .set({ status: "offline", settings: JSON.stringify({ allowIncomingCalls: false }) })
        .where("id", "=", person.id)
        .execute();
      await tx
        .updateTable("organizations")
        .set({ options: JSON.stringify({ twilio: { hasMultipleNumbers: false, webCallsEnabled: false } }) })
        .where("id", "=", place.org.orgId)
        .execute();
    });
    expect(await reasons()).toEqual(["incoming-calls-off", "offline", "web-calls-off"]);
    await withTenant(w.t.db.owner, place.org.orgId, async (tx) => {
      await tx
        .updateTable("users")
        .set({ status: "online", settings: JSON.stringify({}) })
        .where("id", "=", person.id)
        .execute();
      await tx
        .updateTable("organizations")
        .set({ options: JSON.stringify({ twilio: { hasMultipleNumbers: false, webCallsEnabled: true } }) })
        .where("id", "=", place.org.orgId)
        .execute();
    });
    const placed = await dial(tab.token, uniquePhone());
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await reasons()).toEqual(["on-call"]);
    await w.t.request({
      method: "POST",
      url: "/api/voice/v1/calls/hangup",
      token: tab.token,
      payload: { callId: placed.json<CallView>().id },
    });
    expect(await reasons()).toEqual([]);
    await tab.socket.close();
  });
});
