import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { defaultWeekSchedule, type ScheduledMessage } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { createTestApp, expectError, uniquePhone, type Tenant, type TestApp, type TestUser } from "../../../test/helpers.ts";
import { API, createThread, givePhones, until } from "../messaging/messaging-test-kit.ts";
import { bringForward, request as scheduledRequest, URL as SCHEDULED } from "../scheduled-messages/scheduled-test-kit.ts";

/**
 * Texts the system sends for someone (spec part 2 §3): automatic replies and scheduled messages
 * with their reminders carry the organisation's signature exactly once; and no text is accepted
 * with a dynamic field left unfilled (spec part 2 §5), whichever route it comes by.
 */

const ZONE = "America/Toronto";
let t: TestApp;
let org: Tenant;
let other: Tenant;
let phones: { main: string; second: string };
let clinic: string;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.tenant({ timezone: ZONE });
  other = await t.tenant({ timezone: ZONE });
  phones = await givePhones(t, org);
  await givePhones(t, other);
  const row = await sql<{ name_fr: string }>`select name_fr from organizations where id = ${org.orgId}`.execute(t.db.owner);
  clinic = row.rows[0]?.name_fr ?? "";
});
afterAll(() => t.close());

async function call(who: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.request({ method, url, token: await t.as(who), ...(payload ? { payload } : {}) });
}

async function setSignature(mode: string, personalizedText = ""): Promise<void> {
  const res = await call(org.users.admin, "PUT", `/api/organizations/${org.orgId}/signature`, { mode, personalizedText });
  expect(res.statusCode, res.body).toBe(200);
}

const sentTo = (to: string, n = 1) =>
  until(async () => {
    const out = t.carrier.outboxFor(to);
    return out.length >= n ? out.map((e) => e.body) : null;
  }, `${n} text(s) to ${to}`);

