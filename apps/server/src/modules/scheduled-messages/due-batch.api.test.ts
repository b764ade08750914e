import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { ScheduledMessage } from "@relais/shared";
import { CarrierSendError, type OutboundSms } from "../../carriers/carrier.ts";
import { SandboxCarrier } from "../../carriers/sandbox/sandbox-carrier.ts";
import { withTenant } from "../../db/database.ts";
import { createTestApp, uniquePhone, type Tenant, type TestApp } from "../../../test/helpers.ts";
import { createContact } from "../contacts/contacts-test-kit.ts";
import { createThread, eventsSeenBy, givePhones, until } from "../messaging/messaging-test-kit.ts";
import { bringForward, jobsOf, request, URL } from "./scheduled-test-kit.ts";

/**
 * Messages falling due together (decision 0048): the job that runs takes every other message of
 * its organisation due by then, in one transaction, and one send-texts job hands them to the
 * carrier. Each message's own job stays 30 minutes ahead here, so only the batch can send it.
 */

const ZONE = "America/Toronto";

/** The sandbox network, refusing texts to the numbers in `refused` as a carrier refuses a bad number. */
class RefusingCarrier extends SandboxCarrier {
  readonly refused = new Set<string>();
  readonly attempts: string[] = [];

  override async sendSms(sms: OutboundSms): Promise<{ carrierMessageId: string }> {
    this.attempts.push(sms.idempotencyKey);
    if (this.refused.has(sms.to)) throw new CarrierSendError("invalid-number", 400);
    return super.sendSms(sms);
  }
}

let t: TestApp;
const carrier = new RefusingCarrier({ deliveryMs: 50, failureRate: 0 });

beforeAll(async () => {
  t = await createTestApp({}, { carrier });
});
afterAll(() => t.close());

async function clinic(): Promise<Tenant> {
  const org = await t.tenant({ timezone: ZONE });
  await givePhones(t, org);
  return org;
}

