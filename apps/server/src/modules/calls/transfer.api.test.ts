import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallOffersResponse, CallView, SandboxPhoneCall, TransferAvailability } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { expectError, uniquePhone } from "../../../test/helpers.ts";
import { setExtTransfer } from "../voice-settings/voice-settings-test-kit.ts";
import {
  ack,
  callBySid,
  callIn,
  callsWorld,
  clinic,
  eventsOf,
  offerOf,
  openTab,
  phoneSocket,
  until,
  type CallsWorld,
  type Clinic,
  type Tab,
} from "./calls-test-kit.ts";

/** Transfer to a team, a person or an outside extension over the sandbox (issue 13 §2). */

let w: CallsWorld;
let c: Clinic;
const tabs: Tab[] = [];

beforeAll(async () => {
  w = await callsWorld({ devTools: true });
  c = await clinic(w.t);
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

const post = (token: string, url: string, payload: object) =>
  w.t.request({ method: "POST", url: `/api/voice/v1/calls/${url}`, token, payload });
const transfer = (token: string, payload: object) => post(token, "transfer", payload);

const phoneCall = async (phone: string, sid?: string): Promise<SandboxPhoneCall | undefined> => {
  const res = await w.t.request({ method: "GET", url: `/api/sandbox/calls?phone=${encodeURIComponent(phone)}` });
  const calls = res.json<{ calls: SandboxPhoneCall[] }>().calls;
  return sid ? calls.find((call) => call.sid === sid) : calls[0];
};

async function stateOf(token: string, sid: string, state: CallView["state"]): Promise<CallView> {
  return until(async () => {
    const v = await callBySid(w.t, token, sid);
    return v.state === state ? v : null;
  }, `the call ${state}`);
}

/** A call answered by `owner` (whose tab took the phone's media offer): active. The other staff tab must not be open yet, or it rings too. */
async function activeCall(owner: Tab): Promise<{ phone: string; sid: string; callId: string }> {
  const phone = uniquePhone();
  const started = await callIn(w.t, phone, c.number);
  const view = await stateOf(owner.token, started.sid, "ringing");
  await offerOf(owner, view.id);
  ack(owner, view.id);
  // The others' tabs take their offer too: a silent tab would be declined, and never offered this call again.
  for (const other of tabs.filter((t) => t !== owner && t.user.id !== owner.user.id)) {
    await offerOf(other, view.id);
    ack(other, view.id);
  }
  const answered = await post(owner.token, "answer", { callId: view.id });
  expect(answered.statusCode, answered.body).toBe(200);
  owner.socket.send({ type: "call.signal", callId: view.id, signal: { kind: "answer", payload: { type: "answer", sdp: "v=0" } } });
  await stateOf(owner.token, started.sid, "active");
  return { phone, sid: started.sid, callId: view.id };
}

/** Extension transfer on for the clinic, and one outside extension on a new simulated number. */
async function outsideExtension(name: string, extension: string): Promise<{ outside: string; extensionId: string }> {
  await setExtTransfer(w.t, c.org.orgId, true);
  const outside = uniquePhone();
  const created = await w.t.request({
    method: "POST",
    url: "/api/transfer-extension",
    token: await w.t.as(c.org.users.admin),
    payload: { name, phoneNumber: outside, extension },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { outside, extensionId: created.json<{ id: string }>().id };
}

async function hangUp(owner: Tab, callId: string): Promise<void> {
  const view = await w.t.request({ method: "GET", url: `/api/voice/v1/calls/${callId}`, token: owner.token });
  if (view.json<CallView>().held) await post(owner.token, "resume", { callId });
  await post(owner.token, "hangup", { callId });
}

/** The transfer's offer (the call's first offer rang them too). */
function transferOfferOf(tab: Tab, callId: string) {
  return tab.socket.waitFor(
    (m) => m.type === "call.offer" && "payload" in m && m.payload["callId"] === callId && m.payload["transfer"] === true,
  );
}

let marc: Tab;
let isabelle: Tab;

describe("transfer", () => {
  beforeAll(async () => {
    marc = await tab(c.staff[0]!);
    isabelle = await tab(c.staff[1]!);
  });

  it("lists the open teams with their offerable people, never the asker, never another organisation's", async () => {
    const res = await w.t.request({ method: "GET", url: "/api/voice/v1/calls/availability", token: marc.token });
    expect(res.statusCode, res.body).toBe(200);
    const teams = res.json<TransferAvailability>().teams;
    expect(teams.map((t) => t.id)).toEqual([c.org.teams.main]);
    const ids = teams[0]!.users.map((u) => u.id);
    expect(ids).toContain(c.staff[1]!.id);
    expect(ids).not.toContain(c.staff[0]!.id);
    const other = await clinic(w.t);
    const theirs = await w.t.request({ method: "GET", url: "/api/voice/v1/calls/availability", token: await w.t.as(other.staff[0]!) });
    expect(theirs.json<TransferAvailability>().teams.flatMap((t) => t.users.map((u) => u.id))).not.toContain(c.staff[1]!.id);
  });

  it("to a person: the caller is held while they ring ('Transferred call', from team); they accept and own the call", async () => {
    const { callId, sid, phone } = await activeCall(marc);
    const res = await transfer(marc.token, { callId, to: isabelle.user.id });
    expect(res.statusCode, res.body).toBe(200);
    const ringing = res.json<CallView>();
    expect(ringing).toMatchObject({ state: "transferring", held: true, ownerUserId: marc.user.id });
    expect(ringing.transfer).toMatchObject({ targetKind: "user" });
    const offer = await transferOfferOf(isabelle, callId);
    expect("payload" in offer && offer.payload).toMatchObject({
      transfer: true,
      fromGroupLabel: expect.any(String),
      forGroupId: c.org.teams.main,
    });
    expect((await phoneCall(phone, sid))?.holdMusic).toBe("hold");
    const listed = await w.t.request({ method: "GET", url: "/api/voice/v1/calls/offers", token: isabelle.token });
    expect(listed.json<CallOffersResponse>().offers.map((o) => [o.callId, o.transfer])).toContainEqual([callId, true]);
    await until(async () => eventsOf(marc, "transfer.updated", callId).length > 0, "transfer.updated ringing");
    // Marc cannot hang up on a caller being transferred.
    expectError(await post(marc.token, "hangup", { callId }), 409, "error.call-held");

    const taken = await post(isabelle.token, "answer", { callId });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<CallView>()).toMatchObject({ state: "active", held: false, ownerUserId: isabelle.user.id, transfer: null });
    await until(
      async () => eventsOf(marc, "transfer.updated", callId).some((e) => e.payload["status"] === "accepted"),
      "transfer accepted",
    );
    // The simulator stops the music and reconnects to Isabelle (the new owner).
    const after = await until(async () => {
      const p = await phoneCall(phone, sid);
      return p?.holdMusic === null ? p : null;
    }, "the caller resumed");
    expect(after.state).not.toBe("ended");
    await hangUp(isabelle, callId);
  });

  it("refused by the target: back to the person who transferred, held", async () => {
    const { callId } = await activeCall(marc);
    expect((await transfer(marc.token, { callId, to: isabelle.user.id })).statusCode).toBe(200);
    await transferOfferOf(isabelle, callId);
    expect((await post(isabelle.token, "reject", { callId })).statusCode).toBe(200);
    const back = await w.t.request({ method: "GET", url: `/api/voice/v1/calls/${callId}`, token: marc.token });
    expect(back.json<CallView>()).toMatchObject({ state: "active", held: true, ownerUserId: marc.user.id, transfer: null });
    await until(async () => eventsOf(marc, "transfer.updated", callId).some((e) => e.payload["status"] === "failed"), "transfer failed");
    await until(async () => eventsOf(isabelle, "call.offer.revoked", callId).length >= 2, "the offer revoked");
    await hangUp(marc, callId);
  });

  it("a target whose browser is busy refuses it: the caller comes back held, never dropped", async () => {
    const { callId, sid, phone } = await activeCall(marc);
    expect((await transfer(marc.token, { callId, to: isabelle.user.id })).statusCode).toBe(200);
    await transferOfferOf(isabelle, callId);
    ack(isabelle, callId, true);
    const back = await until(async () => {
      const v = (await w.t.request({ method: "GET", url: `/api/voice/v1/calls/${callId}`, token: marc.token })).json<CallView>();
      return v.state === "active" ? v : null;
    }, "the call back");
    expect(back).toMatchObject({ held: true, ownerUserId: marc.user.id });
    expect((await phoneCall(phone, sid))?.state).not.toBe("ended");
    await hangUp(marc, callId);
  });

  it("unanswered within the ring time: back to the person who transferred, held", async () => {
    const { callId } = await activeCall(marc);
    expect((await transfer(marc.token, { callId, toUserGroup: c.org.teams.main })).statusCode).toBe(200);
    await transferOfferOf(isabelle, callId);
    const key = `${c.org.orgId}:call-timer:${callId}:transfer-timeout`;
    const jobs = await sql<{ run_at: Date }>`select run_at from graphile_worker._private_jobs where key = ${key}`.execute(w.t.db.owner);
    expect(jobs.rows).toHaveLength(1);
    await sql`update graphile_worker._private_jobs set run_at = now() where key = ${key}`.execute(w.t.db.owner);
    const back = await until(async () => {
      const v = (await w.t.request({ method: "GET", url: `/api/voice/v1/calls/${callId}`, token: marc.token })).json<CallView>();
      return v.state === "active" ? v : null;
    }, "the transfer timeout");
    expect(back).toMatchObject({ held: true, ownerUserId: marc.user.id, transfer: null });
    await hangUp(marc, callId);
  });

  it("to a team: two people accept, one wins, the other is told who took it", async () => {
    const third = await w.t.addUser(c.org.orgId, "user", [{ id: c.org.teams.main, teamRole: "user" }]);
    await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx.updateTable("users").set({ status: "online" }).where("id", "=", third.id).execute(),
    );
    const { callId } = await activeCall(marc);
    const carol = await tab(third);
    const res = await transfer(marc.token, { callId, toUserGroup: c.org.teams.main });
    expect(res.statusCode, res.body).toBe(200);
    await transferOfferOf(isabelle, callId);
    await transferOfferOf(carol, callId);
    const [a, b] = await Promise.all([post(isabelle.token, "answer", { callId }), post(carol.token, "answer", { callId })]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expectError(loser, 409, "error.call-taken");
    const winner = a.statusCode === 200 ? isabelle : carol;
    await hangUp(winner, callId);
    await carol.socket.close();
    tabs.splice(tabs.indexOf(carol), 1);
  });

  it("to an outside extension: the simulator rings as the outside phone and receives the extension digits once it answers", async () => {
    const { outside, extensionId } = await outsideExtension("Laboratoire", "204");
    const { callId, sid, phone } = await activeCall(marc);
    const res = await transfer(marc.token, { callId, toExtension: extensionId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CallView>().transfer).toMatchObject({ targetKind: "extension", targetLabel: "Laboratoire" });
    const ringing = await until(async () => phoneCall(outside), "the outside phone ringing");
    expect(ringing).toMatchObject({ direction: "incoming", digitsReceived: "" });
    const answered = await w.t.request({ method: "POST", url: `/api/sandbox/calls/${ringing.sid}/answer` });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<SandboxPhoneCall>().digitsReceived).toBe("204");
    const view = (await w.t.request({ method: "GET", url: `/api/voice/v1/calls/${callId}`, token: marc.token })).json<CallView>();
    expect(view).toMatchObject({ state: "active", held: false, ownerUserId: null });
    expect((await phoneCall(phone, sid))?.holdMusic).toBeNull();
    // The caller hangs up: the outside leg ends with the call.
    await w.t.request({ method: "POST", url: `/api/sandbox/calls/${sid}/hangup` });
    await until(async () => (await phoneCall(outside))?.state === "ended", "the outside leg ended");
  });

  it("to an outside extension: once it answers, the caller's phone and the outside phone set up their audio with each other, not with staff", async () => {
    const { outside, extensionId } = await outsideExtension("Radiologie", "7");
    const outsidePhone = await phoneSocket(w, outside);
    const { callId, sid, phone } = await activeCall(marc);
    const callerPhone = await phoneSocket(w, phone);
    expect((await transfer(marc.token, { callId, toExtension: extensionId })).statusCode).toBe(200);
    const incoming = await until(async () => outsidePhone.messages.find((m) => m.type === "call.incoming"), "the outside phone rings");
    const outsideSid = incoming.type === "call.incoming" ? incoming.call.sid : "";

    // Ringing, the outside phone is not connected yet: its signalling reaches nobody.
    outsidePhone.send({ type: "call.signal", callSid: outsideSid, signal: { kind: "ice", payload: null } });
    // Read by the server before the answer below (a socket and an HTTP request are not ordered otherwise).
    await outsidePhone.settled();
    expect((await w.t.request({ method: "POST", url: `/api/sandbox/calls/${outsideSid}/answer` })).statusCode).toBe(200);

    // Answered: the outside phone is told to wait for an offer, the caller's phone to make a new one.
    const told = await until(
      async () => outsidePhone.messages.find((m) => m.type === "call.connected"),
      "call.connected at the outside phone",
    );
    expect(told).toEqual({ type: "call.connected", callSid: outsideSid, answers: true });
    const reconnect = await until(
      async () => callerPhone.messages.find((m) => m.type === "call.connected"),
      "call.connected at the caller",
    );
    expect(reconnect).toEqual({ type: "call.connected", callSid: sid });

    const signalsAtMarc = marc.socket.messages.filter((m) => m.type === "call.signal").length;
    callerPhone.send({ type: "call.signal", callSid: sid, signal: { kind: "offer", payload: { type: "offer", sdp: "v=0 caller" } } });
    const offer = await until(
      async () => outsidePhone.messages.find((m) => m.type === "call.signal"),
      "the caller's offer at the outside phone",
    );
    expect(offer).toEqual({
      type: "call.signal",
      callSid: outsideSid,
      signal: { kind: "offer", payload: { type: "offer", sdp: "v=0 caller" } },
    });
    outsidePhone.send({
      type: "call.signal",
      callSid: outsideSid,
      signal: { kind: "answer", payload: { type: "answer", sdp: "v=0 outside" } },
    });
    const answer = await until(
      async () => callerPhone.messages.find((m) => m.type === "call.signal"),
      "the outside phone's answer at the caller",
    );
    expect(answer).toEqual({
      type: "call.signal",
      callSid: sid,
      signal: { kind: "answer", payload: { type: "answer", sdp: "v=0 outside" } },
    });
    // Only the one answer reached the caller (the early candidate went nowhere), and nothing reached Marc.
    expect(callerPhone.messages.filter((m) => m.type === "call.signal")).toHaveLength(1);
    expect(marc.socket.messages.filter((m) => m.type === "call.signal")).toHaveLength(signalsAtMarc);

    // The outside phone hangs up: the call ends for the caller too, and their signalling stops.
    await w.t.request({ method: "POST", url: `/api/sandbox/calls/${outsideSid}/hangup` });
    await until(async () => callerPhone.messages.some((m) => m.type === "call.ended"), "the call ended at the caller");
    callerPhone.send({ type: "call.signal", callSid: sid, signal: { kind: "ice", payload: null } });
    await callerPhone.settled();
    expect(outsidePhone.messages.filter((m) => m.type === "call.signal")).toHaveLength(1);
    callerPhone.ws.close();
    outsidePhone.ws.close();
  });

  it("refuses another organisation's call, team, person or extension (404), a person who does not own it (409), and an emergency call", async () => {
    const other = await clinic(w.t);
    const theirs = await w.t.as(other.staff[0]!);
    const { callId } = await activeCall(marc);
    expectError(await transfer(theirs, { callId, to: other.staff[1]!.id }), 404, "error.not-found");
    expectError(await transfer(marc.token, { callId, to: other.staff[1]!.id }), 404, "error.not-found");
    expectError(await transfer(marc.token, { callId, toUserGroup: other.org.teams.main }), 404, "error.not-found");
    expectError(await transfer(marc.token, { callId, toExtension: "00000000-0000-4000-8000-000000000000" }), 404, "error.not-found");
    expectError(await transfer(isabelle.token, { callId, to: marc.user.id }), 409, "error.call-not-owner");
    // Exactly one target.
    expect((await transfer(marc.token, { callId, to: isabelle.user.id, toUserGroup: c.org.teams.main })).statusCode).toBe(400);
    expect((await transfer(marc.token, { callId })).statusCode).toBe(400);
    // Nobody offerable on the team: 409, the call stays Marc's, not held.
    expectError(await transfer(marc.token, { callId, toUserGroup: c.org.teams.second }), 409, "error.transfer-call");
    await hangUp(marc, callId);

    const emergency = await w.t.request({ method: "POST", url: "/api/voice/v1/calls", token: marc.token, payload: { to: "911" } });
    expect(emergency.statusCode, emergency.body).toBe(201);
    const call = emergency.json<CallView>();
    expectError(await transfer(marc.token, { callId: call.id, to: isabelle.user.id }), 409, "error.transfer-call");
    await post(marc.token, "hangup", { callId: call.id });
  });

  it("gates extensions by the organisation's flag", async () => {
    await setExtTransfer(w.t, c.org.orgId, false);
    const { callId } = await activeCall(marc);
    expectError(
      await transfer(marc.token, { callId, toExtension: "00000000-0000-4000-8000-000000000000" }),
      403,
      "error.ext-transfer-disabled",
    );
    await hangUp(marc, callId);
  });
});