describe("the signature on automatic replies", () => {
  beforeAll(async () => {
    const closed = defaultWeekSchedule().map((d) => ({ ...d, enabled: false }));
    const week = await call(org.users.admin, "PUT", `/api/user-groups/${org.teams.main}`, { schedule: { week: closed } });
    expect(week.statusCode, week.body).toBe(200);
    const res = await call(org.users.admin, "PUT", `/api/teams/${org.teams.main}/automatic-texts`, {
      outsideHours: { enabled: true, text: "Nous sommes fermés." },
      missedCall: { enabled: false, text: "" },
      periodHours: 24,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  const replyTo = async () => {
    const contact = uniquePhone();
    await t.carrier.receive({ from: contact, to: phones.main, body: "Bonjour?" });
    return (await sentTo(contact))[0];
  };

  it("signs with the clinic, the personalised line, and the clinic for the mode user (no author); none without a signature", async () => {
    await setSignature("clinic");
    expect(await replyTo()).toBe(`Nous sommes fermés.\n\n${clinic}`);
    await setSignature("personalized-signature", "L'équipe du Parc");
    expect(await replyTo()).toBe("Nous sommes fermés.\n\nL'équipe du Parc");
    await setSignature("user");
    expect(await replyTo()).toBe(`Nous sommes fermés.\n\n${clinic}`);
    await setSignature("no-signature");
    expect(await replyTo()).toBe("Nous sommes fermés.");
  });

  it("does not sign twice a text that already ends with the signature", async () => {
    await call(org.users.admin, "PUT", `/api/teams/${org.teams.main}/automatic-texts`, {
      outsideHours: { enabled: true, text: "Nous sommes fermés.\n\nL'équipe du Parc" },
      missedCall: { enabled: false, text: "" },
      periodHours: 24,
    });
    await setSignature("personalized-signature", "L'équipe du Parc");
    expect(await replyTo()).toBe("Nous sommes fermés.\n\nL'équipe du Parc");
  });
});

describe("the signature on scheduled messages and reminders", () => {
  const runDue = async (s: ScheduledMessage) => {
    await withTenant(t.db.owner, org.orgId, (tx) =>
      tx
        .updateTable("scheduled_messages")
        .set({ scheduled_at: sql<Date>`now()` })
        .where("id", "=", s.id)
        .execute(),
    );
    await bringForward(t, org.orgId, `scheduled:${s.id}`);
  };

  it("signs as the staff member who scheduled it (mode user), the text and its reminder, once each", async () => {
    await setSignature("user");
    const line = await call(org.users.user, "PUT", `/api/organizations/${org.orgId}/signature/user`, { text: "Julie, réception" });
    expect(line.statusCode, line.body).toBe(200);
    const to = uniquePhone();
    const res = await call(org.users.user, "POST", SCHEDULED, scheduledRequest(to, 3 * 24 * 60, ZONE, { reminders: ["24h"] }));
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json<ScheduledMessage>();
    await withTenant(t.db.owner, org.orgId, (tx) =>
      tx
        .updateTable("scheduled_messages")
        .set({ scheduled_at: sql<Date>`now() + interval '24 hours' - interval '10 seconds'` })
        .where("id", "=", s.id)
        .execute(),
    );
    await bringForward(t, org.orgId, `scheduled:${s.id}:reminder:24h`);
    expect(await sentTo(to)).toEqual([`Rappel : ${s.message}\n\nJulie, réception`]);
    await runDue(s);
    expect(await sentTo(to, 2)).toEqual([`Rappel : ${s.message}\n\nJulie, réception`, `${s.message}\n\nJulie, réception`]);
  });

  it("leaves a message that already ends with the clinic's signature as it is", async () => {
    await setSignature("clinic");
    const to = uniquePhone();
    const res = await call(org.users.user, "POST", SCHEDULED, scheduledRequest(to, 30, ZONE, { message: `À demain.\n\n${clinic}` }));
    expect(res.statusCode, res.body).toBe(201);
    await runDue(res.json<ScheduledMessage>());
    expect(await sentTo(to)).toEqual([`À demain.\n\n${clinic}`]);
  });
});

describe("unfilled dynamic fields are refused (error.unfilled-dynamic-field)", () => {
  const unfilled = (res: Awaited<ReturnType<typeof call>>, fields: string) => {
    expectError(res, 400, "error.unfilled-dynamic-field");
    expect(res.json().error.params).toEqual({ fields });
    expect(res.json().error.message).toBe(`Des champs dynamiques ne sont pas remplis : ${fields}.`);
  };

  it("when sending a reply or starting a conversation", async () => {
    const { thread } = await createThread(t, await t.as(org.users.user));
    unfilled(
      await call(org.users.user, "POST", `${API}/threads/${thread.id}/messages`, { body: "Bonjour {{firstName}}" }),
      "{{firstName}}",
    );
    const to = uniquePhone();
    unfilled(await call(org.users.user, "POST", `${API}/threads`, { to, body: "{{ date }} et {{lastName}}" }), "{{date}}, {{lastName}}");
    // Nothing was created or sent.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from threads where contact_phone = ${to}`.execute(t.db.owner);
    expect(rows[0]?.n).toBe(0);
    // Braces that are no token go as written.
    const plain = await call(org.users.user, "POST", `${API}/threads/${thread.id}/messages`, { body: "Code {1234}" });
    expect(plain.statusCode, plain.body).toBe(201);
  });

  it("when scheduling a message or changing it", async () => {
    const to = uniquePhone();
    unfilled(
      await call(org.users.user, "POST", SCHEDULED, scheduledRequest(to, 30, ZONE, { message: "Bonjour {{firstName}}" })),
      "{{firstName}}",
    );
    const ok = await call(org.users.user, "POST", SCHEDULED, scheduledRequest(to, 30, ZONE));
    expect(ok.statusCode, ok.body).toBe(201);
    const url = `${SCHEDULED}/${ok.json<ScheduledMessage>().id}`;
    unfilled(await call(org.users.user, "PUT", url, scheduledRequest(to, 30, ZONE, { message: "{{website}}" })), "{{website}}");
  });

  it("when saving automatic texts, after the role and organisation checks", async () => {
    const payload = {
      outsideHours: { enabled: true, text: "Fermé" },
      missedCall: { enabled: true, text: "Rappel {{firstName}}" },
      periodHours: 24,
    };
    unfilled(await call(org.users.admin, "PUT", `/api/teams/${org.teams.second}/automatic-texts`, payload), "{{firstName}}");
    expectError(await call(org.users.user, "PUT", `/api/teams/${org.teams.second}/automatic-texts`, payload), 403, "error.forbidden");
    expectError(await call(org.users.admin, "PUT", `/api/teams/${other.teams.main}/automatic-texts`, payload), 404, "error.not-found");
  });
});
