import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Thread } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { apiSuite, uniquePhone } from "../../../test/helpers.ts";
import { API, createThread, eventsSeenBy, givePhones } from "./messaging-test-kit.ts";

const { t, org } = apiSuite({ tenants: 1 });
let phones: { main: string; second: string };

beforeAll(async () => {
  phones = await givePhones(t, org);
});

/** A text from `contact` to the main team's number, as the carrier hands it over. */
async function inbound(contact: string, body: string): Promise<string> {
  const result = await t.carrier.receive({ from: contact, to: phones.main, body });
  if (!("threadId" in result)) throw new Error("inbound text recorded as a duplicate");
  return result.threadId;
}

async function threadOf(id: string): Promise<Thread> {
  const res = await t.request({ method: "GET", url: `${API}/threads/${id}`, token: await t.as(org.users.user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Thread>();
}

/** The sentiment each thread event of `threadId` carried, oldest first. */
async function announcedScores(threadId: string): Promise<(number | null)[]> {
  const events = await eventsSeenBy(t, await t.as(org.users.user));
  return events
    .filter((e) => (e.type === "thread.created" || e.type === "thread.updated") && e.payload["id"] === threadId)
    .map((e) => e.payload["sentiment"] as number | null);
}

describe("thread sentiment", () => {
  it("has no score before the contact writes", async () => {
    const { thread } = await createThread(t, await t.as(org.users.user), uniquePhone(), "Bonjour, votre rendez-vous est demain.");
    expect(thread.sentiment).toBeNull();
    expect((await threadOf(thread.id)).sentiment).toBeNull();
  });

  it("moves with the contact's texts, and the inbound text's thread event carries the new score", async () => {
    const contact = uniquePhone();
    const threadId = await inbound(contact, "Merci beaucoup, vous êtes super gentils!");
    // Read before opening the thread, which announces a thread.updated of its own.
    const [created] = await announcedScores(threadId);
    expect(created).toBeGreaterThanOrEqual(70);
    expect((await threadOf(threadId)).sentiment).toBe(created);

    await inbound(contact, "This is terrible, nobody called me back and I'm angry");
    const upset = (await announcedScores(threadId)).at(-1);
    expect(upset).toBeLessThanOrEqual(40);
    expect((await threadOf(threadId)).sentiment).toBe(upset);

    // A practical question after the complaint leaves the complaint showing.
    await inbound(contact, "Est-ce que je peux venir jeudi?");
    expect((await threadOf(threadId)).sentiment).toBeLessThanOrEqual(40);
  });

  it("is not moved by the staff's own texts", async () => {
    const contact = uniquePhone();
    const threadId = await inbound(contact, "C'est inacceptable, j'attends depuis une heure");
    const before = (await threadOf(threadId)).sentiment;
    expect(before).toBeLessThanOrEqual(40);
    const res = await t.request({
      method: "POST",
      url: `${API}/threads/${threadId}/messages`,
      token: await t.as(org.users.user),
      payload: { body: "Merci de votre patience, nous sommes vraiment désolés, tout va bien aller!" },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await threadOf(threadId)).sentiment).toBe(before);
  });

  it("forgets texts older than thirty days", async () => {
    const contact = uniquePhone();
    const threadId = await inbound(contact, "Service horrible, je suis furieux");
    expect((await threadOf(threadId)).sentiment).toBeLessThanOrEqual(40);
    await withTenant(t.db.owner, org.orgId, (tx) =>
      sql`update messages set created_at = now() - interval '31 days' where thread_id = ${threadId}`.execute(tx),
    );
    await inbound(contact, "Je serai là à 14h");
    expect((await threadOf(threadId)).sentiment).toBe(55);
  });
});
