import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallView } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { uniquePhone } from "../../../test/helpers.ts";
import { callBySid, callIn, callsWorld, clinic, until, type CallsWorld, type Clinic } from "./calls-test-kit.ts";

/** The waiting caller's keys over the sandbox (issue 13 §3): 1 asks for a call back by text, 0 leaves a voicemail. */

let w: CallsWorld;
let c: Clinic;
let other: Clinic;

/** Queue on at every level, and nobody online: the caller waits in the queue. */
async function queueOn(clinicOf: Clinic): Promise<void> {
  const c = clinicOf;
  await withTenant(w.t.db.owner, c.org.orgId, async (tx) => {
    await tx
      .updateTable("organizations")
      .set({
        call_queue_enabled: true,
        options: JSON.stringify({
          twilio: { hasMultipleNumbers: false, webCallsEnabled: true },
          voiceQueue: { enabled: true, notification: false },
        }),
      })
      .where("id", "=", c.org.orgId)
      .execute();
    await tx
      .updateTable("teams")
      .set({ settings: JSON.stringify({ voiceQueue: true }) })
      .where("id", "=", c.org.teams.main)
      .execute();
  });
}

beforeAll(async () => {
  w = await callsWorld({ devTools: true });
  c = await clinic(w.t);
  other = await clinic(w.t);
  await queueOn(c);
  await queueOn(other);
});
afterAll(async () => {
  await w.close();
});

async function stateOf(token: string, sid: string, state: CallView["state"]): Promise<CallView> {
  return until(async () => {
    const v = await callBySid(w.t, token, sid);
    return v.state === state ? v : null;
  }, `the call ${state}`);
}

const press = (sid: string, digits: string) =>
  w.t.request({ method: "POST", url: `/api/sandbox/calls/${sid}/digits`, payload: { digits } });

describe("key 1: a call back by text", () => {
  it("ends the call, texts the caller from the team's number, and leaves their thread unread with the request", async () => {
    const phone = uniquePhone();
    const started = await callIn(w.t, phone, c.number);
    const token = await w.t.as(c.staff[0]!);
    await stateOf(token, started.sid, "queued");
    const pressed = await press(started.sid, "1");
    expect(pressed.statusCode, pressed.body).toBe(200);
    const ended = await stateOf(token, started.sid, "ended");
    expect(ended.endStatus).toBe("canceled");

    await until(async () => w.t.carrier.outboxFor(phone).length > 0, "the callback text");
    const [text] = w.t.carrier.outboxFor(phone);
    expect(text).toMatchObject({ from: c.number, body: "Vous nous avez demandé de vous rappeler. Nous le ferons dès que possible." });

    const thread = await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx.selectFrom("threads").select(["id", "has_notification", "team_id"]).where("contact_phone", "=", phone).executeTakeFirstOrThrow(),
    );
    expect(thread).toMatchObject({ has_notification: true, team_id: c.org.teams.main });
    const messages = await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx.selectFrom("messages").select(["call", "direction", "body"]).where("thread_id", "=", thread.id).orderBy("created_at").execute(),
    );
    expect(messages.map((m) => m.call)).toContainEqual(expect.objectContaining({ state: "ended", callbackRequested: true }));
    expect(messages.filter((m) => m.call === null).map((m) => m.direction)).toEqual(["outbound"]);

    // Pressing again changes nothing: the call is over, and no second text goes out.
    await press(started.sid, "1");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(w.t.carrier.outboxFor(phone)).toHaveLength(1);
  });

  it("answers in the contact's language when it is known", async () => {
    const phone = uniquePhone();
    await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx
        .insertInto("contacts")
        .values({ organization_id: c.org.orgId, phone, first_name: "Ann", last_name: "Lee", language: "en" })
        .execute(),
    );
    const started = await callIn(w.t, phone, c.number);
    const token = await w.t.as(c.staff[0]!);
    await stateOf(token, started.sid, "queued");
    await press(started.sid, "1");
    await until(async () => w.t.carrier.outboxFor(phone).length > 0, "the callback text");
    expect(w.t.carrier.outboxFor(phone)[0]?.body).toBe("You asked us to call you back. We will do so as soon as possible.");
  });

  it("gives a hidden caller no callback: the key does nothing and nobody is texted", async () => {
    const started = await callIn(w.t, "anonymous", c.number);
    const token = await w.t.as(c.staff[0]!);
    await stateOf(token, started.sid, "queued");
    await press(started.sid, "1");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await callBySid(w.t, token, started.sid)).state).toBe("queued");
    await w.t.request({ method: "POST", url: `/api/sandbox/calls/${started.sid}/hangup` });
    expect(w.t.carrier.outboxFor("anonymous")).toEqual([]);
  });
});

/** A mono 16-bit PCM WAV of `seconds` of a 440 Hz tone at 8 kHz: what the simulator's recorder uploads. */
function wav(seconds: number): Buffer {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const out = Buffer.alloc(44 + samples * 2);
  out.write("RIFF", 0);
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write("WAVEfmt ", 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36);
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return out;
}

