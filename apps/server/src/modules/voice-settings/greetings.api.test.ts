import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { AudioRecording, Greeting, GreetingSet } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { apiSuite, expectError, type TestUser } from "../../../test/helpers.ts";
import { multipartFile } from "../messaging/media-test-kit.ts";
import { callBySid, callIn, clinic } from "../calls/calls-test-kit.ts";
import { greetingOf } from "../calls/index.ts";
import { greetingForPeriod } from "./index.ts";
import { wav } from "./voice-settings-test-kit.ts";

/** Greetings per team and period (issue 13 §3): uploads checked by content, their length, who changes what, what a caller hears. */

const { t, org, other } = apiSuite();
/** Administrator of the second team only. */
let secondAdmin: TestUser;
const MP3 = readFileSync(new URL("../../../test/fixtures/greeting-tone.mp3", import.meta.url));

beforeAll(async () => {
  secondAdmin = await t.addUser(org.orgId, "user", [{ id: org.teams.second, teamRole: "admin" }]);
});

async function upload(who: TestUser, bytes: Buffer, filename: string, contentType = "application/octet-stream") {
  return t.request({
    method: "POST",
    url: "/api/voice/v1/recordings",
    token: await t.as(who),
    ...multipartFile(filename, bytes, { contentType }),
  });
}

