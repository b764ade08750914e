import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { ContactSurvey, SurveySettings, ThreadSurvey } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { apiSuite, expectError, uniquePhone, type Tenant } from "../../../test/helpers.ts";
import { createContact } from "../contacts/contacts-test-kit.ts";
import { API, createThread, eventsSeenBy, givePhones, until } from "../messaging/messaging-test-kit.ts";
import { bringForward, jobsOf, request as scheduledRequest, URL as SCHEDULED_URL } from "../scheduled-messages/scheduled-test-kit.ts";
import { SURVEY_EXPIRE_TASK, surveyTasks } from "./flow.ts";

/** The satisfaction survey: its setting, sending it from a conversation, the answers by text, the hold on the contact. */

const { t, org, other } = apiSuite();
let phones: { main: string; second: string };
/** The organisation's French name, which {{organizationName}} becomes. */
let orgName: string;

const Q1 = "Bonjour {{firstName}}, de 1 à 5, êtes-vous satisfait(e) de votre visite chez {{organizationName}} ?";
const Q2 = "Un commentaire ?";
const THANKS = "Merci {{firstName}} !";
const RETRY = "Répondez par un chiffre de 1 à 5.";
const SETTING = {
  enabled: true,
  title: "Satisfaction",
  questions: [
    { kind: "score", text: Q1 },
    { kind: "text", text: Q2 },
  ],
  thanks: THANKS,
  retry: RETRY,
};

const settingsUrl = (orgId: string) => `/api/organizations/${orgId}/satisfaction-survey`;
const surveyUrl = (threadId: string) => `${API}/threads/${threadId}/survey`;

beforeAll(async () => {
  phones = await givePhones(t, org);
  await givePhones(t, other);
  const res = await t.request({ method: "GET", url: `/api/organizations/${org.orgId}`, token: await t.as(org.users.admin) });
  expect(res.statusCode, res.body).toBe(200);
  orgName = res.json().name["fr-CA"];
});