function upload(sid: string, bytes: Buffer, filename = "voicemail.wav") {
  const boundary = "----relais-voicemail";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: audio/wav\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return w.t.request({
    method: "POST",
    url: `/api/sandbox/calls/${sid}/voicemail`,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

describe("key 0: a voicemail", () => {
  it("records the caller, keeps the audio with its measured length in the thread, unread, as a missed call", async () => {
    const phone = uniquePhone();
    const started = await callIn(w.t, phone, c.number);
    const token = await w.t.as(c.staff[0]!);
    const queued = await stateOf(token, started.sid, "queued");
    // Not recording yet: an upload is refused.
    expect((await upload(started.sid, wav(1))).statusCode).toBe(409);
    await press(started.sid, "0");
    await stateOf(token, started.sid, "voicemail");

    const uploaded = await upload(started.sid, wav(3));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const ended = await stateOf(token, started.sid, "ended");
    expect(ended.endStatus).toBe("no-answer");

    const thread = await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx.selectFrom("threads").select(["id", "has_notification"]).where("contact_phone", "=", phone).executeTakeFirstOrThrow(),
    );
    expect(thread.has_notification).toBe(true);
    const message = await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx.selectFrom("messages").select("call").where("thread_id", "=", thread.id).where("call", "is not", null).executeTakeFirstOrThrow(),
    );
    expect(message.call).toMatchObject({ state: "ended", endStatus: "no-answer", voicemail: { durationSeconds: 3 } });

    // Staff of the call's team hear it; the audio is the bytes uploaded.
    const audio = await w.t.request({ method: "GET", url: `/api/voice/v1/calls/${queued.id}/voicemail`, token });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/wav");
    expect(audio.rawPayload.length).toBe(wav(3).length);
    // A second upload for the same call changes nothing.
    expect((await upload(started.sid, wav(1))).statusCode).toBe(409);
  });

  it("hides the voicemail from another team's staff and another organisation", async () => {
    const phone = uniquePhone();
    const started = await callIn(w.t, phone, c.number);
    const token = await w.t.as(c.staff[0]!);
    const queued = await stateOf(token, started.sid, "queued");
    await press(started.sid, "0");
    await stateOf(token, started.sid, "voicemail");
    expect((await upload(started.sid, wav(2))).statusCode).toBe(200);
    await stateOf(token, started.sid, "ended");
    const url = `/api/voice/v1/calls/${queued.id}/voicemail`;
    expect((await w.t.request({ method: "GET", url, token })).statusCode).toBe(200);
    const otherTeam = await w.t.as(c.org.users.other);
    expect((await w.t.request({ method: "GET", url, token: otherTeam })).statusCode).toBe(404);
    const otherOrg = await w.t.as(other.staff[0]!);
    expect((await w.t.request({ method: "GET", url, token: otherOrg })).statusCode).toBe(404);
    expect((await w.t.request({ method: "GET", url })).statusCode).toBe(401);
  });

  it("refuses what is not audio, and a call without voicemail has none to hear", async () => {
    const started = await callIn(w.t, uniquePhone(), c.number);
    const token = await w.t.as(c.staff[0]!);
    const queued = await stateOf(token, started.sid, "queued");
    await press(started.sid, "0");
    await stateOf(token, started.sid, "voicemail");
    const text = await upload(started.sid, Buffer.from("not audio at all, just words".repeat(20)), "voicemail.wav");
    expect(text.statusCode).toBe(400);
    expect((await w.t.request({ method: "GET", url: `/api/voice/v1/calls/${queued.id}/voicemail`, token })).statusCode).toBe(404);
    // The caller hangs up without leaving anything: a missed call, no voicemail.
    await w.t.request({ method: "POST", url: `/api/sandbox/calls/${started.sid}/hangup` });
    expect((await stateOf(token, started.sid, "ended")).endStatus).toBe("no-answer");
    expect((await w.t.request({ method: "GET", url: `/api/voice/v1/calls/${queued.id}/voicemail`, token })).statusCode).toBe(404);
  });

  it("sends a caller who waited the maximum to the voicemail", async () => {
    const started = await callIn(w.t, uniquePhone(), c.number);
    const token = await w.t.as(c.staff[0]!);
    const queued = await stateOf(token, started.sid, "queued");
    await sql`update graphile_worker._private_jobs set run_at = now() where key = ${`${c.org.orgId}:call-timer:${queued.id}:max-wait`}`.execute(
      w.t.db.owner,
    );
    await until(async () => (await callBySid(w.t, token, started.sid)).state === "voicemail", "the maximum wait", 15_000);
    expect((await upload(started.sid, wav(2))).statusCode).toBe(200);
    expect((await stateOf(token, started.sid, "ended")).endStatus).toBe("no-answer");
  });
});
