import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { defaultWeekSchedule, localClock, type AutomaticTexts, type Organization, type TimeRange, type WeekSchedule } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { createSandboxCarrier } from "../../carriers/sandbox/sandbox-carrier.ts";
import {
  createTestApp,
  expectError,
  setTeamPhone,
  statementsDuring,
  uniquePhone,
  type Tenant,
  type TestApp,
} from "../../../test/helpers.ts";
import { eventsSeenBy, givePhones, until } from "../messaging/messaging-test-kit.ts";
import { createMessaging, drainMessaging } from "../messaging/index.ts";
import * as repo from "./repo.ts";
import { replyToMissedCall } from "./service.ts";

/** Automatic texts: the setting per team, the outside-hours reply to inbound texts, the missed-call reply. */

let t: TestApp;
let org: Tenant;
let other: Tenant;
let phones: { main: string; second: string };
/** A time zone where it is now between 02:00 and 22:00, so schedules built around "now" never straddle midnight. */
let zone: string;

function comfortableZone(): string {
  for (const candidate of ["America/Toronto", "Asia/Tokyo", "Europe/Paris"]) {
    const { minutes } = localClock(new Date(), candidate);
    if (minutes >= 120 && minutes <= 22 * 60) return candidate;
  }
  throw new Error("no time zone between 02:00 and 22:00 right now");
}

beforeAll(async () => {
  t = await createTestApp();
  zone = comfortableZone();
  org = await t.tenant({ timezone: zone });
  other = await t.tenant();
  phones = await givePhones(t, org);
  await givePhones(t, other);
});
afterAll(() => t.close());

const url = (teamId: string) => `/api/teams/${teamId}/automatic-texts`;
const CLOSED = "Nos bureaux sont fermés. Nous vous répondrons dès notre retour.";
const MISSED = "Désolés d'avoir manqué votre appel. Nous vous rappelons bientôt.";

const settings = (outside: { enabled: boolean; text: string }, missed = { enabled: false, text: "" }, periodHours = 24) => ({
  outsideHours: outside,
  missedCall: missed,
  periodHours,
});

async function put(token: string, teamId: string, payload: unknown) {
  return t.request({ method: "PUT", url: url(teamId), token, payload: payload as object });
}

