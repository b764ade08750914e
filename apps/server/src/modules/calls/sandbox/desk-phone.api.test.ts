import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedSipEndpoint, SandboxPhoneCall } from "@relais/shared";
import { expectError, uniquePhone } from "../../../../test/helpers.ts";
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
} from "../calls-test-kit.ts";

/**
 * The simulator as a desk phone (issue 13 §4, decision 0041): an offer to a person holding a desk
 * phone also rings the sandbox line of its SIP address; answering there is the person's claim,
 * first answer wins, the other stops ringing.
 */

let w: CallsWorld;
let c: Clinic;
let a: Tab;
let b: Tab;
let sipUri: string;

beforeAll(async () => {
  w = await callsWorld();
  c = await clinic(w.t);
  a = await openTab(w, c.staff[0]!);
  b = await openTab(w, c.staff[1]!);
  const created = await w.t.request({
    method: "POST",
    url: "/api/sips/v1/endpoints",
    token: await w.t.as(c.org.users.admin),
    payload: { label: "Accueil" },
  });
  const desk = created.json<CreatedSipEndpoint>().endpoint;
  sipUri = desk.sipUri;
  expect((await w.t.request({ method: "PUT", url: `/api/sips/v1/users/assign/${desk.id}`, token: a.token })).statusCode).toBe(200);
});
afterAll(async () => {
  await a.socket.close();
  await b.socket.close();
  await w.close();
});