async function uploaded(bytes: Buffer, filename: string, who: TestUser = org.users.admin): Promise<AudioRecording> {
  const res = await upload(who, bytes, filename);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function put(who: TestUser, period: string, payload: object) {
  return t.request({ method: "PUT", url: `/api/voice/v1/greetings/${period}`, token: await t.as(who), payload });
}

describe("recordings", () => {
  it("stores a WAV and an mp3 with the length read from their bytes", async () => {
    const w = await uploaded(wav(1.5), "accueil.wav");
    expect(w).toMatchObject({ contentType: "audio/wav", duration: 1.5 });
    const m = await uploaded(MP3, "accueil.mp3");
    expect(m.contentType).toBe("audio/mpeg");
    // One second of tone; an mp3's frames round it up by a frame or two.
    expect(m.duration).toBeGreaterThan(0.9);
    expect(m.duration).toBeLessThan(1.2);

    const length = await t.request({
      method: "GET",
      url: `/api/voice/v1/recordings/length?recordingId=${w.id}`,
      token: await t.as(org.users.user),
    });
    expect(length.json()).toEqual({ duration: 1.5 });
    const file = await t.request({ method: "GET", url: `/api/voice/v1/recordings?url=${w.id}`, token: await t.as(org.users.user) });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("audio/wav");
    expect(file.rawPayload.equals(wav(1.5))).toBe(true);
  });

  it("refuses a file that is not mp3 or wav whatever its name, an empty WAV and a file past 2 MB", async () => {
    expectError(
      await upload(org.users.admin, Buffer.from("ID4 not really an mp3 at all, only text"), "faux.mp3", "audio/mpeg"),
      400,
      "error.audio-type",
    );
    expectError(await upload(org.users.admin, Buffer.from("OggS\0\x02 an ogg header"), "voix.wav"), 400, "error.audio-type");
    expectError(await upload(org.users.admin, wav(0), "vide.wav"), 400, "error.audio-unreadable");
    expectError(await upload(org.users.admin, wav(130), "long.wav"), 400, "error.media-size");
  });

  it("lets only administrators of the organisation or of a team upload", async () => {
    expectError(await upload(org.users.user, wav(1), "a.wav"), 403, "error.forbidden");
    expect((await upload(secondAdmin, wav(1), "a.wav")).statusCode).toBe(201);
  });

  it("drops, on a later upload, audio no greeting used for a day, and keeps the audio a greeting plays", async () => {
    const tenant = await t.tenant();
    const unused = await uploaded(wav(1), "oublie.wav", tenant.users.admin);
    const used = await uploaded(wav(1), "garde.wav", tenant.users.admin);
    await put(tenant.users.admin, "OPEN", { teamId: null, kind: "FILE", enabled: true, audioId: used.id });
    await withTenant(t.db.owner, tenant.orgId, (tx) =>
      tx
        .updateTable("audio_assets")
        .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
        .where("organization_id", "=", tenant.orgId)
        .execute(),
    );
    await uploaded(wav(1), "nouveau.wav", tenant.users.admin);
    const length = async (id: string) =>
      (await t.request({ method: "GET", url: `/api/voice/v1/recordings/length?recordingId=${id}`, token: await t.as(tenant.users.admin) }))
        .statusCode;
    expect(await length(unused.id)).toBe(404);
    expect(await length(used.id)).toBe(200);
  });

  it("serves a recording only inside its organisation", async () => {
    const w = await uploaded(wav(1), "a.wav");
    expectError(
      await t.request({ method: "GET", url: `/api/voice/v1/recordings?url=${w.id}`, token: await t.as(other.users.admin) }),
      404,
      "error.not-found",
    );
    expectError(
      await t.request({ method: "GET", url: `/api/voice/v1/recordings/length?recordingId=${w.id}`, token: await t.as(other.users.admin) }),
      404,
      "error.not-found",
    );
  });
});

describe("greetings", () => {
  it("saves a TTS greeting and a FILE greeting for a team, listed in period order", async () => {
    const audio = await uploaded(wav(2), "ouvert.wav");
    const close = await put(org.users.admin, "CLOSE", {
      teamId: org.teams.main,
      kind: "TTS",
      enabled: true,
      text: "Nous sommes fermés.",
      language: "fr-CA",
    });
    expect(close.statusCode, close.body).toBe(200);
    const open = await put(org.users.admin, "OPEN", { teamId: org.teams.main, kind: "FILE", enabled: true, audioId: audio.id });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json<Greeting>().audio).toEqual(audio);

    const list = await t.request({
      method: "GET",
      url: `/api/voice/v1/greetings?teamId=${org.teams.main}`,
      token: await t.as(org.users.user),
    });
    const set = list.json<GreetingSet>();
    expect(set.greetings.map((g) => [g.period, g.kind, g.enabled])).toEqual([
      ["OPEN", "FILE", true],
      ["CLOSE", "TTS", true],
    ]);
    expect(set.abilities.update).toBe(false);
  });

  it("keeps the other kind's content when the kind changes", async () => {
    const audio = await uploaded(wav(1), "pause.wav");
    await put(org.users.admin, "BREAK", { teamId: org.teams.second, kind: "TTS", enabled: true, text: "En pause.", language: "en-CA" });
    const res = await put(org.users.admin, "BREAK", { teamId: org.teams.second, kind: "RECORDING", enabled: false, audioId: audio.id });
    expect(res.json<Greeting>()).toMatchObject({ kind: "RECORDING", enabled: false, text: "En pause.", language: "en-CA" });
  });

  it("refuses a greeting without its content", async () => {
    const res = await put(org.users.admin, "OPEN", { teamId: org.teams.main, kind: "FILE", enabled: true });
    expectError(res, 400, "validation.greeting-audio");
    const tts = await put(org.users.admin, "OPEN", { teamId: org.teams.main, kind: "TTS", enabled: true, text: "  ", language: "fr-CA" });
    expect(tts.json().error.fields).toContainEqual({ path: "text", code: "validation.required" });
  });

  it("lets a team's administrators change its greetings, organisation administrators the defaults", async () => {
    const tts = { kind: "TTS", enabled: true, text: "Bonjour", language: "fr-CA" };
    expectError(await put(org.users.user, "OPEN", { ...tts, teamId: org.teams.main }), 403, "error.forbidden");
    expectError(await put(secondAdmin, "OPEN", { ...tts, teamId: org.teams.main }), 403, "error.forbidden");
    expectError(await put(secondAdmin, "OPEN", { ...tts, teamId: null }), 403, "error.forbidden");
    expect((await put(secondAdmin, "OPEN", { ...tts, teamId: org.teams.second })).statusCode).toBe(200);
    const mine = await t.request({
      method: "GET",
      url: `/api/voice/v1/greetings?teamId=${org.teams.second}`,
      token: await t.as(secondAdmin),
    });
    expect(mine.json<GreetingSet>().abilities.update).toBe(true);
  });

  it("finds nothing of another organisation: its team, its recording", async () => {
    const tts = { kind: "TTS", enabled: true, text: "Bonjour", language: "fr-CA" };
    expectError(await put(other.users.admin, "OPEN", { ...tts, teamId: org.teams.main }), 404, "error.not-found");
    expectError(
      await t.request({ method: "GET", url: `/api/voice/v1/greetings?teamId=${org.teams.main}`, token: await t.as(other.users.admin) }),
      404,
      "error.not-found",
    );
    const audio = await uploaded(wav(1), "a.wav");
    expectError(
      await put(other.users.admin, "OPEN", { teamId: other.teams.main, kind: "FILE", enabled: true, audioId: audio.id }),
      404,
      "error.not-found",
    );
  });

  it("gives the carrier the team's enabled greeting, else the organisation's, else none", async () => {
    const tenant = await t.tenant();
    const { orgId, teams } = tenant;
    const read = (period: "OPEN" | "CLOSE" | "BREAK" | "VACATION") =>
      withTenant(t.db.app, orgId, (tx) => greetingForPeriod(tx, orgId, teams.main, period));
    expect(await read("VACATION")).toBeNull();
    await put(tenant.users.admin, "VACATION", {
      teamId: null,
      kind: "TTS",
      enabled: true,
      text: "Fermé pour les vacances.",
      language: "fr-CA",
    });
    expect(await read("VACATION")).toEqual({ kind: "speech", text: "Fermé pour les vacances.", locale: "fr-CA" });
    // The team's own, once enabled, comes first; disabled, the default is heard again.
    const audio = await uploaded(wav(1), "v.wav", tenant.users.admin);
    await put(tenant.users.admin, "VACATION", { teamId: teams.main, kind: "FILE", enabled: true, audioId: audio.id });
    const heard = await read("VACATION");
    expect(heard?.kind).toBe("audio");
    await put(tenant.users.admin, "VACATION", { teamId: teams.main, kind: "FILE", enabled: false, audioId: audio.id });
    expect((await read("VACATION"))?.kind).toBe("speech");

    // The carrier fetches the audio by its signed link, without a session; a forged one is refused.
    const url = new URL(heard?.kind === "audio" ? heard.url : "http://x/");
    const fetched = await t.request({ method: "GET", url: url.pathname + url.search });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(wav(1))).toBe(true);
    url.searchParams.set("sig", "A".repeat(43));
    expectError(await t.request({ method: "GET", url: url.pathname + url.search }), 403, "error.invalid-signature");
  });

  it("goes with its organisation: deleting one with greetings and their audio succeeds", async () => {
    const tenant = await t.tenant();
    const audio = await uploaded(wav(1), "a.wav", tenant.users.admin);
    await put(tenant.users.admin, "OPEN", { teamId: tenant.teams.main, kind: "FILE", enabled: true, audioId: audio.id });
    await put(tenant.users.admin, "OPEN", { teamId: null, kind: "RECORDING", enabled: true, audioId: audio.id });
    await withTenant(t.db.owner, tenant.orgId, (tx) => tx.deleteFrom("organizations").where("id", "=", tenant.orgId).execute());
    const left = await withTenant(t.db.owner, tenant.orgId, (tx) =>
      tx.selectFrom("audio_assets").select("id").where("organization_id", "=", tenant.orgId).execute(),
    );
    expect(left).toEqual([]);
  });

  it("is what the calls module plays for an inbound call's period (greetingOf)", async () => {
    const c = await clinic(t);
    await put(c.org.users.admin, "CLOSE", { teamId: c.org.teams.main, kind: "TTS", enabled: true, text: "Fermé.", language: "en-CA" });
    await put(c.org.users.admin, "OPEN", { teamId: c.org.teams.main, kind: "TTS", enabled: false, text: "Ouvert.", language: "fr-CA" });
    const phone = await callIn(t, "+15145550177", c.number);
    const call = await callBySid(t, await t.as(c.org.users.user), phone.sid);
    expect(await greetingOf({ callId: call.id, period: "CLOSE" })).toEqual({ kind: "speech", text: "Fermé.", locale: "en-CA" });
    expect(await greetingOf({ callId: call.id, period: "OPEN" })).toBeNull();
    expect(await greetingOf({ callId: "00000000-0000-4000-8000-000000000000", period: "CLOSE" })).toBeNull();
  });
});
