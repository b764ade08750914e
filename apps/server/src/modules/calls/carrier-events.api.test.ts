import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallView } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { expectError, uniquePhone } from "../../../test/helpers.ts";
import { ack, callBySid, callIn, callsWorld, clinic, offerOf, openTab, until, type CallsWorld, type Clinic } from "./calls-test-kit.ts";
import { applyCarrierEvent, receiveInboundCall } from "./index.ts";
import { callsDeps } from "./calls-deps.ts";
import { SandboxVoiceBridge } from "./sandbox/bridge.ts";

/** What carriers report (issue 12 §5): replayed, late and out-of-order reports, and the restart check. */

let w: CallsWorld;
let c: Clinic;

beforeAll(async () => {
  w = await callsWorld({ devTools: true });
  c = await clinic(w.t);
});
afterAll(() => w.close());

const versionOf = async (callId: string) =>
  withTenant(
    w.t.db.owner,
    c.org.orgId,
    async (tx) => (await tx.selectFrom("calls").select("version").where("id", "=", callId).executeTakeFirstOrThrow()).version,
  );

describe("carrier reports", () => {
  it("joins the owner when their tab answers the phone's offer; a replayed or late report changes nothing", async () => {
    const tab = await openTab(w, c.staff[0]!);
    const started = await callIn(w.t, uniquePhone(), c.number);
    const ringing = await callBySid(w.t, tab.token, started.sid);
    await offerOf(tab, ringing.id);
    ack(tab, ringing.id);
    const answered = await w.t.request({
      method: "POST",
      url: "/api/voice/v1/calls/answer",
      token: tab.token,
      payload: { callId: ringing.id },
    });
    expect(answered.json<CallView>().state).toBe("connecting");
    tab.socket.send({ type: "call.signal", callId: ringing.id, signal: { kind: "answer", payload: { type: "answer", sdp: "v=0" } } });
    const active = await until(async () => {
      const v = await callBySid(w.t, tab.token, started.sid);
      return v.state === "active" ? v : null;
    }, "active");
    expect(active.answeredAt).not.toBeNull();

    const hangup = { type: "leg.ended" as const, leg: "customer" as const, status: "completed" as const, key: "replay-1", at: Date.now() };
    await applyCarrierEvent({ carrierCallSid: started.sid }, hangup);
    const ended = await callBySid(w.t, tab.token, started.sid);
    expect(ended).toMatchObject({ state: "ended", endStatus: "completed" });
    const version = await versionOf(ringing.id);
    // The same report again, a late "answered", a late "ringing": the call stays as it ended.
    await applyCarrierEvent({ carrierCallSid: started.sid }, hangup);
    await applyCarrierEvent({ callId: ringing.id }, { type: "leg.ringing", leg: "customer", key: "late-ringing", at: Date.now() - 60_000 });
    await applyCarrierEvent({ carrierCallSid: started.sid }, { type: "leg.answered", leg: "customer", key: "late-answer", at: Date.now() });
    expect(await versionOf(ringing.id)).toBe(version);
    expect(await callBySid(w.t, tab.token, started.sid)).toMatchObject({
      state: "ended",
      endStatus: "completed",
      answeredAt: ended.answeredAt,
    });
    const events = await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx.selectFrom("call_events").select("key").where("call_id", "=", ringing.id).where("key", "=", "replay-1").execute(),
    );
    expect(events).toHaveLength(1);
    // The owner's current team became the call's.
    const session = await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx
        .selectFrom("sessions")
        .select("current_team_id")
        .where("user_id", "=", tab.user.id)
        .where("revoked_at", "is", null)
        .executeTakeFirstOrThrow(),
    );
    expect(session.current_team_id).toBe(c.org.teams.main);
    await tab.socket.close();
  });

  it("answers a replayed inbound report with the call it started, and null for a number nobody owns", async () => {
    const sid = `CA${"1".repeat(32)}`;
    const report = { carrier: "twilio" as const, carrierCallSid: sid, from: uniquePhone(), to: c.number, at: Date.now() };
    const first = await receiveInboundCall(report);
    const again = await receiveInboundCall(report);
    expect(first?.callId).toBeDefined();
    expect(again).toEqual(first);
    expect(await receiveInboundCall({ ...report, carrierCallSid: `CA${"2".repeat(32)}`, to: uniquePhone() })).toBeNull();
  });
});

describe("the restart check", () => {
  it("ends a call the carrier no longer has (a restart forgot it) and answers what it did", async () => {
    const tab = await openTab(w, c.staff[1]!);
    const started = await callIn(w.t, uniquePhone(), c.number);
    const ringing = await callBySid(w.t, tab.token, started.sid);
    await offerOf(tab, ringing.id);
    ack(tab, ringing.id);
    // A restart: the sandbox bridge starts with no call in memory.
    const runtime = callsDeps();
    const before = runtime.carrier;
    runtime.carrier = new SandboxVoiceBridge();
    try {
      const admin = await w.t.as(c.org.users.admin);
      const res = await w.t.request({ method: "POST", url: "/api/voice/v1/synchronize", token: admin });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().ended).toBeGreaterThanOrEqual(1);
    } finally {
      runtime.carrier = before;
    }
    const after = await callBySid(w.t, tab.token, started.sid);
    expect(after.state).toBe("ended");
    await tab.socket.close();
  });

  it("takes back a claim nobody joined, and ends it missed when nobody else can take it", async () => {
    const tab = await openTab(w, c.staff[1]!);
    const started = await callIn(w.t, uniquePhone(), c.number);
    const ringing = await callBySid(w.t, tab.token, started.sid);
    await offerOf(tab, ringing.id);
    ack(tab, ringing.id);
    await w.t.request({ method: "POST", url: "/api/voice/v1/calls/answer", token: tab.token, payload: { callId: ringing.id } });
    // The tab went away before joining, and the server restarted past the join timer.
    await tab.socket.close();
    await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx
        .updateTable("calls")
        .set({ updated_at: new Date(Date.now() - 60_000) })
        .where("id", "=", ringing.id)
        .execute(),
    );
    const admin = await w.t.as(c.org.users.admin);
    const res = await w.t.request({ method: "POST", url: "/api/voice/v1/synchronize", token: admin });
    expect(res.json().reoffered).toBeGreaterThanOrEqual(1);
    expect(await callBySid(w.t, admin, started.sid)).toMatchObject({ state: "ended", endStatus: "no-answer", ownerUserId: null });
  });

  it("is for administrators only", async () => {
    const token = await w.t.as(c.staff[0]!);
    expectError(await w.t.request({ method: "POST", url: "/api/voice/v1/synchronize", token }), 403, "error.forbidden");
  });
});
