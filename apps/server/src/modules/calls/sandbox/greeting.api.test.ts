import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AudioRecording, SandboxPhoneServerMessage } from "@relais/shared";
import { withTenant } from "../../../db/database.ts";
import { uniquePhone } from "../../../../test/helpers.ts";
import { multipartFile } from "../../messaging/media-test-kit.ts";
import { wav } from "../../voice-settings/voice-settings-test-kit.ts";
import { callIn, callsWorld, clinic, phoneSocket, until, type CallsWorld, type Clinic } from "../calls-test-kit.ts";

/**
 * The sandbox plays the period's greeting to the simulated caller (issue 13 §3), as the Twilio
 * adapter's TwiML plays or says it: the phone learns its call first, then receives the greeting.
 */

let w: CallsWorld;
let c: Clinic;

beforeAll(async () => {
  w = await callsWorld();
  c = await clinic(w.t);
});
afterAll(() => w.close());

/** The team's week: every day open all day, on a break all day when `onBreak`. */
async function week(onBreak: boolean): Promise<void> {
  const schedule = {
    week: Array.from({ length: 7 }, (_, day) => ({
      day,
      enabled: true,
      start: "00:00",
      end: "23:59",
      breaks: onBreak ? [{ start: "00:00", end: "23:59" }] : [],
    })),
  };
  await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
    tx
      .updateTable("teams")
      .set({ schedule: JSON.stringify(schedule) })
      .where("id", "=", c.org.teams.main)
      .execute(),
  );
}

/** The phone calls the clinic; answers the greeting it was sent, after checking it knew the call's id first. */
async function greetingHeard(): Promise<Extract<SandboxPhoneServerMessage, { type: "call.greeting" }>> {
  const phone = uniquePhone();
  const sim = await phoneSocket(w, phone);
  try {
    const call = await callIn(w.t, phone, c.number);
    const greeting = await until(
      async () => sim.messages.find((m): m is Extract<SandboxPhoneServerMessage, { type: "call.greeting" }> => m.type === "call.greeting"),
      "call.greeting",
    );
    expect(greeting.callSid).toBe(call.sid);
    const known = sim.messages.findIndex((m) => m.type === "call.state" && m.call.sid === call.sid);
    expect(known).toBeGreaterThanOrEqual(0);
    expect(known).toBeLessThan(sim.messages.indexOf(greeting));
    await w.t.request({ method: "POST", url: `/api/sandbox/calls/${call.sid}/hangup` });
    return greeting;
  } finally {
    sim.ws.close();
  }
}

describe("the greeting at the simulated phone", () => {
  it("open, without a greeting: the catalogue's default, in French then English", async () => {
    await week(false);
    const greeting = await greetingHeard();
    expect(greeting.pieces).toEqual([
      { kind: "speech", text: expect.stringContaining("Bonjour") as unknown, locale: "fr-CA" },
      { kind: "speech", text: expect.stringContaining("Hello") as unknown, locale: "en-CA" },
    ]);
  });

  it("on a break, the team's recorded greeting: a link the phone fetches from the server, without a session", async () => {
    const admin = await w.t.as(c.org.users.admin);
    const bytes = wav(2);
    const uploaded = await w.t.request({
      method: "POST",
      url: "/api/voice/v1/recordings",
      token: admin,
      ...multipartFile("pause.wav", bytes),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const audio = uploaded.json<AudioRecording>();
    const saved = await w.t.request({
      method: "PUT",
      url: "/api/voice/v1/greetings/BREAK",
      token: admin,
      payload: { teamId: c.org.teams.main, kind: "RECORDING", enabled: true, audioId: audio.id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await week(true);
    const greeting = await greetingHeard();
    expect(greeting.pieces).toHaveLength(1);
    const piece = greeting.pieces[0];
    if (piece?.kind !== "audio") throw new Error(`expected audio, got ${JSON.stringify(piece)}`);
    expect(piece.url).toMatch(new RegExp(`^/api/voice/v1/recordings/signed/${audio.id}\\?exp=\\d+&sig=`));
    const fetched = await w.t.request({ method: "GET", url: piece.url });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(bytes)).toBe(true);
  });

  it("a TTS greeting is said in its own language, and only that", async () => {
    const admin = await w.t.as(c.org.users.admin);
    const saved = await w.t.request({
      method: "PUT",
      url: "/api/voice/v1/greetings/BREAK",
      token: admin,
      payload: { teamId: c.org.teams.main, kind: "TTS", enabled: true, text: "We are on a break.", language: "en-CA" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await week(true);
    expect((await greetingHeard()).pieces).toEqual([{ kind: "speech", text: "We are on a break.", locale: "en-CA" }]);
  });
});
