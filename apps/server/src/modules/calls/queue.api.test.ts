import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallView, QueueViewResponse, SandboxPhoneCall } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { expectError, uniquePhone } from "../../../test/helpers.ts";
import {
  ack,
  callBySid,
  callIn,
  callsWorld,
  clinic,
  eventsOf,
  offerOf,
  openTab,
  until,
  type CallsWorld,
  type Clinic,
  type Tab,
} from "./calls-test-kit.ts";
import type { VoiceCarrier } from "./carrier.ts";
import { callsDeps } from "./calls-deps.ts";

/** The call queue, park and pick over the sandbox (issue 13 §1). */

let w: CallsWorld;
let c: Clinic;
const tabs: Tab[] = [];

/** Queue on at every level: the organisation's flag and option, and the team's setting. */
async function queueOn(clinicOf: Clinic): Promise<void> {
  await withTenant(w.t.db.owner, clinicOf.org.orgId, async (tx) => {
    await tx
      .updateTable("organizations")
      .set({
        call_queue_enabled: true,
        options: JSON.stringify({
          twilio: { hasMultipleNumbers: false, webCallsEnabled: true },
          voiceQueue: { enabled: true, notification: false },
        }),
      })
      .where("id", "=", clinicOf.org.orgId)
      .execute();
    await tx
      .updateTable("teams")
      .set({ settings: JSON.stringify({ voiceQueue: true }) })
      .where("id", "=", clinicOf.org.teams.main)
      .execute();
  });
}

beforeAll(async () => {
  w = await callsWorld({ devTools: true });
  c = await clinic(w.t);
  await queueOn(c);
});
afterAll(async () => {
  for (const tab of tabs) await tab.socket.close();
  await w.close();
});

async function tab(user: Clinic["staff"][number]): Promise<Tab> {
  const opened = await openTab(w, user);
  tabs.push(opened);
  return opened;
}

