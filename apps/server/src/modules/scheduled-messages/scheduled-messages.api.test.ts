import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { ScheduledMessage } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { createTestApp, expectError, uniquePhone, type Tenant, type TestApp, type TestUser } from "../../../test/helpers.ts";
import { givePhones, until } from "../messaging/messaging-test-kit.ts";
import { bringForward, jobsOf, request, URL, wallClock } from "./scheduled-test-kit.ts";

/** Scheduled messages: the routes, their rules, roles and organisations, and their jobs. */

const ZONE = "America/Toronto";
let t: TestApp;
let org: Tenant;
let other: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.tenant({ timezone: ZONE });
  other = await t.tenant({ timezone: ZONE });
  await givePhones(t, org);
  await givePhones(t, other);
});
afterAll(() => t.close());

async function call(
  who: TestUser,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) {
  return t.request({ method, url, token: await t.as(who), ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });
}

async function schedule(who: TestUser, payload: object): Promise<ScheduledMessage> {
  const res = await call(who, "POST", URL, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const outboxTo = (to: string) => t.carrier.outboxFor(to);

describe("creating", () => {
  it("plans the text in the organisation's time zone, stored in UTC, with a job at that instant", async () => {
    const to = uniquePhone();
    const body = request(to, 60, ZONE, { reminders: [] });
    const s = await schedule(org.users.user, body);
    expect(s).toMatchObject({
      title: body.title,
      message: body.message,
      date: body.date,
      time: body.time,
      toPhoneNumber: to,
      status: "scheduled",
    });
    // The wall-clock time read back in Toronto is the one entered.
    const back = new Date(s.scheduledAt);
    expect(wallClock(0, ZONE, back)).toEqual({ date: body.date, time: body.time });
    expect(Math.abs(back.getTime() - (Date.now() + 60 * 60_000))).toBeLessThan(61_000);
    const jobs = await jobsOf(t, org.orgId, `scheduled:${s.id}`);
    expect(jobs.map((j) => [j.key, j.task, j.run_at.toISOString()])).toEqual([
      [`${org.orgId}:scheduled:${s.id}`, "scheduled-send", s.scheduledAt],
    ]);
    expect(jobs[0]?.payload).toMatchObject({ orgId: org.orgId, id: s.id });
  });

  it("plans a date without a time at the office's opening time that day, its reminders from there (decision 0034)", async () => {
    const office = await t.tenant({ timezone: ZONE });
    await givePhones(t, office);
    // The office opens at 08:15 every day of the week.
    const week = Array.from({ length: 7 }, (_, day) => ({ day, enabled: true, start: "08:15", end: "16:00", breaks: [] }));
    await withTenant(t.db.owner, office.orgId, (tx) =>
      tx
        .updateTable("organizations")
        .set({ schedule: JSON.stringify({ week, vacation: null }) })
        .where("id", "=", office.orgId)
        .execute(),
    );
    const { date } = wallClock(3 * 24 * 60, ZONE);
    for (const time of [undefined, null, ""]) {
      const s = await schedule(office.users.user, { ...request(uniquePhone(), 0, ZONE, { reminders: ["24h"] }), date, time });
      expect(s).toMatchObject({ date, time: null, status: "scheduled" });
      expect(wallClock(0, ZONE, new Date(s.scheduledAt))).toEqual({ date, time: "08:15" });
      const jobs = await jobsOf(t, office.orgId, `scheduled:${s.id}`);
      expect(jobs.map((j) => [j.task, j.run_at.getTime()])).toEqual([
        ["scheduled-reminder", Date.parse(s.scheduledAt) - 24 * 3_600_000],
        ["scheduled-send", Date.parse(s.scheduledAt)],
      ]);
      // Read back, it still has no time of its own.
      const back = await call(office.users.user, "GET", `${URL}/${s.id}`);
      expect(back.json<ScheduledMessage>().time).toBeNull();
    }
  });

  it("plans each reminder at its offset before the text", async () => {
    const far = await schedule(org.users.user, request(uniquePhone(), 8 * 24 * 60 + 30, ZONE, { reminders: ["24h", "48h", "7d"] }));
    const at = new Date(far.scheduledAt).getTime();
    const jobs = await jobsOf(t, org.orgId, `scheduled:${far.id}:reminder:`);
    expect(jobs.map((j) => [j.key.split(":").pop(), at - j.run_at.getTime()])).toEqual([
      ["7d", 7 * 24 * 3600_000],
      ["48h", 48 * 3600_000],
      ["24h", 24 * 3600_000],
    ]);
    const near = await schedule(org.users.user, request(uniquePhone(), 30 * 60, ZONE, { reminders: ["24h"] }));
    expect((await jobsOf(t, org.orgId, `scheduled:${near.id}:reminder:`)).map((j) => j.key.split(":").pop())).toEqual(["24h"]);
  });

  it("refuses a reminder already past: 24 hours before a text due in 6 minutes", async () => {
    const fr = { "accept-language": "fr-CA" };
    const token = await t.as(org.users.user);
    for (const [minutes, reminders] of [
      [6, ["24h"]],
      [30 * 60, ["24h", "48h"]],
    ] as const) {
      const res = await t.request({
        method: "POST",
        url: URL,
        token,
        payload: request(uniquePhone(), minutes, ZONE, { reminders: [...reminders] }),
        headers: fr,
      });
      expectError(res, 400, "error.scheduled-reminder-past");
      expect(res.json().error.fields).toEqual([{ path: "reminders", code: "error.scheduled-reminder-past" }]);
    }
  });

  it("answers the spec's texts: title and message required, HH:mm, five minutes ahead", async () => {
    const to = uniquePhone();
    const fr = { "accept-language": "fr-CA" };
    const cases: [object, string, string][] = [
      [request(to, 60, ZONE, { title: "  " }), "validation.scheduled-title-required", "Le titre est requis"],
      [request(to, 60, ZONE, { message: "" }), "validation.scheduled-message-required", "Le message est requis"],
      [request(to, 60, ZONE, { time: "9h30" }), "validation.time-format", "Format d'heure invalide (HH:mm)"],
      [request(to, 60, ZONE, { time: "24:00" }), "validation.time-format", "Format d'heure invalide (HH:mm)"],
      [request(to, 3, ZONE), "validation.scheduled-too-soon", "L'heure prévue doit être au moins 5 minutes dans le futur"],
      [request(to, -120, ZONE), "validation.scheduled-too-soon", "L'heure prévue doit être au moins 5 minutes dans le futur"],
    ];
    for (const [payload, code, text] of cases) {
      const res = await t.request({ method: "POST", url: URL, token: await t.as(org.users.user), payload, headers: fr });
      expectError(res, 400, code);
      expect(res.json().error.message).toBe(text);
    }
    // Seven minutes ahead is far enough, whatever second of the minute it is now.
    await schedule(org.users.user, request(to, 7, ZONE));
  });

  it("refuses a bad number, a team of another organisation, and a team without a number", async () => {
    expectError(await call(org.users.user, "POST", URL, request("123", 60, ZONE)), 400, "error.phone-invalid");
    expectError(
      await call(org.users.user, "POST", URL, request(uniquePhone(), 60, ZONE, { teamId: other.teams.main })),
      404,
      "error.not-found",
    );
    // The user of the main team is no member of the second.
    expectError(
      await call(org.users.user, "POST", URL, request(uniquePhone(), 60, ZONE, { teamId: org.teams.second })),
      404,
      "error.not-found",
    );
    const bare = await t.tenant({ timezone: ZONE });
    expectError(await call(bare.users.user, "POST", URL, request(uniquePhone(), 60, ZONE)), 409, "error.no-phones-configured");
  });
});

describe("reading", () => {
  it("lists the caller's teams' messages, one by id, and those to a number; never another team's or organisation's", async () => {
    const to = uniquePhone();
    const mine = await schedule(org.users.user, request(to, 90, ZONE));
    const theirs = await schedule(org.users.other, request(to, 90, ZONE, { teamId: org.teams.second }));
    const list = (await call(org.users.user, "GET", URL)).json().scheduledMessages as ScheduledMessage[];
    expect(list.map((s) => s.id)).toContain(mine.id);
    expect(list.map((s) => s.id)).not.toContain(theirs.id);
    const byTeam = await call(org.users.admin, "GET", `${URL}?teamId=${org.teams.second}&status=scheduled`);
    expect((byTeam.json().scheduledMessages as ScheduledMessage[]).map((s) => s.id)).toEqual([theirs.id]);
    expectError(await call(org.users.user, "GET", `${URL}?teamId=${org.teams.second}`), 404, "error.not-found");
    expect((await call(org.users.user, "GET", `${URL}/${mine.id}`)).json()).toEqual(mine);
    expectError(await call(org.users.user, "GET", `${URL}/${theirs.id}`), 404, "error.not-found");
    expectError(await call(other.users.admin, "GET", `${URL}/${mine.id}`), 404, "error.not-found");
    expect((await call(other.users.admin, "GET", URL)).json().scheduledMessages.map((s: ScheduledMessage) => s.id)).not.toContain(mine.id);
    const byPhone = await call(org.users.admin, "GET", `${URL}/phone/${encodeURIComponent(to)}`);
    expect((byPhone.json().scheduledMessages as ScheduledMessage[]).map((s) => s.id).sort()).toEqual([mine.id, theirs.id].sort());
    const otherOrg = await call(other.users.admin, "GET", `${URL}/phone/${encodeURIComponent(to)}`);
    expect(otherOrg.json().scheduledMessages).toEqual([]);
  });

  it("does not look up emergency numbers or anonymous callers", async () => {
    for (const phone of ["+1911", "+1933", "933", "911", "anonymous", "Restricted", "+266696687"]) {
      const res = await call(org.users.user, "GET", `${URL}/phone/${encodeURIComponent(phone)}`);
      expect(res.statusCode, phone).toBe(200);
      expect(res.json().scheduledMessages).toEqual([]);
    }
    expectError(await call(org.users.user, "GET", `${URL}/phone/12`), 400, "error.phone-invalid");
  });
});

describe("editing and cancelling", () => {
  it("moves the text's job and its reminders with the new time, and drops a reminder no longer asked", async () => {
    const s = await schedule(org.users.user, request(uniquePhone(), 3 * 24 * 60, ZONE, { reminders: ["24h", "48h"] }));
    const body = request(s.toPhoneNumber, 4 * 24 * 60, ZONE, { title: "Nouveau titre", reminders: ["24h"] });
    const res = await call(org.users.user, "PUT", `${URL}/${s.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const moved: ScheduledMessage = res.json();
    expect(moved).toMatchObject({ title: "Nouveau titre", date: body.date, time: body.time, reminders: ["24h"] });
    const jobs = await jobsOf(t, org.orgId, `scheduled:${s.id}`);
    expect(jobs.map((j) => [j.key.slice(org.orgId.length + 1), j.run_at.getTime()])).toEqual([
      [`scheduled:${s.id}:reminder:24h`, new Date(moved.scheduledAt).getTime() - 24 * 3600_000],
      [`scheduled:${s.id}`, new Date(moved.scheduledAt).getTime()],
    ]);
    // The five-minute rule holds on edit too.
    expectError(
      await call(org.users.user, "PUT", `${URL}/${s.id}`, request(s.toPhoneNumber, 2, ZONE)),
      400,
      "validation.scheduled-too-soon",
    );
  });

  it("cancels: the row and every job of it go", async () => {
    const s = await schedule(org.users.user, request(uniquePhone(), 3 * 24 * 60, ZONE, { reminders: ["24h", "48h"] }));
    expect(await jobsOf(t, org.orgId, `scheduled:${s.id}`)).toHaveLength(3);
    const res = await call(org.users.user, "DELETE", `${URL}/${s.id}`);
    expect(res.json()).toEqual({ ok: true });
    expect(await jobsOf(t, org.orgId, `scheduled:${s.id}`)).toEqual([]);
    expectError(await call(org.users.user, "GET", `${URL}/${s.id}`), 404, "error.not-found");
  });

  it("lets the author and administrators change a message, not another plain member; other organisations get 404", async () => {
    const byAdmin = await schedule(org.users.admin, request(uniquePhone(), 120, ZONE));
    expectError(
      await call(org.users.user, "PUT", `${URL}/${byAdmin.id}`, request(byAdmin.toPhoneNumber, 150, ZONE)),
      403,
      "error.forbidden",
    );
    expectError(await call(org.users.user, "DELETE", `${URL}/${byAdmin.id}`), 403, "error.forbidden");
    const byUser = await schedule(org.users.user, request(uniquePhone(), 120, ZONE));
    expect((await call(org.users.admin, "PUT", `${URL}/${byUser.id}`, request(byUser.toPhoneNumber, 150, ZONE))).statusCode).toBe(200);
    expectError(
      await call(other.users.admin, "PUT", `${URL}/${byUser.id}`, request(byUser.toPhoneNumber, 150, ZONE)),
      404,
      "error.not-found",
    );
    expectError(await call(other.users.admin, "DELETE", `${URL}/${byUser.id}`), 404, "error.not-found");
    expectError(await call(org.users.other, "DELETE", `${URL}/${byUser.id}`), 404, "error.not-found");
    expect((await call(org.users.admin, "DELETE", `${URL}/${byUser.id}`)).statusCode).toBe(200);
  });
});

describe("the jobs", () => {
  /** Moves a message's planned time back to a minute ago, as if the clock had reached it. */
  async function dueNow(s: ScheduledMessage): Promise<void> {
    await withTenant(t.db.owner, org.orgId, (tx) =>
      tx
        .updateTable("scheduled_messages")
        .set({ scheduled_at: sql<Date>`now() - interval '40 seconds'` })
        .where("id", "=", s.id)
        .execute(),
    );
    await bringForward(t, org.orgId, `scheduled:${s.id}`);
  }

  const shown = async (id: string) => (await call(org.users.user, "GET", `${URL}/${id}`)).json<ScheduledMessage>();

  it("sends a message due in the past minute once, into the conversation, and shows it sent", async () => {
    const to = uniquePhone();
    const s = await schedule(org.users.user, request(to, 30, ZONE));
    await dueNow(s);
    const sent = await until(async () => {
      const now = await shown(s.id);
      return now.status === "sent" ? now : null;
    }, "the scheduled message sent");
    expect(sent.messageId).toEqual(expect.any(String));
    expect(outboxTo(to).map((e) => e.body)).toEqual([s.message]);
    // Run again (a retried job): nothing more is queued or sent.
    await sql`select graphile_worker.add_job('scheduled-send', ${JSON.stringify({ orgId: org.orgId, id: s.id })}::json)`.execute(
      t.db.owner,
    );
    await new Promise((r) => setTimeout(r, 800));
    expect(outboxTo(to)).toHaveLength(1);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from messages where to_phone = ${to}`.execute(t.db.owner);
    expect(rows[0]?.n).toBe(1);
  });

  it("records a failure with its reason when the team has lost its number", async () => {
    const to = uniquePhone();
    const bare = await t.tenant({ timezone: ZONE });
    const phones = await givePhones(t, bare);
    const s = await schedule(bare.users.user, request(to, 30, ZONE));
    await withTenant(t.db.owner, bare.orgId, async (tx) => {
      await tx.updateTable("teams").set({ phone_number: null }).where("id", "=", bare.teams.main).execute();
      await tx
        .updateTable("scheduled_messages")
        .set({ scheduled_at: sql<Date>`now()` })
        .where("id", "=", s.id)
        .execute();
    });
    await bringForward(t, bare.orgId, `scheduled:${s.id}`);
    const failed = await until(async () => {
      const r = (await call(bare.users.user, "GET", `${URL}/${s.id}`)).json<ScheduledMessage>();
      return r.status === "failed" ? r : null;
    }, "the failure");
    expect(failed.failureReason).toBe("no-phones-configured");
    expect(outboxTo(to)).toEqual([]);
    expect(phones.main).toBeTruthy();
  });

  it("sends a reminder at its offset, prefixed, once; the text itself still waits", async () => {
    const to = uniquePhone();
    const s = await schedule(org.users.user, request(to, 3 * 24 * 60, ZONE, { reminders: ["24h"] }));
    // The planned time moves to 24 h from now, less a few seconds: the reminder's moment is now.
    await withTenant(t.db.owner, org.orgId, (tx) =>
      tx
        .updateTable("scheduled_messages")
        .set({ scheduled_at: sql<Date>`now() + interval '24 hours' - interval '10 seconds'` })
        .where("id", "=", s.id)
        .execute(),
    );
    await bringForward(t, org.orgId, `scheduled:${s.id}:reminder:24h`);
    const reminded = await until(async () => {
      const r = await shown(s.id);
      return r.remindersSent.length ? r : null;
    }, "the reminder");
    expect(reminded).toMatchObject({ status: "scheduled", remindersSent: ["24h"] });
    await until(async () => outboxTo(to).length > 0, "the reminder at the carrier");
    expect(outboxTo(to).map((e) => e.body)).toEqual([`Rappel : ${s.message}`]);
    // The worker removes a finished job once its handler has returned: the text it queued may reach
    // the carrier first. A reminder that failed would stay queued (retried later) and time out here.
    const left = await until(async () => {
      const jobs = await jobsOf(t, org.orgId, `scheduled:${s.id}`);
      return jobs.some((j) => j.task === "scheduled-reminder") ? null : jobs;
    }, "the reminder's job done");
    expect(left.map((j) => j.task)).toEqual(["scheduled-send"]);
  });

  it("a cancelled message sends nothing even when its time comes", async () => {
    const to = uniquePhone();
    const s = await schedule(org.users.user, request(to, 30, ZONE));
    await call(org.users.user, "DELETE", `${URL}/${s.id}`);
    await sql`select graphile_worker.add_job('scheduled-send', ${JSON.stringify({ orgId: org.orgId, id: s.id })}::json)`.execute(
      t.db.owner,
    );
    await new Promise((r) => setTimeout(r, 800));
    expect(outboxTo(to)).toEqual([]);
  });

  it("a message already sent can no longer be edited or cancelled", async () => {
    const s = await schedule(org.users.user, request(uniquePhone(), 30, ZONE));
    await dueNow(s);
    await until(async () => (await shown(s.id)).status !== "scheduled", "the send");
    expectError(
      await call(org.users.user, "PUT", `${URL}/${s.id}`, request(s.toPhoneNumber, 60, ZONE)),
      409,
      "error.scheduled-message-save",
    );
    expectError(await call(org.users.user, "DELETE", `${URL}/${s.id}`), 409, "error.scheduled-message-save");
  });
});

describe("the recipient", () => {
  it("names the organisation's contact of the number, and none for an unknown number or another organisation's contact", async () => {
    const known = uniquePhone();
    const created = await call(org.users.user, "POST", "/api/patients", { firstname: "Élise", lastname: "Tremblay", phone: known });
    expect(created.statusCode, created.body).toBe(201);
    await call(other.users.user, "POST", "/api/patients", { firstname: "Autre", lastname: "Clinique", phone: known });
    const named = await schedule(org.users.user, request(known, 60, ZONE));
    expect(named.contact).toMatchObject({ firstname: "Élise", lastname: "Tremblay" });
    const listed = (await call(org.users.user, "GET", URL)).json().scheduledMessages as ScheduledMessage[];
    expect(listed.find((s) => s.id === named.id)?.contact?.fullName).toContain("Tremblay");
    expect((await schedule(org.users.user, request(uniquePhone(), 60, ZONE))).contact).toBeNull();
  });
});