async function save(teamId: string, payload: unknown, who: Tenant = org): Promise<AutomaticTexts> {
  const res = await put(await t.as(who.users.admin), teamId, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

// ---- Schedules around "now", in the organisation's time zone ----------------------------------

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const closedWeek = (): WeekSchedule => defaultWeekSchedule().map((d) => ({ ...d, enabled: false }));
/** Open every day, all day; `breaks` on today only. */
function openWeek(breaks: TimeRange[] = []): WeekSchedule {
  const today = localClock(new Date(), zone).day;
  return defaultWeekSchedule().map((d) => ({ ...d, enabled: true, start: "00:00", end: "23:59", breaks: d.day === today ? breaks : [] }));
}

async function setWeek(teamId: string, week: WeekSchedule): Promise<void> {
  const res = await t.request({
    method: "PUT",
    url: `/api/user-groups/${teamId}`,
    token: await t.as(org.users.admin),
    payload: { schedule: { week } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function setVacation(vacation: { start: string; end: string } | null): Promise<void> {
  const token = await t.as(org.users.admin);
  const current = (await t.request({ method: "GET", url: `/api/organizations/${org.orgId}`, token })).json<Organization>();
  const res = await t.request({
    method: "PUT",
    url: "/api/organizations",
    token,
    payload: { schedule: { week: current.schedule.week, vacation } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

// ---- What the contact received ---------------------------------------------------------------

const textIn = (contact: string, carrierMessageId?: string) =>
  t.carrier.receive({
    from: contact,
    to: phones.main,
    body: "Bonjour, êtes-vous ouverts?",
    ...(carrierMessageId ? { carrierMessageId } : {}),
  });

/** Outbound texts of the organisation to `contact`, as stored. */
async function repliesTo(contact: string, orgId = org.orgId) {
  return withTenant(t.db.owner, orgId, (tx) =>
    tx
      .selectFrom("messages")
      .select(["id", "thread_id", "body", "author_id", "from_phone", "status", "idempotency_key"])
      .where("organization_id", "=", orgId)
      .where("direction", "=", "outbound")
      .where("to_phone", "=", contact)
      .orderBy("created_at")
      .execute(),
  );
}

/** Pretends the last automatic reply to `contact` went out `hours` ago. */
async function ageLastReply(contact: string, hours: number, orgId = org.orgId): Promise<void> {
  await withTenant(t.db.owner, orgId, (tx) =>
    sql`update automatic_text_replies set sent_at = now() - make_interval(hours => ${hours}::int) where contact_phone = ${contact}`.execute(
      tx,
    ),
  );
}

/** Waits until the sandbox network has carried `n` texts to `contact`, then answers them. */
async function delivered(contact: string, n: number) {
  return until(async () => {
    const sent = t.carrier.outboxFor(contact);
    return sent.length === n && sent.every((e) => e.status === "delivered") ? sent : null;
  }, `${n} text(s) delivered to ${contact}`);
}

describe("GET and PUT teams/{id}/automatic-texts", () => {
  it("answers the defaults of a team that never set them: both off, empty, 24 h", async () => {
    const res = await t.request({ method: "GET", url: url(org.teams.second), token: await t.as(org.users.admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      teamId: org.teams.second,
      outsideHours: { enabled: false, text: "" },
      missedCall: { enabled: false, text: "" },
      periodHours: 24,
      updatedAt: null,
      abilities: { update: true },
    });
  });

  it("lets an administrator save them (texts trimmed), audits it, and every colleague reads them", async () => {
    const saved = await save(org.teams.main, settings({ enabled: true, text: `  ${CLOSED}\n` }, { enabled: false, text: "" }, 48));
    expect(saved).toMatchObject({
      outsideHours: { enabled: true, text: CLOSED },
      missedCall: { enabled: false, text: "" },
      periodHours: 48,
    });
    expect(saved.updatedAt).toEqual(expect.any(String));

    // A member of the team, and a user of another team (users see teams they do not belong to).
    for (const reader of [org.users.user, org.users.other, org.users.marketing]) {
      const res = await t.request({ method: "GET", url: url(org.teams.main), token: await t.as(reader) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ outsideHours: { enabled: true, text: CLOSED }, periodHours: 48, abilities: { update: false } });
    }

    const audit = await withTenant(t.db.owner, org.orgId, (tx) =>
      tx.selectFrom("audit_log").selectAll().where("organization_id", "=", org.orgId).where("entity", "=", "automatic-texts").execute(),
    );
    expect(audit).toEqual([
      expect.objectContaining({
        user_id: org.users.admin.id,
        action: "update",
        entity_id: org.teams.main,
        details: { outsideHours: true, missedCall: false, periodHours: 48 },
      }),
    ]);
  });

  it("lets super-admin and devops save them too (they count as administrators)", async () => {
    for (const admin of [org.users.superAdmin, org.users.devops]) {
      const res = await put(await t.as(admin), org.teams.second, settings({ enabled: false, text: "" }, { enabled: true, text: MISSED }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ missedCall: { enabled: true, text: MISSED }, abilities: { update: true } });
    }
  });

  it("refuses users and marketing with 403, and changes nothing", async () => {
    const before = (await t.request({ method: "GET", url: url(org.teams.main), token: await t.as(org.users.admin) })).json();
    for (const who of [org.users.user, org.users.marketing]) {
      expectError(await put(await t.as(who), org.teams.main, settings({ enabled: false, text: "" })), 403, "error.forbidden");
    }
    expect((await t.request({ method: "GET", url: url(org.teams.main), token: await t.as(org.users.admin) })).json()).toEqual(before);
  });

  it("answers 404 for another organisation's team or an unknown one, reading or writing", async () => {
    const token = await t.as(org.users.admin);
    for (const teamId of [other.teams.main, "4a0e6c55-5b3a-4f1e-9d2c-7e8f9a0b1c2d"]) {
      expectError(await t.request({ method: "GET", url: url(teamId), token }), 404, "error.not-found");
      expectError(await put(token, teamId, settings({ enabled: true, text: "Intrus" })), 404, "error.not-found");
    }
    const theirs = await t.request({ method: "GET", url: url(other.teams.main), token: await t.as(other.users.admin) });
    expect(theirs.json()).toMatchObject({ outsideHours: { enabled: false, text: "" }, updatedAt: null });
    expectError(await t.request({ method: "GET", url: url(org.teams.main) }), 401, "error.unauthorized");
  });

  it("refuses an enabled text that is empty or only white space, on that field, in French", async () => {
    const token = await t.as(org.users.admin);
    const res = await put(token, org.teams.main, settings({ enabled: true, text: " \n\t " }));
    expectError(res, 400, "validation.automatic-message-required");
    expect(res.json().error.message).toBe("Le message automatique ne peut pas être vide.");
    expect(res.json().error.fields).toEqual([{ path: "outsideHours.text", code: "validation.automatic-message-required" }]);

    const missed = await put(token, org.teams.main, settings({ enabled: false, text: "" }, { enabled: true, text: "" }));
    expect(missed.json().error.fields).toEqual([{ path: "missedCall.text", code: "validation.automatic-message-required" }]);
    // A disabled text may be empty.
    expect((await put(token, org.teams.second, settings({ enabled: false, text: "   " }))).statusCode).toBe(200);
  });

  it("refuses a text over 640 characters, a period outside 1–720 h, and a missing part", async () => {
    const token = await t.as(org.users.admin);
    const before = (await t.request({ method: "GET", url: url(org.teams.main), token })).json();
    expectError(await put(token, org.teams.main, settings({ enabled: true, text: "x".repeat(641) })), 400, "validation.max-length");
    for (const periodHours of [0, 721, 1.5, "24"]) {
      const res = await put(token, org.teams.main, { ...settings({ enabled: true, text: CLOSED }), periodHours });
      expect(res.statusCode, String(periodHours)).toBe(400);
      expect(res.json().error.fields[0].path).toBe("periodHours");
    }
    expect((await put(token, org.teams.main, { outsideHours: { enabled: true, text: CLOSED } })).statusCode).toBe(400);
    expect((await put(token, org.teams.main, { ...settings({ enabled: true, text: CLOSED }), extra: 1 })).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: url(org.teams.main), token })).json()).toEqual(before);
    // 640 exactly is fine; the period defaults to 24 h when left out.
    const res = await put(token, org.teams.second, {
      outsideHours: { enabled: true, text: "y".repeat(640) },
      missedCall: { enabled: false, text: "" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().periodHours).toBe(24);
  });
});

describe("the outside-hours reply to an inbound text", () => {
  beforeAll(async () => {
    await save(org.teams.main, settings({ enabled: true, text: CLOSED }, { enabled: false, text: "" }, 24));
  });

  it("answers a text received while every day is closed, once: in the thread, from the team's number, by no one", async () => {
    await setWeek(org.teams.main, closedWeek());
    const contact = uniquePhone();
    const received = await textIn(contact);
    if (!("threadId" in received)) throw new Error("inbound not recorded");
    const replies = await repliesTo(contact);
    expect(replies).toEqual([
      expect.objectContaining({
        thread_id: received.threadId,
        body: CLOSED,
        author_id: null,
        from_phone: phones.main,
        idempotency_key: expect.any(String),
      }),
    ]);
    const [entry] = await delivered(contact, 1);
    expect(entry).toMatchObject({ from: phones.main, to: contact, body: CLOSED, idempotencyKey: replies[0]?.idempotency_key });
    // The reply is the thread's latest message, announced to the team like any text.
    const thread = await withTenant(t.db.owner, org.orgId, (tx) =>
      tx
        .selectFrom("threads")
        .select(["last_message_id", "has_notification"])
        .where("id", "=", received.threadId)
        .executeTakeFirstOrThrow(),
    );
    expect(thread).toEqual({ last_message_id: replies[0]?.id, has_notification: true });
    const events = await eventsSeenBy(t, await t.as(org.users.user));
    expect(events.some((e) => e.type === "message.created" && e.payload["id"] === replies[0]?.id)).toBe(true);

    // A second text within the period: no second reply.
    await textIn(contact);
    expect(await repliesTo(contact)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(t.carrier.outboxFor(contact)).toHaveLength(1);
  });

  it("answers again once the period is over, and follows the period the administrator set", async () => {
    await setWeek(org.teams.main, closedWeek());
    const contact = uniquePhone();
    await textIn(contact);
    await ageLastReply(contact, 23);
    await textIn(contact);
    expect(await repliesTo(contact)).toHaveLength(1);
    await ageLastReply(contact, 24);
    await textIn(contact);
    expect(await repliesTo(contact)).toHaveLength(2);
    await delivered(contact, 2);

    await save(org.teams.main, settings({ enabled: true, text: CLOSED }, { enabled: false, text: "" }, 2));
    try {
      await ageLastReply(contact, 1);
      await textIn(contact);
      expect(await repliesTo(contact)).toHaveLength(2);
      await ageLastReply(contact, 2);
      await textIn(contact);
      expect(await repliesTo(contact)).toHaveLength(3);
    } finally {
      await save(org.teams.main, settings({ enabled: true, text: CLOSED }, { enabled: false, text: "" }, 24));
    }
  });

  it("sends nothing while the team is open", async () => {
    await setWeek(org.teams.main, openWeek());
    const contact = uniquePhone();
    await textIn(contact);
    expect(await repliesTo(contact)).toEqual([]);
  });

  it("answers a text received during a break", async () => {
    const now = localClock(new Date(), zone).minutes;
    await setWeek(org.teams.main, openWeek([{ start: hhmm(now - 60), end: hhmm(now + 60) }]));
    const contact = uniquePhone();
    await textIn(contact);
    expect(await repliesTo(contact)).toEqual([expect.objectContaining({ body: CLOSED })]);
  });

  it("answers a text received on a day of the organisation's vacation, though the team's hours are open", async () => {
    await setWeek(org.teams.main, openWeek());
    const today = localClock(new Date(), zone).date;
    await setVacation({ start: today, end: today });
    try {
      const contact = uniquePhone();
      await textIn(contact);
      expect(await repliesTo(contact)).toEqual([expect.objectContaining({ body: CLOSED })]);
    } finally {
      await setVacation(null);
    }
  });

  it("sends nothing when the outside-hours text is off", async () => {
    await setWeek(org.teams.main, closedWeek());
    await save(org.teams.main, settings({ enabled: false, text: CLOSED }));
    try {
      const contact = uniquePhone();
      await textIn(contact);
      expect(await repliesTo(contact)).toEqual([]);
    } finally {
      await save(org.teams.main, settings({ enabled: true, text: CLOSED }));
    }
  });

  it("answers two texts arriving at the same instant once", async () => {
    await setWeek(org.teams.main, closedWeek());
    const contact = uniquePhone();
    const results = await Promise.all([textIn(contact), textIn(contact), textIn(contact)]);
    expect(results.every((r) => "threadId" in r)).toBe(true);
    expect(await repliesTo(contact)).toHaveLength(1);
    await delivered(contact, 1);
  });

  it("sends nothing for a text the network delivers twice, even once the period is over", async () => {
    await setWeek(org.teams.main, closedWeek());
    const contact = uniquePhone();
    const carrierMessageId = `SMauto${Date.now()}`;
    await textIn(contact, carrierMessageId);
    await ageLastReply(contact, 48);
    expect(await textIn(contact, carrierMessageId)).toEqual({ duplicate: true, carrierMessageId });
    expect(await repliesTo(contact)).toHaveLength(1);
  });

  it("counts the period per team: the same contact texting another closed team gets that team's text", async () => {
    await setWeek(org.teams.main, closedWeek());
    await setWeek(org.teams.second, closedWeek());
    await save(org.teams.second, settings({ enabled: true, text: "Hygiène fermée." }));
    const contact = uniquePhone();
    await textIn(contact);
    await t.carrier.receive({ from: contact, to: phones.second, body: "Et l'hygiène?" });
    expect((await repliesTo(contact)).map((r) => [r.from_phone, r.body])).toEqual([
      [phones.main, CLOSED],
      [phones.second, "Hygiène fermée."],
    ]);
  });
});

describe("the team's automatic texts from memory (decision 0060)", () => {
  const textOf = (statement: unknown): string => {
    const text = typeof statement === "string" ? statement : (statement as { text?: unknown } | null)?.text;
    return typeof text === "string" ? text : "";
  };
  const asksAutomaticTexts = (text: string) => text.includes("automatic_texts");

  beforeAll(async () => {
    await save(org.teams.main, settings({ enabled: true, text: CLOSED }));
  });

  it("reads them once: the next inbound text of the team asks nothing about them", async () => {
    await setWeek(org.teams.main, closedWeek());
    // Other test files share the database: a change they make to every organisation at once (a
    // tier) empties this node's memory too. Three tries, each a text to fill it and one to check.
    const tries: string[][] = [];
    for (let i = 0; i < 3 && !tries.some((sent) => !sent.some(asksAutomaticTexts)); i++) {
      await textIn(uniquePhone());
      const contact = uniquePhone();
      tries.push((await statementsDuring(() => textIn(contact))).map(textOf));
      // Answered all the same, from what it remembered.
      expect(await repliesTo(contact)).toEqual([expect.objectContaining({ body: CLOSED })]);
    }
    const last = tries.at(-1) ?? [];
    expect(last.some((text) => text.includes('insert into "messages"'))).toBe(true);
    expect(last.filter(asksAutomaticTexts)).toEqual([]);
  });

  it("hears them changed by hand, outside the app, before the next text", async () => {
    await setWeek(org.teams.main, closedWeek());
    await textIn(uniquePhone());
    const byHand = (enabled: boolean) =>
      t.db.owner.updateTable("automatic_texts").set({ outside_hours_enabled: enabled }).where("team_id", "=", org.teams.main).execute();
    await byHand(false);
    try {
      const contact = uniquePhone();
      await textIn(contact);
      expect(await repliesTo(contact)).toEqual([]);
    } finally {
      await byHand(true);
    }
    const contact = uniquePhone();
    await textIn(contact);
    expect(await repliesTo(contact)).toEqual([expect.objectContaining({ body: CLOSED })]);
  });
});

describe("the once-per-period gate", () => {
  it("lets exactly one of several transactions claiming the same contact at once through", async () => {
    const contact = uniquePhone();
    const claim = () =>
      withTenant(t.db.app, org.orgId, async (tx) => {
        const won = await repo.claimReplySlot(tx, {
          orgId: org.orgId,
          teamId: org.teams.main,
          contactPhone: contact,
          kind: "outside-hours",
          periodHours: 24,
        });
        // Hold the claim a moment so the others queue behind it, as they would under load.
        await new Promise((r) => setTimeout(r, 50));
        return won;
      });
    const answers = await Promise.all([claim(), claim(), claim(), claim()]);
    expect(answers.filter(Boolean)).toHaveLength(1);
  });
});

describe("replyToMissedCall (for the voice work)", () => {
  const network = createSandboxCarrier({ deliveryMs: 10, failureRate: 0 });
  const log = { warn: (o: object, msg: string) => console.warn(msg, o), error: (o: object, msg: string) => console.error(msg, o) };
  let m: ReturnType<typeof createMessaging>;

  beforeAll(async () => {
    // A second messaging service on a network of its own: the one the voice work will hold.
    m = createMessaging(t.db.app, network, log, { media: { files: t.files, links: t.mediaLinks, publicUrl: "http://localhost" } });
    await save(org.teams.main, settings({ enabled: true, text: CLOSED }, { enabled: true, text: MISSED }));
  });
  afterAll(async () => {
    await network.close();
    await drainMessaging(m);
  });

  it("texts the caller in a new thread, once per period", async () => {
    const contact = uniquePhone();
    const message = await replyToMissedCall(m, org.orgId, org.teams.main, contact);
    expect(message).toMatchObject({ direction: "outbound", body: MISSED, from: phones.main, to: contact, status: "sending" });
    const replies = await repliesTo(contact);
    expect(replies).toEqual([expect.objectContaining({ id: message?.id, author_id: null })]);
    const thread = await withTenant(t.db.owner, org.orgId, (tx) =>
      tx
        .selectFrom("threads")
        .selectAll()
        .where("team_id", "=", org.teams.main)
        .where("contact_phone", "=", contact)
        .executeTakeFirstOrThrow(),
    );
    expect(thread).toMatchObject({ id: replies[0]?.thread_id, last_message_id: message?.id, state: "active" });
    // Handed over by the send-text job, which the app's job worker runs with the app's carrier.
    await until(async () => t.carrier.outboxFor(contact).find((e) => e.status === "delivered"), "missed-call text delivered");

    expect(await replyToMissedCall(m, org.orgId, org.teams.main, contact)).toBeNull();
    expect(await repliesTo(contact)).toHaveLength(1);
  });

  it("shares the period with the outside-hours reply", async () => {
    await setWeek(org.teams.main, closedWeek());
    const contact = uniquePhone();
    await textIn(contact);
    expect(await replyToMissedCall(m, org.orgId, org.teams.main, contact)).toBeNull();
    expect((await repliesTo(contact)).map((r) => r.body)).toEqual([CLOSED]);
  });

  it("leaves no empty thread behind when the gate refuses", async () => {
    const contact = uniquePhone();
    await replyToMissedCall(m, org.orgId, org.teams.main, contact);
    await withTenant(t.db.owner, org.orgId, (tx) => tx.deleteFrom("threads").where("contact_phone", "=", contact).execute());
    expect(await replyToMissedCall(m, org.orgId, org.teams.main, contact)).toBeNull();
    const threads = await withTenant(t.db.owner, org.orgId, (tx) =>
      tx.selectFrom("threads").select("id").where("contact_phone", "=", contact).execute(),
    );
    expect(threads).toEqual([]);
  });

  it("sends nothing when the text is off, the team has no number, or the caller's number is withheld", async () => {
    expect(await replyToMissedCall(m, org.orgId, org.teams.main, "anonymous")).toBeNull();
    // Off.
    await save(org.teams.second, settings({ enabled: false, text: "" }, { enabled: false, text: MISSED }));
    const contact = uniquePhone();
    expect(await replyToMissedCall(m, org.orgId, org.teams.second, contact)).toBeNull();
    // On, but the team has no number to text from.
    await save(org.teams.second, settings({ enabled: false, text: "" }, { enabled: true, text: MISSED }));
    await setTeamPhone(t, org.orgId, org.teams.second, null);
    try {
      expect(await replyToMissedCall(m, org.orgId, org.teams.second, contact)).toBeNull();
    } finally {
      await setTeamPhone(t, org.orgId, org.teams.second, phones.second);
    }
    expect(await repliesTo(contact)).toEqual([]);
    // Another organisation's team, though its text is on, is not reached through this organisation's id.
    await save(other.teams.main, settings({ enabled: false, text: "" }, { enabled: true, text: MISSED }), other);
    expect(await replyToMissedCall(m, org.orgId, other.teams.main, contact)).toBeNull();
    expect(await repliesTo(contact, other.orgId)).toEqual([]);
  });
});