const queues = async (token: string) => {
  const res = await w.t.request({ method: "GET", url: "/api/voice/v1/queues", token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QueueViewResponse>();
};
const park = (token: string, callId: string) => w.t.request({ method: "POST", url: `/api/voice/v1/queues/park/${callId}`, token });
const pick = (token: string, callSid: string) =>
  w.t.request({ method: "POST", url: "/api/voice/v1/queues/pick", token, payload: { callSid } });
const answer = (token: string, callId: string) =>
  w.t.request({ method: "POST", url: "/api/voice/v1/calls/answer", token, payload: { callId } });

const phoneCall = async (phone: string, sid: string): Promise<SandboxPhoneCall | undefined> => {
  const res = await w.t.request({ method: "GET", url: `/api/sandbox/calls?phone=${encodeURIComponent(phone)}` });
  return res.json<{ calls: SandboxPhoneCall[] }>().calls.find((call) => call.sid === sid);
};

async function stateOf(token: string, sid: string, state: CallView["state"]): Promise<CallView> {
  return until(async () => {
    const v = await callBySid(w.t, token, sid);
    return v.state === state ? v : null;
  }, `the call ${state}`);
}

/** A call answered by `owner` whose tab took the phone's media offer: active. */
async function activeCall(owner: Tab, clinicOf: Clinic = c): Promise<{ phone: string; sid: string; callId: string }> {
  const phone = uniquePhone();
  const started = await callIn(w.t, phone, clinicOf.number);
  const view = await stateOf(owner.token, started.sid, "ringing");
  await offerOf(owner, view.id);
  ack(owner, view.id);
  const answered = await answer(owner.token, view.id);
  expect(answered.statusCode, answered.body).toBe(200);
  // Parking before the call is accepted (still connecting) is refused.
  expectError(await park(owner.token, view.id), 409, "error.call-not-accepted");
  owner.socket.send({ type: "call.signal", callId: view.id, signal: { kind: "answer", payload: { type: "answer", sdp: "v=0" } } });
  await stateOf(owner.token, started.sid, "active");
  return { phone, sid: started.sid, callId: view.id };
}

describe("the queue", () => {
  it("keeps a caller nobody can take waiting with hold music, shows them in the queue view, and rings staff who arrive", async () => {
    const phone = uniquePhone();
    const started = await callIn(w.t, phone, c.number);
    const token = await w.t.as(c.staff[0]!);
    // Nobody has a tab open: with the queue on, the caller waits instead of the missed path.
    const queued = await stateOf(token, started.sid, "queued");
    expect(queued.endStatus).toBeNull();
    expect((await phoneCall(phone, started.sid))?.holdMusic).toBe("hold");
    const view = await queues(token);
    const entry = view.groups.queued.find((q) => q.id === queued.id);
    expect(entry).toMatchObject({ sid: started.sid, status: "queued", group: "queued", parkNo: null, phoneNumber: phone, duration: null });
    expect(Date.parse(entry!.waitingSince)).toBeLessThanOrEqual(Date.parse(view.serverNow));

    // A receptionist comes online (their tab's first heartbeat): the waiting caller rings them.
    const a = await tab(c.staff[0]!);
    await offerOf(a, queued.id);
    ack(a, queued.id);
    expect((await queues(a.token)).groups.ringing.map((q) => q.id)).toContain(queued.id);
    await w.t.request({ method: "POST", url: `/api/sandbox/calls/${started.sid}/hangup` });
    await stateOf(a.token, started.sid, "ended");
    // A call that ended leaves the queue, and its team's tabs are told so.
    const after = await queues(a.token);
    expect(
      Object.values(after.groups)
        .flat()
        .map((q) => q.id),
    ).not.toContain(queued.id);
    await a.socket.waitFor((m) => m.type === "queue.removed" && "payload" in m && m.payload["id"] === queued.id);
    expect(eventsOf(a, "queue.updated", queued.id).map((e) => e.payload["group"])).toContain("ringing");
    await a.socket.close();
  });

  it("sends a caller who waited the organisation's maximum to the voicemail, a missed call when they leave none", async () => {
    const started = await callIn(w.t, uniquePhone(), c.number);
    const token = await w.t.as(c.staff[0]!);
    const queued = await stateOf(token, started.sid, "queued");
    // The max-wait timer is a job due 600 s after the caller entered the queue: the clock reaches it.
    const jobs = await sql<{ run_at: Date }>`
      select run_at from graphile_worker._private_jobs where key = ${`${c.org.orgId}:call-timer:${queued.id}:max-wait`}`.execute(
      w.t.db.owner,
    );
    expect(jobs.rows).toHaveLength(1);
    const waited = (jobs.rows[0]!.run_at.getTime() - Date.parse(queued.startedAt)) / 1000;
    expect(waited).toBeGreaterThanOrEqual(599);
    expect(waited).toBeLessThan(610);
    await sql`update graphile_worker._private_jobs set run_at = now() where key = ${`${c.org.orgId}:call-timer:${queued.id}:max-wait`}`.execute(
      w.t.db.owner,
    );
    // A call waiting in the queue has the voicemail (decision 0039): the caller is asked for a message.
    await until(async () => (await callBySid(w.t, token, started.sid)).state === "voicemail", "the maximum wait", 15_000);
    // They hang up without one: a missed call.
    await w.t.request({ method: "POST", url: `/api/sandbox/calls/${started.sid}/hangup` });
    const ended = await stateOf(token, started.sid, "ended");
    expect(ended.endStatus).toBe("no-answer");
  });

  it("keeps a queued call through a server restart: the carrier still has it, and its check offers it again", async () => {
    const user = c.staff[1]!;
    const setStatus = (status: string) =>
      withTenant(w.t.db.owner, c.org.orgId, (tx) => tx.updateTable("users").set({ status }).where("id", "=", user.id).execute());
    // B's tab is there but B is offline: nobody can take the caller, who waits in the queue.
    await setStatus("offline");
    const b = await tab(user);
    const started = await callIn(w.t, uniquePhone(), c.number);
    const queued = await stateOf(b.token, started.sid, "queued");
    // A restart: the process forgets everything; the carrier (as Twilio does) still has the caller waiting.
    const runtime = callsDeps();
    const before = runtime.carrier;
    const restarted: VoiceCarrier = {
      name: "twilio",
      accessToken: () => Promise.resolve({ jwt: "unused", expiresAt: new Date().toISOString() }),
      execute: () => Promise.resolve(),
      isLive: () => Promise.resolve(true),
    };
    runtime.carrier = restarted;
    try {
      await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
        tx
          .updateTable("calls")
          .set({ updated_at: new Date(Date.now() - 60_000) })
          .where("id", "=", queued.id)
          .execute(),
      );
      const admin = await w.t.as(c.org.users.admin);
      const res = await w.t.request({ method: "POST", url: "/api/voice/v1/synchronize", token: admin });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ended: 0 });
      expect((await callBySid(w.t, b.token, started.sid)).state).toBe("queued");
      // B is online again, with nothing announcing it: the 90 s check (a job in PostgreSQL) finds B.
      await setStatus("online");
      expect(eventsOf(b, "call.offer", queued.id)).toEqual([]);
      await sql`update graphile_worker._private_jobs set run_at = now() where key = ${`${c.org.orgId}:call-timer:${queued.id}:check`}`.execute(
        w.t.db.owner,
      );
      await offerOf(b, queued.id);
      expect((await callBySid(w.t, b.token, started.sid)).state).toBe("ringing");
    } finally {
      runtime.carrier = before;
      await setStatus("online");
    }
    await w.t.request({ method: "POST", url: `/api/sandbox/calls/${started.sid}/hangup` });
    await b.socket.close();
  });
});

