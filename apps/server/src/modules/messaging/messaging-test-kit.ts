import { expect } from "vitest";
import { sql } from "kysely";
import type { Message, Thread } from "@relais/shared";
import { POSITIONS_PER_TRANSACTION } from "../../platform/realtime/record-event.ts";
import { setTeamPhone, uniquePhone, type Tenant, type TestApp } from "../../../test/helpers.ts";

/** Shared steps of the messaging API tests. */

export const API = "/api/messaging/v1";

/** Gives both teams of a tenant a number to text from; answers them. */
export async function givePhones(t: TestApp, org: Tenant): Promise<{ main: string; second: string }> {
  const phones = { main: uniquePhone(), second: uniquePhone() };
  await setTeamPhone(t, org.orgId, org.teams.main, phones.main);
  await setTeamPhone(t, org.orgId, org.teams.second, phones.second);
  return phones;
}

export async function createThread(
  t: TestApp,
  token: string,
  to = uniquePhone(),
  body = "Bonjour",
): Promise<{ thread: Thread; message: Message }> {
  const res = await t.request({ method: "POST", url: `${API}/threads`, token, payload: { to, body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Polls `probe` until it answers something truthy (deliveries are asynchronous). */
export async function until<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function messagesOf(t: TestApp, token: string, threadId: string): Promise<Message[]> {
  const res = await t.request({ method: "GET", url: `${API}/threads/${threadId}/messages?limit=200`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ messages: Message[] }>().messages;
}

/** The events a caller may see (GET /api/events), all of them. */
export async function eventsSeenBy(
  t: TestApp,
  token: string,
): Promise<{ type: string; teamId: string | null; payload: Record<string, unknown> }[]> {
  // Readers see an event once every transaction that began before it has ended (decision 0017):
  // wait until the log's mark has passed every transaction id handed out so far.
  const { rows } = await sql<{ next: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as next`.execute(t.db.owner);
  const upTo = Number(rows[0]?.next ?? 0) * POSITIONS_PER_TRANSACTION - 1;
  // The mark is the server's oldest transaction in flight, whatever its database: another test
  // file's long transaction holds it back until readers pass over it (7 s, decision 0017).
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await t.request({ method: "GET", url: "/api/events?after=0&limit=500", token });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ position: number; events: { type: string; teamId: string | null; payload: Record<string, unknown> }[] }>();
    if (page.position >= upTo || Date.now() > deadline) return page.events;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