/** The calls ringing (or rung) at the desk phone's sandbox line for this call's team. */
async function deskLine(): Promise<SandboxPhoneCall[]> {
  const res = await w.t.request({ method: "GET", url: `/api/sandbox/calls?${new URLSearchParams({ phone: sipUri }).toString()}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ calls: SandboxPhoneCall[] }>().calls;
}

async function ringing(): Promise<{ callSid: string; callId: string; desk: SandboxPhoneCall }> {
  const caller = await callIn(w.t, uniquePhone(), c.number);
  const view = await callBySid(w.t, a.token, caller.sid);
  await offerOf(a, view.id);
  await offerOf(b, view.id);
  ack(a, view.id);
  ack(b, view.id);
  // The earlier tests' desk calls are over: the one ringing is this call's.
  const desk = await until(async () => (await deskLine()).find((d) => d.state === "ringing"), "the desk phone rings");
  return { callSid: caller.sid, callId: view.id, desk };
}

/** A call B answered in the browser (A's desk phone, rung for it, stopped), live with B. */
async function answeredByB(): Promise<{ callSid: string; callId: string; first: SandboxPhoneCall }> {
  const { callSid, callId, desk: first } = await ringing();
  expect((await w.t.request({ method: "POST", url: "/api/voice/v1/calls/answer", token: b.token, payload: { callId } })).statusCode).toBe(
    200,
  );
  await until(async () => (await deskLine()).find((d) => d.sid === first.sid && d.state === "ended"), "the first ring stopped");
  b.socket.send({ type: "call.signal", callId, signal: { kind: "answer", payload: { type: "answer", sdp: "v=0" } } });
  await until(async () => (await callBySid(w.t, b.token, callSid)).state === "active", "active with B");
  return { callSid, callId, first };
}

describe("the simulator as a desk phone", () => {
  it("answered at the desk phone first: A takes the call, B's offer stops, hanging up there ends it", async () => {
    const { callSid, callId, desk } = await ringing();
    expect(desk).toMatchObject({ direction: "incoming", clinicNumber: c.number, phone: sipUri });
    const answered = await w.t.request({ method: "POST", url: `/api/sandbox/calls/${desk.sid}/answer` });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<SandboxPhoneCall>().state).toBe("active");
    const view = await until(async () => {
      const v = await callBySid(w.t, a.token, callSid);
      return v.state === "active" ? v : null;
    }, "active with A");
    expect(view.ownerUserId).toBe(a.user.id);
    await until(async () => eventsOf(b, "call.offer.revoked", callId).length > 0, "B's offer revoked");
    expect((await w.t.request({ method: "POST", url: "/api/voice/v1/calls/answer", token: b.token, payload: { callId } })).statusCode).toBe(
      409,
    );

    const hung = await w.t.request({ method: "POST", url: `/api/sandbox/calls/${desk.sid}/hangup` });
    expect(hung.json<SandboxPhoneCall>()).toMatchObject({ state: "ended", endStatus: "completed" });
    await until(async () => (await callBySid(w.t, a.token, callSid)).state === "ended", "the call over");
  });

  it("answered in B's browser first: the desk phone stops ringing, and a late answer there takes nothing", async () => {
    const { callSid, callId, desk } = await ringing();
    const won = await w.t.request({ method: "POST", url: "/api/voice/v1/calls/answer", token: b.token, payload: { callId } });
    expect(won.statusCode, won.body).toBe(200);
    const stopped = await until(
      async () => (await deskLine()).find((d) => d.sid === desk.sid && d.state === "ended"),
      "the desk phone stopped",
    );
    expect(stopped.endStatus).toBe("canceled");
    const late = await w.t.request({ method: "POST", url: `/api/sandbox/calls/${desk.sid}/answer` });
    expectError(late, 409, "error.call-ended");
    expect((await callBySid(w.t, b.token, callSid)).ownerUserId).toBe(b.user.id);
    expect((await w.t.request({ method: "POST", url: "/api/voice/v1/calls/hangup", token: b.token, payload: { callId } })).statusCode).toBe(
      200,
    );
  });

  it("a transfer to the person rings their desk phone too; answered there, they take the call, and B leaves it", async () => {
    const { callSid, callId, first } = await answeredByB();

    const sent = await w.t.request({
      method: "POST",
      url: "/api/voice/v1/calls/transfer",
      token: b.token,
      payload: { callId, to: a.user.id },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const desk = await until(
      async () => (await deskLine()).find((d) => d.sid !== first.sid && d.state === "ringing"),
      "the desk phone rings for the transfer",
    );
    const answered = await w.t.request({ method: "POST", url: `/api/sandbox/calls/${desk.sid}/answer` });
    expect(answered.statusCode, answered.body).toBe(200);
    const view = await until(async () => {
      const v = await callBySid(w.t, a.token, callSid);
      return v.state === "active" && v.ownerUserId === a.user.id ? v : null;
    }, "the transfer taken at the desk");
    expect(view).toMatchObject({ held: false, transfer: null, fromGroupLabel: expect.any(String) });
    await until(async () => eventsOf(b, "transfer.updated", callId).some((e) => e.payload["status"] === "accepted"), "B told: accepted");
    // Taken on the desk phone: A's browsers stop ringing quietly.
    await until(async () => eventsOf(a, "call.offer.revoked", callId).some((e) => e.payload["reason"] === "desk"), "A's offer closed");

    const hung = await w.t.request({ method: "POST", url: `/api/sandbox/calls/${desk.sid}/hangup` });
    expect(hung.json<SandboxPhoneCall>()).toMatchObject({ state: "ended", endStatus: "completed" });
    await until(async () => (await callBySid(w.t, a.token, callSid)).state === "ended", "the call over");
  });

  it("a transfer answered in the browser stops the desk phone it rang", async () => {
    const { callId, first } = await answeredByB();
    expect(
      (await w.t.request({ method: "POST", url: "/api/voice/v1/calls/transfer", token: b.token, payload: { callId, to: a.user.id } }))
        .statusCode,
    ).toBe(200);
    const desk = await until(async () => (await deskLine()).find((d) => d.sid !== first.sid && d.state === "ringing"), "the desk rings");
    const taken = await w.t.request({ method: "POST", url: "/api/voice/v1/calls/answer", token: a.token, payload: { callId } });
    expect(taken.statusCode, taken.body).toBe(200);
    const stopped = await until(async () => (await deskLine()).find((d) => d.sid === desk.sid && d.state === "ended"), "the desk stopped");
    expect(stopped.endStatus).toBe("canceled");
    expect((await w.t.request({ method: "POST", url: "/api/voice/v1/calls/hangup", token: a.token, payload: { callId } })).statusCode).toBe(
      200,
    );
  });
});