async function schedule(org: Tenant, to: string, message: string, minutesAhead = 30): Promise<ScheduledMessage> {
  const res = await t.request({
    method: "POST",
    url: URL,
    token: await t.as(org.users.user),
    payload: request(to, minutesAhead, ZONE, { message, reminders: [] }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Moves the rows' planned time to 40 seconds ago; their jobs stay where they were. */
async function rowsDue(org: Tenant, ...messages: ScheduledMessage[]): Promise<void> {
  const ids = messages.map((m) => m.id);
  await withTenant(t.db.owner, org.orgId, (tx) =>
    tx
      .updateTable("scheduled_messages")
      .set({ scheduled_at: sql<Date>`now() - interval '40 seconds'` })
      .where("id", "in", ids)
      .execute(),
  );
}

async function shown(org: Tenant, id: string): Promise<ScheduledMessage> {
  const res = await t.request({ method: "GET", url: `${URL}/${id}`, token: await t.as(org.users.user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const allSettled = (org: Tenant, messages: ScheduledMessage[], status: ScheduledMessage["status"]) =>
  until(async () => {
    const now = await Promise.all(messages.map((m) => shown(org, m.id)));
    return now.every((m) => m.status === status) ? now : null;
  }, `every message ${status}`);

const bodiesTo = (to: string) => carrier.outboxFor(to).map((e) => e.body);

describe("messages due together", () => {
  it("go out with the one whose job runs, each once and in order, in their own threads; their own jobs are dropped", async () => {
    const org = await clinic();
    const elsewhere = await clinic();
    const [a, b] = [uniquePhone(), uniquePhone()];
    const first = await schedule(org, a, "Premier rappel");
    const second = await schedule(org, a, "Deuxième rappel");
    const third = await schedule(org, b, "Pour B");
    const later = await schedule(org, uniquePhone(), "Plus tard", 90);
    const soon = await schedule(org, uniquePhone(), "Dans 20 secondes");
    const theirs = await schedule(elsewhere, uniquePhone(), "Autre clinique");
    await rowsDue(org, first, second, third);
    await rowsDue(elsewhere, theirs);
    await withTenant(t.db.owner, org.orgId, (tx) =>
      tx
        .updateTable("scheduled_messages")
        .set({ scheduled_at: sql<Date>`now() + interval '20 seconds'` })
        .where("id", "=", soon.id)
        .execute(),
    );

    // Only the third message's job runs now.
    await bringForward(t, org.orgId, `scheduled:${third.id}`);
    await allSettled(org, [first, second, third], "sent");
    expect(bodiesTo(a)).toEqual(["Premier rappel", "Deuxième rappel"]);
    expect(bodiesTo(b)).toEqual(["Pour B"]);
    for (const m of [first, second]) expect(await jobsOf(t, org.orgId, `scheduled:${m.id}`)).toEqual([]);

    // A message not yet due (even by 20 seconds), and another organisation's, wait for their own time.
    expect((await shown(org, soon.id)).status).toBe("scheduled");
    expect((await shown(org, later.id)).status).toBe("scheduled");
    expect(await jobsOf(t, org.orgId, `scheduled:${later.id}`)).toHaveLength(1);
    expect((await shown(elsewhere, theirs.id)).status).toBe("scheduled");
    expect(await jobsOf(t, elsewhere.orgId, `scheduled:${theirs.id}`)).toHaveLength(1);

    // Staff see a's new thread appear once, then each text in order (message.updated: the delivery statuses).
    const seen = await eventsSeenBy(t, await t.as(org.users.user));
    const { rows } = await sql<{
      thread_id: string;
    }>`select thread_id from messages where id = ${(await shown(org, first.id)).messageId}`.execute(t.db.owner);
    const threadOfA = rows[0]?.thread_id;
    const ofA = seen.filter((e) => (e.type.startsWith("thread.") ? e.payload.id : e.payload.threadId) === threadOfA);
    expect(ofA.map((e) => e.type).filter((type) => type !== "message.updated")).toEqual([
      "thread.created",
      "message.created",
      "thread.updated",
      "message.created",
    ]);
    expect(ofA.filter((e) => e.type === "message.created").map((e) => e.payload.body)).toEqual(["Premier rappel", "Deuxième rappel"]);
  });

  it("leave a contact answering a survey until the hold ends, and send the others", async () => {
    const org = await clinic();
    const token = await t.as(org.users.user);
    const held = uniquePhone();
    const contact = await createContact(t, token, { firstname: "Hélène", lastname: "Tremblay", phone: held });
    const { thread } = await createThread(t, token, held, "Bonjour");
    const { rows } = await sql<{ expires_at: Date }>`
      insert into survey_runs (organization_id, team_id, thread_id, contact_id, contact_phone, title, questions, thanks, retry, started_at, expires_at)
      values (${org.orgId}, ${org.teams.main}, ${thread.id}, ${contact.id}, ${held}, 'Satisfaction', '[]', 'Merci', 'Encore', now(), now() + interval '10 minutes')
      returning expires_at`.execute(t.db.owner);
    const free = uniquePhone();
    const waiting = await schedule(org, held, "Après le sondage");
    const going = await schedule(org, free, "Tout de suite");
    await rowsDue(org, waiting, going);

    await bringForward(t, org.orgId, `scheduled:${going.id}`);
    await allSettled(org, [going], "sent");
    expect(bodiesTo(free)).toEqual(["Tout de suite"]);
    expect(bodiesTo(held)).toEqual(["Bonjour"]);
    expect((await shown(org, waiting.id)).status).toBe("scheduled");
    const [job] = await jobsOf(t, org.orgId, `scheduled:${waiting.id}`);
    expect(job?.run_at.getTime()).toBe(rows[0]?.expires_at.getTime());
  });

  it("fail a text the carrier refuses on its own; the others keep their carrier ids, and a second run sends nothing", async () => {
    const org = await clinic();
    const [ok, bad] = [uniquePhone(), uniquePhone()];
    carrier.refused.add(bad);
    const good = await schedule(org, ok, "Bon numéro");
    const refused = await schedule(org, bad, "Mauvais numéro");
    await rowsDue(org, good, refused);
    await bringForward(t, org.orgId, `scheduled:${good.id}`);

    const [sent] = await allSettled(org, [good], "sent");
    const [failed] = await allSettled(org, [refused], "failed");
    expect(failed?.failureReason).toBe("invalid-number");
    const ids = [sent?.messageId, failed?.messageId];
    const stored = await sql<{ id: string; carrier_message_id: string | null }>`
      select id, carrier_message_id from messages where id = any(${ids}::uuid[])`.execute(t.db.owner);
    const carrierIds = new Map(stored.rows.map((r) => [r.id, r.carrier_message_id]));
    expect(carrierIds.get(sent?.messageId ?? "")).toBe(carrier.outboxFor(ok)[0]?.carrierMessageId);
    expect(carrierIds.get(failed?.messageId ?? "")).toBeNull();

    // The send-texts job run again (a retry after a crash): nothing goes to the carrier.
    const before = carrier.attempts.length;
    await sql`select graphile_worker.add_job('send-texts', ${JSON.stringify({ orgId: org.orgId, messageIds: ids })}::json)`.execute(
      t.db.owner,
    );
    await new Promise((r) => setTimeout(r, 800));
    expect(carrier.attempts.length).toBe(before);
    expect(bodiesTo(ok)).toEqual(["Bon numéro"]);
  });
});