describe("park and pick", () => {
  it("parks an accepted call with the lowest free park number and lets a colleague pick it up", async () => {
    const a = await tab(c.staff[0]!);
    const b = await tab(c.staff[1]!);
    const first = await activeCall(a);
    // Only the owner parks.
    expectError(await park(b.token, first.callId), 409, "error.call-not-owner");
    const parked = await park(a.token, first.callId);
    expect(parked.statusCode, parked.body).toBe(200);
    expect(parked.json<CallView>()).toMatchObject({ state: "parked", ownerUserId: null, statusCode: "parked" });
    expect((await phoneCall(first.phone, first.sid))?.holdMusic).toBe("park");
    const view = await queues(b.token);
    expect(view.groups.parked.find((q) => q.id === first.callId)).toMatchObject({ parkNo: 1, status: "parked", sid: first.sid });
    await b.socket.waitFor(
      (m) => m.type === "queue.updated" && "payload" in m && m.payload["id"] === first.callId && m.payload["parkNo"] === 1,
    );

    // A second parked call takes number 2; once number 1 is picked, a third call gets 1 again.
    const second = await activeCall(a);
    expect((await park(a.token, second.callId)).json<CallView>().state).toBe("parked");
    expect((await queues(b.token)).groups.parked.map((q) => [q.id, q.parkNo])).toEqual([
      [first.callId, 1],
      [second.callId, 2],
    ]);

    const picked = await pick(b.token, first.sid);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json<CallView>()).toMatchObject({ state: "connecting", ownerUserId: b.user.id });
    expect((await phoneCall(first.phone, first.sid))?.holdMusic).toBeNull();
    // B's browser takes the phone's new media offer: the call is B's, in progress.
    b.socket.send({ type: "call.signal", callId: first.callId, signal: { kind: "answer", payload: { type: "answer", sdp: "v=0" } } });
    await stateOf(b.token, first.sid, "active");

    const third = await activeCall(a);
    expect((await park(a.token, third.callId)).statusCode).toBe(200);
    expect((await queues(a.token)).groups.parked.map((q) => q.parkNo)).toEqual([1, 2]);
    expect((await queues(a.token)).groups["in-progress"].map((q) => q.id)).toContain(first.callId);

    for (const call of [first, second, third]) await w.t.request({ method: "POST", url: `/api/sandbox/calls/${call.sid}/hangup` });
  });

  it("keeps a held and a parked call through a server restart: the check ends neither, and the parked one is still picked", async () => {
    const a = await tab(c.staff[0]!);
    const b = await tab(c.staff[1]!);
    const held = await activeCall(a);
    const hold = await w.t.request({ method: "POST", url: "/api/voice/v1/calls/hold", token: a.token, payload: { callId: held.callId } });
    expect(hold.json<CallView>()).toMatchObject({ state: "active", held: true });
    const parkedCall = await activeCall(b);
    expect((await park(b.token, parkedCall.callId)).json<CallView>().state).toBe("parked");
    // A restart: the process forgets everything; the carrier (as Twilio does) still has both callers.
    const deps = callsDeps();
    const before = deps.carrier;
    deps.carrier = {
      name: "twilio",
      accessToken: () => Promise.resolve({ jwt: "unused", expiresAt: new Date().toISOString() }),
      execute: () => Promise.resolve(),
      isLive: () => Promise.resolve(true),
    };
    try {
      await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
        tx
          .updateTable("calls")
          .set({ updated_at: new Date(Date.now() - 60_000) })
          .where("id", "in", [held.callId, parkedCall.callId])
          .execute(),
      );
      const res = await w.t.request({ method: "POST", url: "/api/voice/v1/synchronize", token: await w.t.as(c.org.users.admin) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ended: 0 });
      expect(await callBySid(w.t, a.token, held.sid)).toMatchObject({ state: "active", held: true, ownerUserId: a.user.id });
      expect((await queues(a.token)).groups.parked.map((q) => q.id)).toContain(parkedCall.callId);
    } finally {
      deps.carrier = before;
    }
    // B, free since parking it, picks the parked caller up after the restart.
    const picked = await pick(b.token, parkedCall.sid);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json<CallView>()).toMatchObject({ state: "connecting", ownerUserId: b.user.id });
    expect(
      (await w.t.request({ method: "POST", url: "/api/voice/v1/calls/resume", token: a.token, payload: { callId: held.callId } }))
        .statusCode,
    ).toBe(200);
    for (const call of [held, parkedCall]) await w.t.request({ method: "POST", url: `/api/sandbox/calls/${call.sid}/hangup` });
  });

  it("lets exactly one of two pickers win; the other learns who took it", async () => {
    const a = await tab(c.staff[0]!);
    const call = await activeCall(a);
    expect((await park(a.token, call.callId)).statusCode).toBe(200);
    const [bToken, userToken] = await Promise.all([w.t.as(c.staff[1]!), w.t.as(c.org.users.user)]);
    const results = await Promise.all([pick(bToken, call.sid), pick(userToken, call.sid)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const lost = results.find((r) => r.statusCode === 409)!;
    expectError(lost, 409, "error.call-taken");
    const winner = results.find((r) => r.statusCode === 200)!.json<CallView>();
    expect(lost.json().error.params.name).toBe(winner.ownerName);
    await w.t.request({ method: "POST", url: `/api/sandbox/calls/${call.sid}/hangup` });
  });

  it("refuses a picker already on a call, a call of another organisation or team, and everything while web calls are off", async () => {
    const a = await tab(c.staff[0]!);
    const b = await tab(c.staff[1]!);
    const onCall = await activeCall(b);
    const call = await activeCall(a);
    expect((await park(a.token, call.callId)).statusCode).toBe(200);
    expectError(await pick(b.token, call.sid), 409, "error.already-on-call");

    // Another organisation: not found, whatever the id or sid.
    const elsewhere = await clinic(w.t);
    const stranger = await w.t.as(elsewhere.staff[0]!);
    expectError(await pick(stranger, call.sid), 404, "error.not-found");
    expectError(await park(stranger, onCall.callId), 404, "error.not-found");
    const strangerView = await queues(stranger);
    expect(Object.values(strangerView.groups).flat()).toEqual([]);
    // A member of another team of the same organisation neither sees nor picks it.
    const secondTeam = await w.t.as(c.org.users.other);
    expectError(await pick(secondTeam, call.sid), 404, "error.not-found");
    expectError(await park(secondTeam, onCall.callId), 404, "error.not-found");
    expect(Object.values((await queues(secondTeam)).groups).flat()).toEqual([]);
    // An unknown sid, and a malformed one.
    expectError(await pick(a.token, "SB0000"), 404, "error.not-found");
    expectError(await pick(a.token, "not a sid!"), 400, "error.validation");

    // Web calls off for the organisation: park and pick are refused.
    await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx
        .updateTable("organizations")
        .set({ options: JSON.stringify({ twilio: { hasMultipleNumbers: false, webCallsEnabled: false } }) })
        .where("id", "=", c.org.orgId)
        .execute(),
    );
    try {
      expectError(await pick(a.token, call.sid), 403, "error.web-calls-disabled");
      expectError(await park(b.token, onCall.callId), 403, "error.web-calls-disabled");
    } finally {
      await queueOn(c);
    }
    for (const x of [onCall, call]) await w.t.request({ method: "POST", url: `/api/sandbox/calls/${x.sid}/hangup` });
  });
});

describe("without the queue", () => {
  it("a team whose setting is off sends an unanswered caller to the missed path at once", async () => {
    const off = await clinic(w.t);
    await queueOn(off);
    await withTenant(w.t.db.owner, off.org.orgId, (tx) =>
      tx
        .updateTable("teams")
        .set({ settings: JSON.stringify({ voiceQueue: false }) })
        .where("id", "=", off.org.teams.main)
        .execute(),
    );
    const started = await callIn(w.t, uniquePhone(), off.number);
    const token = await w.t.as(off.staff[0]!);
    const ended = await stateOf(token, started.sid, "ended");
    expect(ended.endStatus).toBe("no-answer");
  });
});