async function saveSetting(payload: object = SETTING, who: Tenant = org): Promise<SurveySettings> {
  const res = await t.request({ method: "PUT", url: settingsUrl(who.orgId), token: await t.as(who.users.admin), payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A contact with a conversation in the main team, texted once by staff. */
async function contactWithThread(firstname = "Hélène") {
  const token = await t.as(org.users.user);
  const phone = uniquePhone();
  const contact = await createContact(t, token, { firstname, lastname: "Tremblay", phone });
  const { thread } = await createThread(t, token, phone, "Bonjour");
  return { contact, phone, thread, token };
}

async function start(threadId: string, token: string) {
  return t.request({ method: "POST", url: surveyUrl(threadId), token });
}

async function started(threadId: string, token: string): Promise<ThreadSurvey> {
  const res = await start(threadId, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Bodies of the texts the clinic queued to `phone`, in order (the first is the staff's "Bonjour"). */
async function textsTo(phone: string): Promise<string[]> {
  return withTenant(t.db.owner, org.orgId, async (tx) =>
    (
      await tx
        .selectFrom("messages")
        .select("body")
        .where("organization_id", "=", org.orgId)
        .where("direction", "=", "outbound")
        .where("to_phone", "=", phone)
        .orderBy("created_at")
        .orderBy("id")
        .execute()
    ).map((r) => r.body),
  );
}

const reply = (phone: string, body: string) => t.carrier.receive({ from: phone, to: phones.main, body });

async function surveysOf(contactId: string): Promise<ContactSurvey[]> {
  const res = await t.request({ method: "GET", url: `/api/patients/${contactId}/surveys`, token: await t.as(org.users.admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function sendText(threadId: string, token: string, body = "Petite question") {
  return t.request({ method: "POST", url: `${API}/threads/${threadId}/messages`, token, payload: { body } });
}

/** Moves a run's expiry into the past, as an hour passing would. */
async function expireRunsOf(phone: string) {
  await withTenant(t.db.owner, org.orgId, (tx) =>
    sql`update survey_runs set started_at = now() - interval '2 hours', expires_at = now() - interval '1 hour' where contact_phone = ${phone}`.execute(
      tx,
    ),
  );
}

describe("GET and PUT organizations/{id}/satisfaction-survey", () => {
  it("answers the defaults, disabled, to any staff member before an administrator saves it", async () => {
    const res = await t.request({ method: "GET", url: settingsUrl(other.orgId), token: await t.as(other.users.user) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SurveySettings>();
    expect(body).toMatchObject({ enabled: false, updatedAt: null, abilities: { update: false } });
    expect(body.questions.length).toBeGreaterThan(0);
  });

  it("saves the administrator's questions and shows them to everyone", async () => {
    const saved = await saveSetting();
    expect(saved).toMatchObject({ ...SETTING, abilities: { update: true }, updatedAt: expect.any(String) });
    const res = await t.request({ method: "GET", url: settingsUrl(org.orgId), token: await t.as(org.users.user) });
    expect(res.json()).toMatchObject(SETTING);
  });

  it("refuses a user, and another organisation's setting", async () => {
    const asUser = await t.request({ method: "PUT", url: settingsUrl(org.orgId), token: await t.as(org.users.user), payload: SETTING });
    expect(asUser.statusCode).toBe(403);
    const theirs = await t.request({ method: "PUT", url: settingsUrl(other.orgId), token: await t.as(org.users.admin), payload: SETTING });
    expectError(theirs, 404, "error.not-found");
    const read = await t.request({ method: "GET", url: settingsUrl(other.orgId), token: await t.as(org.users.admin) });
    expectError(read, 404, "error.not-found");
  });

  it("refuses no question, four questions, an empty text and a field a survey cannot fill", async () => {
    const token = await t.as(org.users.admin);
    const bad = [
      { ...SETTING, questions: [] },
      { ...SETTING, questions: [...SETTING.questions, ...SETTING.questions] },
      { ...SETTING, thanks: "   " },
      { ...SETTING, retry: "Votre lien : {{website}}" },
    ];
    for (const payload of bad) {
      const res = await t.request({ method: "PUT", url: settingsUrl(org.orgId), token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe("sending the survey from a conversation", () => {
  beforeAll(() => saveSetting());

  it("texts the first question, filled for the contact, and holds the contact's line", async () => {
    const { contact, phone, thread, token } = await contactWithThread();
    const before = await t.request({ method: "GET", url: surveyUrl(thread.id), token });
    expect(before.json()).toEqual({ run: null, startable: "yes" });

    const body = await started(thread.id, token);
    expect(body.startable).toBe("running");
    expect(body.run).toMatchObject({ threadId: thread.id, status: "active", step: 0, questionCount: 2, endedAt: null });
    const run = body.run!;
    expect(new Date(run.expiresAt).getTime() - new Date(run.startedAt).getTime()).toBe(60 * 60_000);
    expect(await textsTo(phone)).toEqual(["Bonjour", `Bonjour Hélène, de 1 à 5, êtes-vous satisfait(e) de votre visite chez ${orgName} ?`]);
    await until(async () => t.carrier.outboxFor(phone).length === 2, "the question delivered");

    // Nobody texts the contact meanwhile: not from this conversation, nor from another team's.
    expectError(await sendText(thread.id, token), 409, "error.survey-in-progress");
    const otherTeam = await t.request({
      method: "POST",
      url: `${API}/threads`,
      token: await t.as(org.users.other),
      payload: { to: phone, body: "Bonjour de l'hygiène" },
    });
    expectError(otherTeam, 409, "error.survey-in-progress");
    expect(otherTeam.json().error.message).toMatch(/sondage de satisfaction.*(59|60) minutes/);
    expectError(await start(thread.id, token), 409, "error.survey-in-progress");
    expect(contact.id).toEqual(expect.any(String));
  });

  it("takes the answers, asks again when a reply does not answer, thanks, records them on the contact and frees the line", async () => {
    const { contact, phone, thread, token } = await contactWithThread("Luc");
    await started(thread.id, token);
    await reply(phone, "très bien");
    await reply(phone, "4/5");
    await reply(phone, "Accueil chaleureux, merci");
    expect((await textsTo(phone)).slice(2)).toEqual([RETRY, Q2, "Merci Luc !"]);

    const now = await t.request({ method: "GET", url: surveyUrl(thread.id), token });
    expect(now.json<ThreadSurvey>()).toMatchObject({
      startable: "yes",
      run: { status: "completed", step: 2, endedAt: expect.any(String) },
    });
    const [survey] = await surveysOf(contact.id);
    expect(survey).toMatchObject({
      title: "Satisfaction",
      followupDone: false,
      answers: [
        { question: expect.stringContaining("Bonjour Luc, de 1 à 5"), answer: "4" },
        { question: Q2, answer: "Accueil chaleureux, merci" },
      ],
    });
    expect((await sendText(thread.id, token)).statusCode).toBe(201);
  });

  it("sends no automatic reply to an answer, even with the team closed", async () => {
    const { phone, thread, token } = await contactWithThread();
    const admin = await t.as(org.users.admin);
    const auto = await t.request({
      method: "PUT",
      url: `/api/teams/${org.teams.main}/automatic-texts`,
      token: admin,
      payload: { outsideHours: { enabled: true, text: "Nous sommes fermés." }, missedCall: { enabled: false, text: "" }, periodHours: 24 },
    });
    expect(auto.statusCode, auto.body).toBe(200);
    const closed = await t.request({ method: "GET", url: `/api/user-groups/${org.teams.main}`, token: admin });
    const week = closed.json().schedule.week.map((d: object) => ({ ...d, enabled: false }));
    expect(
      (await t.request({ method: "PUT", url: `/api/user-groups/${org.teams.main}`, token: admin, payload: { schedule: { week } } }))
        .statusCode,
    ).toBe(200);
    try {
      await started(thread.id, token);
      await reply(phone, "5");
      expect(await textsTo(phone)).not.toContain("Nous sommes fermés.");
      expect((await textsTo(phone)).at(-1)).toBe(Q2);
    } finally {
      await t.request({
        method: "PUT",
        url: `/api/teams/${org.teams.main}/automatic-texts`,
        token: admin,
        payload: { outsideHours: { enabled: false, text: "" }, missedCall: { enabled: false, text: "" }, periodHours: 24 },
      });
    }
  });

  it("ends at STOP with nothing more texted, keeping the answers given", async () => {
    const { contact, phone, thread, token } = await contactWithThread();
    await started(thread.id, token);
    await reply(phone, "2");
    const sent = (await textsTo(phone)).length;
    await reply(phone, "STOP");
    expect((await textsTo(phone)).length).toBe(sent);
    const now = await t.request({ method: "GET", url: surveyUrl(thread.id), token });
    expect(now.json<ThreadSurvey>().run).toMatchObject({ status: "opted-out", step: 1 });
    expect((await surveysOf(contact.id))[0]?.answers).toEqual([{ question: expect.any(String), answer: "2" }]);
  });

  it("lets staff stop it early; a second stop says nothing is running", async () => {
    const { phone, thread, token } = await contactWithThread();
    await started(thread.id, token);
    const stop = await t.request({ method: "DELETE", url: surveyUrl(thread.id), token });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json<ThreadSurvey>()).toMatchObject({ startable: "yes", run: { status: "stopped" } });
    expectError(await t.request({ method: "DELETE", url: surveyUrl(thread.id), token }), 409, "error.survey-not-running");
    // The contact's next text is an ordinary one: no "please answer 1 to 5".
    const count = (await textsTo(phone)).length;
    await reply(phone, "Merci de votre appel");
    expect((await textsTo(phone)).length).toBe(count);
    expect((await sendText(thread.id, token)).statusCode).toBe(201);
  });

  it("holds the line for one hour at most: past it, staff text again and the contact's text is an ordinary one", async () => {
    const { phone, thread, token } = await contactWithThread();
    await started(thread.id, token);
    await reply(phone, "3");
    await expireRunsOf(phone);
    const seen = await t.request({ method: "GET", url: surveyUrl(thread.id), token });
    expect(seen.json<ThreadSurvey>()).toMatchObject({ startable: "yes", run: { status: "expired" } });
    expect((await sendText(thread.id, token)).statusCode).toBe(201);
    const count = (await textsTo(phone)).length;
    await reply(phone, "Bonne journée");
    expect((await textsTo(phone)).length).toBe(count);
    const closed = await withTenant(t.db.owner, org.orgId, (tx) =>
      tx
        .selectFrom("survey_runs")
        .select(["end_reason", "ended_at", "expires_at"])
        .where("contact_phone", "=", phone)
        .executeTakeFirstOrThrow(),
    );
    expect(closed.end_reason).toBe("expired");
    expect(closed.ended_at?.getTime()).toBe(closed.expires_at.getTime());
  });

  it("is ended by its expiry job, which records the answers given and announces it", async () => {
    const { contact, phone, thread, token } = await contactWithThread();
    const { run } = await started(thread.id, token);
    await reply(phone, "5");
    const task = surveyTasks(t.db.app)[SURVEY_EXPIRE_TASK]!;
    // Taken early (before its time): the run stays open.
    await task({ orgId: org.orgId, runId: run!.id });
    expectError(await sendText(thread.id, token), 409, "error.survey-in-progress");
    await expireRunsOf(phone);
    await task({ orgId: org.orgId, runId: run!.id });
    await task({ orgId: org.orgId, runId: run!.id });
    expect((await surveysOf(contact.id)).map((s) => s.answers)).toEqual([[{ question: expect.any(String), answer: "5" }]]);
    const events = await eventsSeenBy(t, token);
    expect(events.filter((e) => e.type === "survey.updated" && e.payload["threadId"] === thread.id).length).toBeGreaterThanOrEqual(3);
  });

  it("makes a scheduled message falling due meanwhile wait for the end of the hold, then sends it", async () => {
    const { phone, thread, token } = await contactWithThread();
    const { run } = await started(thread.id, token);
    const res = await t.request({
      method: "POST",
      url: SCHEDULED_URL,
      token,
      payload: scheduledRequest(phone, 60, "America/Toronto", { reminders: [] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: string }>().id;
    // Its time comes while the contact is answering.
    await withTenant(t.db.owner, org.orgId, (tx) => sql`update scheduled_messages set scheduled_at = now() where id = ${id}`.execute(tx));
    await bringForward(t, org.orgId, `scheduled:${id}`);
    const [moved] = await until(async () => {
      const jobs = await jobsOf(t, org.orgId, `scheduled:${id}`);
      return jobs[0] && jobs[0].run_at.getTime() === new Date(run!.expiresAt).getTime() ? jobs : null;
    }, "the send moved to the end of the hold");
    expect(moved?.task).toBe("scheduled-send");
    expect(await textsTo(phone)).not.toContain(scheduledRequest(phone, 60, "America/Toronto").message);
    // The survey ends: the message leaves when its job comes round.
    expect((await t.request({ method: "DELETE", url: surveyUrl(thread.id), token })).statusCode).toBe(200);
    await bringForward(t, org.orgId, `scheduled:${id}`);
    await until(
      async () => (await textsTo(phone)).includes(scheduledRequest(phone, 60, "America/Toronto").message),
      "the scheduled text sent",
    );
  });

  it("announces the survey to the conversation's team only", async () => {
    const { thread, token } = await contactWithThread();
    await started(thread.id, token);
    const mine = await eventsSeenBy(t, token);
    expect(mine.some((e) => e.type === "survey.updated" && e.payload["threadId"] === thread.id)).toBe(true);
    const theirs = await eventsSeenBy(t, await t.as(org.users.other));
    expect(theirs.some((e) => e.type === "survey.updated")).toBe(false);
  });

  it("sends one survey when two people send it at once", async () => {
    const { phone, thread, token } = await contactWithThread();
    const admin = await t.as(org.users.admin);
    const results = await Promise.all([start(thread.id, token), start(thread.id, admin)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await textsTo(phone)).length).toBe(2);
  });

  it("is not sent to a number that is not a contact, nor when the organisation turned it off", async () => {
    const token = await t.as(org.users.user);
    const { thread } = await createThread(t, token, uniquePhone(), "Bonjour");
    expectError(await start(thread.id, token), 409, "error.survey-needs-contact");
    expect((await t.request({ method: "GET", url: surveyUrl(thread.id), token })).json().startable).toBe("no-contact");
    await saveSetting({ ...SETTING, enabled: false });
    try {
      const known = await contactWithThread();
      expectError(await start(known.thread.id, token), 409, "error.survey-disabled");
    } finally {
      await saveSetting();
    }
  });

  it("is out of reach of another team's member and of another organisation (404)", async () => {
    const { thread, token } = await contactWithThread();
    for (const who of [await t.as(org.users.other), await t.as(other.users.admin)]) {
      expectError(await start(thread.id, who), 404, "error.not-found");
      expectError(await t.request({ method: "GET", url: surveyUrl(thread.id), token: who }), 404, "error.not-found");
      expectError(await t.request({ method: "DELETE", url: surveyUrl(thread.id), token: who }), 404, "error.not-found");
    }
    expect((await sendText(thread.id, token)).statusCode).toBe(201);
  });
});
