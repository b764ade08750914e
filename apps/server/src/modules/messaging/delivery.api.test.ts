import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Message, Thread } from "@relais/shared";
import { sql } from "kysely";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import { apiSuite, createTestApp, expectError, setTeamPhone, uniquePhone, type Tenant, type TestApp } from "../../../test/helpers.ts";
import { API, createThread, eventsSeenBy, givePhones, messagesOf, until } from "./messaging-test-kit.ts";
import { upsertInboundThread } from "./repo.ts";
import { SENTIMENT_BEFORE_NEW_TEXT } from "./sentiment.ts";
import { roundTrips, traceWire } from "../../../test/wire-trace.ts";

/** Sending, delivery statuses, inbound texts and the sandbox network. */

const { t, org, other } = apiSuite();
let phones: { main: string; second: string };

beforeAll(async () => {
  phones = await givePhones(t, org);
  await givePhones(t, other);
});

const inbound = (payload: { from: string; to: string; body: string }) =>
  t.request({ method: "POST", url: "/api/sandbox/inbound", payload });

async function messageNow(token: string, threadId: string, messageId: string): Promise<Message | undefined> {
  return (await messagesOf(t, token, threadId)).find((m) => m.id === messageId);
}

describe("sending through the sandbox network", () => {
  it("answers 'sending', then the simulated statuses reach 'delivered' and the phone's outbox", async () => {
    const token = await t.as(org.users.user);
    const contact = uniquePhone();
    const { thread, message } = await createThread(t, token, contact, "Votre rendez-vous est confirmé.");
    expect(message.status).toBe("sending");
    const delivered = await until(async () => {
      const m = await messageNow(token, thread.id, message.id);
      return m?.status === "delivered" ? m : null;
    }, "delivery");
    expect(delivered.carrierMessageId).toMatch(/^SM/);
    const outbox = await t.request({ method: "GET", url: `/api/sandbox/outbox?to=${encodeURIComponent(contact)}` });
    expect(outbox.statusCode, outbox.body).toBe(200);
    expect(outbox.json()).toEqual([
      expect.objectContaining({ from: phones.main, to: contact, body: "Votre rendez-vous est confirmé.", status: "delivered" }),
    ]);
    // Each step announced once to the team: sent, then delivered.
    const updates = (await eventsSeenBy(t, token)).filter((e) => e.type === "message.updated" && e.payload["id"] === message.id);
    expect(updates.map((e) => e.payload["status"])).toEqual(["sent", "delivered"]);
  });

  it("POST threads/{id}/messages answers the message with status sending; `to` must be the contact", async () => {
    const token = await t.as(org.users.user);
    const contact = uniquePhone();
    const { thread } = await createThread(t, token, contact);
    const res = await t.request({
      method: "POST",
      url: `${API}/threads/${thread.id}/messages`,
      token,
      payload: { body: "Suite", to: contact },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ threadId: thread.id, status: "sending", direction: "outbound", body: "Suite", to: contact });
    const wrong = await t.request({
      method: "POST",
      url: `${API}/threads/${thread.id}/messages`,
      token,
      payload: { body: "x", to: uniquePhone() },
    });
    expectError(wrong, 400, "error.add-conversation-number");
    const opened = (await t.request({ method: "GET", url: `${API}/threads/${thread.id}`, token })).json<Thread>();
    expect(opened.lastMessage?.body).toBe("Suite");
  });

  it("pages messages: the 15 latest first, older ones by cursor", async () => {
    const token = await t.as(org.users.user);
    const { thread } = await createThread(t, token, uniquePhone(), "m0");
    for (let i = 1; i < 20; i++) {
      await t.request({ method: "POST", url: `${API}/threads/${thread.id}/messages`, token, payload: { body: `m${i}` } });
    }
    const first = (await t.request({ method: "GET", url: `${API}/threads/${thread.id}/messages`, token })).json();
    expect(first.messages.map((m: Message) => m.body)).toEqual(Array.from({ length: 15 }, (_, i) => `m${19 - i}`));
    const second = (
      await t.request({ method: "GET", url: `${API}/threads/${thread.id}/messages?before=${first.nextCursor}`, token })
    ).json();
    expect(second.messages.map((m: Message) => m.body)).toEqual(["m4", "m3", "m2", "m1", "m0"]);
    expect(second.nextCursor).toBeNull();
  });

  it("the sandbox sends once per idempotency key", async () => {
    const sms = { from: phones.main, to: uniquePhone(), body: "une fois", idempotencyKey: "cle-test-1" };
    const a = await t.carrier.sendSms(sms);
    const b = await t.carrier.sendSms(sms);
    expect(b.carrierMessageId).toBe(a.carrierMessageId);
    expect(t.carrier.outboxFor(sms.to)).toHaveLength(1);
  });
});

describe("inbound texts", () => {
  it("creates the thread in the team owning the number, unread, announced to that team only", async () => {
    const contact = uniquePhone();
    const res = await inbound({ from: contact, to: phones.second, body: "Bonjour, j'ai une question" });
    expect(res.statusCode, res.body).toBe(201);
    const token = await t.as(org.users.other);
    const list = (await t.request({ method: "GET", url: `${API}/threads`, token })).json();
    const thread = list.threads.find((x: Thread) => x.contactPhone === contact);
    expect(thread).toMatchObject({ teamId: org.teams.second, state: "active", attributes: { hasNotification: true } });
    expect(thread.lastMessage).toMatchObject({ direction: "inbound", from: contact, to: phones.second, status: "delivered" });
    expect(list.unread.active).toBeGreaterThanOrEqual(1);
    const seen = await eventsSeenBy(t, token);
    expect(seen.filter((e) => e.type === "thread.created" && e.payload["id"] === thread.id)).toHaveLength(1);
    expect(seen.filter((e) => e.type === "message.created" && e.payload["threadId"] === thread.id)).toHaveLength(1);
    // Not a member of the second team: sees neither event.
    const outsider = await eventsSeenBy(t, await t.as(org.users.user));
    expect(outsider.some((e) => e.payload["id"] === thread.id || e.payload["threadId"] === thread.id)).toBe(false);
    const foreign = await eventsSeenBy(t, await t.as(other.users.admin));
    expect(foreign.some((e) => e.payload["id"] === thread.id)).toBe(false);
  });

  it("reactivates an archived thread and marks it unread", async () => {
    const token = await t.as(org.users.user);
    const contact = uniquePhone();
    const { thread } = await createThread(t, token, contact);
    await t.request({ method: "PUT", url: `${API}/threads/${thread.id}`, token, payload: { state: "inactive" } });
    expect((await t.request({ method: "GET", url: `${API}/threads?state=inactive`, token })).json().unread.inactive).toBe(0);
    expect((await inbound({ from: contact, to: phones.main, body: "Je reviens" })).statusCode).toBe(201);
    const after = (await t.request({ method: "GET", url: `${API}/threads/${thread.id}/messages`, token })).json();
    expect(after.messages[0]).toMatchObject({ direction: "inbound", body: "Je reviens" });
    const list = (await t.request({ method: "GET", url: `${API}/threads`, token })).json();
    expect(list.threads[0]).toMatchObject({ id: thread.id, state: "active", attributes: { hasNotification: true } });
  });

  it("records a text the network delivers twice only once", async () => {
    const contact = uniquePhone();
    const event = { carrierMessageId: `SMdup${Date.now()}`, from: contact, to: phones.main, body: "deux fois?" };
    const first = await t.carrier.receive(event);
    expect(await t.carrier.receive(event)).toEqual({ duplicate: true, carrierMessageId: event.carrierMessageId });
    const threadId = (first as { threadId: string }).threadId;
    expect(await messagesOf(t, await t.as(org.users.user), threadId)).toHaveLength(1);
  });

  it("records a text delivered twice at once only once, the thread pointing at it", async () => {
    const contact = uniquePhone();
    const event = { carrierMessageId: `SMrace${Date.now()}`, from: contact, to: phones.main, body: "en même temps" };
    const answers = await Promise.all([t.carrier.receive(event), t.carrier.receive(event), t.carrier.receive(event)]);
    const recorded = answers.flatMap((r) => ("messageId" in r ? [r] : []));
    expect(recorded).toHaveLength(1);
    expect(answers.filter((r) => "duplicate" in r)).toHaveLength(2);
    const { threadId, messageId } = recorded[0] ?? { threadId: "", messageId: "" };
    const token = await t.as(org.users.user);
    expect((await messagesOf(t, token, threadId)).map((m) => m.id)).toEqual([messageId]);
    const list = (await t.request({ method: "GET", url: `${API}/threads`, token })).json<{ threads: Thread[] }>();
    expect(list.threads.find((x) => x.id === threadId)?.lastMessage).toMatchObject({ id: messageId, body: "en même temps" });
  });

  it("records an inbound text in two round trips: its thread, message, touch and reads together, then its events with the commit", async () => {
    // What crosses the wire, in order, per connection (wire-trace.ts).
    const wire = traceWire();
    const contact = uniquePhone();
    try {
      // An opinion word: the thread's mood moves, so its write goes out too (with the commit).
      expect((await inbound({ from: contact, to: phones.main, body: "Merci beaucoup" })).statusCode).toBe(201);
    } finally {
      wire.stop();
    }
    // The text's transaction is the only one of its organisation meanwhile.
    const opening = `begin; select set_config('app.org_id', '${org.orgId}'`;
    const mine = wire.events.find((e) => e.bytes?.includes(opening))?.connection;
    const ofText = wire.events.filter((e) => e.connection === mine);
    const begin = ofText.findIndex((e) => e.bytes?.includes(opening));
    const commit = ofText.findIndex((e) => e.bytes?.includes("commit;"));
    const end = ofText.findIndex((e, i) => i > commit && e.what === "r");
    const trips = roundTrips(ofText.slice(begin, end + 1)).length;
    expect(trips).toBe(2);
    const thread = await t.db.owner
      .selectFrom("threads")
      .select(["sentiment", "state", "has_notification"])
      .where("organization_id", "=", org.orgId)
      .where("contact_phone", "=", contact)
      .executeTakeFirstOrThrow();
    expect(thread).toMatchObject({ state: "active", has_notification: true });
    expect(thread.sentiment).toBeGreaterThanOrEqual(70);
  });

  it("records an inbound text without locking its organisation's row (decision 0066)", async () => {
    const contact = uniquePhone();
    expect((await inbound({ from: contact, to: phones.main, body: "premier" })).statusCode).toBe(201);
    // FOR UPDATE conflicts with the foreign-key checks' KEY SHARE: a text that still checked its
    // organisation's row would wait here until the holder let go.
    let text: Promise<number> | undefined;
    const first = await withTenant(t.db.owner, org.orgId, async (tx) => {
      await sql`select id from organizations where id = ${org.orgId} for update`.execute(tx);
      text = inbound({ from: contact, to: phones.main, body: "second" }).then((res) => res.statusCode);
      const waited = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 5_000).unref());
      return Promise.race([text, waited]);
    });
    expect(first).toBe(201);
    // Let go of the row either way first, so a text that waited ends too.
    expect(await text).toBe(201);
    const bodies = await t.db.owner
      .selectFrom("messages")
      .select("body")
      .where("organization_id", "=", org.orgId)
      .where("from_phone", "=", contact)
      .orderBy("created_at")
      .execute();
    expect(bodies.map((m) => m.body)).toEqual(["premier", "second"]);
  });

  it("writes an existing thread's row once per text: its upsert locks the row without changing it (decision 0059)", async () => {
    const contact = uniquePhone();
    expect((await inbound({ from: contact, to: phones.main, body: "premier" })).statusCode).toBe(201);
    const where = sql`organization_id = ${org.orgId} and team_id = ${org.teams.main} and contact_phone = ${contact}`;
    const version = async (db: Db | Tx = t.db.owner) =>
      (await sql<{ ctid: string }>`select ctid::text from threads where ${where}`.execute(db)).rows[0]?.ctid;
    const before = await version();
    await withTenant(t.db.app, org.orgId, async (tx) => {
      const thread = await upsertInboundThread(tx, org.orgId, org.teams.main, contact, SENTIMENT_BEFORE_NEW_TEXT);
      expect(thread).toMatchObject({ created: false, recentBodies: ["premier"] });
      // The same row version, as this transaction sees it (no update), but locked against a second text.
      expect(await version(tx)).toBe(before);
      await expect(sql`select 1 from threads where ${where} for update nowait`.execute(t.db.owner)).rejects.toMatchObject({
        code: "55P03",
      });
    });
    // The text's touch: a new version of the row, active, unread, pointing at the new text.
    expect((await inbound({ from: contact, to: phones.main, body: "second" })).statusCode).toBe(201);
    const after = await t.db.owner
      .selectFrom("threads")
      .innerJoin("messages", "messages.id", "threads.last_message_id")
      .select(["threads.state", "threads.has_notification", "messages.body"])
      .where("threads.organization_id", "=", org.orgId)
      .where("threads.contact_phone", "=", contact)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ state: "active", has_notification: true, body: "second" });
    expect(await version()).not.toBe(before);
  });

  it("finds the thread a concurrent first text created while its upsert waited for it", async () => {
    const contact = uniquePhone();
    let commitFirst = () => {};
    const held = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstInserted = () => {};
    const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
    const first = withTenant(t.db.app, org.orgId, async (tx) => {
      const thread = await upsertInboundThread(tx, org.orgId, org.teams.main, contact, SENTIMENT_BEFORE_NEW_TEXT);
      firstInserted();
      await held;
      return thread;
    });
    await inserted;
    const second = withTenant(t.db.app, org.orgId, (tx) =>
      upsertInboundThread(tx, org.orgId, org.teams.main, contact, SENTIMENT_BEFORE_NEW_TEXT),
    );
    // The second waits on the first's uncommitted row; its statement began before the commit.
    await until(async () => {
      const waiting = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%with inserted as%'`.execute(
        t.db.owner,
      );
      return (waiting.rows[0]?.n ?? 0) > 0 || null;
    }, "the second upsert waiting");
    commitFirst();
    const [a, b] = await Promise.all([first, second]);
    expect(a.created).toBe(true);
    expect(b).toMatchObject({ id: a.id, created: false, recentBodies: [] });
  });

  it("follows a clinic number to its new team, the owner being kept in memory (decision 0054)", async () => {
    const { orgId, teams } = await t.tenant();
    const number = uniquePhone();
    const moveTo = (teamId: string, phone: string | null) =>
      withTenant(t.db.app, orgId, (tx) => tx.updateTable("teams").set({ phone_number: phone }).where("id", "=", teamId).execute());
    await moveTo(teams.main, number);
    const teamOf = async (body: string) => {
      const res = await inbound({ from: uniquePhone(), to: number, body });
      if (res.statusCode !== 201) return res.statusCode;
      const row = await t.db.owner
        .selectFrom("messages")
        .innerJoin("threads", "threads.id", "messages.thread_id")
        .select("threads.team_id")
        .where("messages.carrier_message_id", "=", res.json<{ carrierMessageId: string }>().carrierMessageId)
        .executeTakeFirstOrThrow();
      return row.team_id;
    };
    expect(await teamOf("un")).toBe(teams.main);
    expect(await teamOf("deux")).toBe(teams.main);
    // Changed through the app, as staff would: heard with the commit, before the next text.
    await moveTo(teams.main, null);
    await moveTo(teams.second, number);
    expect(await teamOf("trois")).toBe(teams.second);
    await moveTo(teams.second, null);
    expect(await teamOf("quatre")).toBe(404);
    // Changed by hand through the owner pool: heard by the node's listener moments later.
    await setTeamPhone(t, orgId, teams.main, number);
    await until(async () => (await teamOf("cinq")) === teams.main, "the number back on the main team");
  });

  it("answers 404 for a number no team owns and 400 for a number that is not one", async () => {
    expectError(await inbound({ from: uniquePhone(), to: uniquePhone(), body: "perdu" }), 404, "error.not-found");
    expectError(await inbound({ from: "abc", to: phones.main, body: "x" }), 400, "error.phone-invalid");
  });
});

describe("delivery statuses", () => {
  let slow: TestApp;
  let mine: Tenant;
  let token: string;

  beforeAll(async () => {
    // Statuses arrive only when the test sends them.
    slow = await createTestApp({ SANDBOX_DELIVERY_MS: 600_000 });
    mine = await slow.tenant();
    await givePhones(slow, mine);
    token = await slow.as(mine.users.user);
  });
  afterAll(() => slow.close());

  async function sent(): Promise<{ thread: Thread; message: Message; key: string; sid: string }> {
    const { thread, message } = await createThread(slow, token, uniquePhone());
    const entry = await until(async () => slow.carrier.allSent().find((e) => e.idempotencyKey === message.idempotencyKey), "the send");
    // The carrier's id is stored just after the send returns; a callback naming only that id
    // (as some tests send) must not arrive before it.
    await until(async () => (await statusOf(thread.id, message.id)).carrierMessageId === entry.carrierMessageId, "the stored carrier id");
    return { thread, message, key: entry.idempotencyKey, sid: entry.carrierMessageId };
  }
  async function statusOf(threadId: string, id: string) {
    return (await messagesOf(slow, token, threadId)).find((m) => m.id === id) ?? expect.fail("message gone");
  }
  const updatesOf = async (id: string) =>
    (await eventsSeenBy(slow, token)).filter((e) => e.type === "message.updated" && e.payload["id"] === id).map((e) => e.payload["status"]);

  it("never goes backwards: a late 'sent' after 'delivered' changes nothing", async () => {
    const { thread, message, key, sid } = await sent();
    await slow.carrier.callback({ carrierMessageId: sid, idempotencyKey: key, status: "delivered" });
    await slow.carrier.callback({ carrierMessageId: sid, idempotencyKey: key, status: "sent" });
    await slow.carrier.callback({ carrierMessageId: sid, status: "failed", failureReason: "late" });
    expect(await statusOf(thread.id, message.id)).toMatchObject({ status: "delivered", failureReason: null, carrierMessageId: sid });
    expect(await updatesOf(message.id)).toEqual(["delivered"]);
  });

  it("the same status twice changes nothing the second time (one event)", async () => {
    const { thread, message, sid } = await sent();
    // Found by carrier id alone, as a callback without the key would be.
    await slow.carrier.callback({ carrierMessageId: sid, status: "sent" });
    await slow.carrier.callback({ carrierMessageId: sid, status: "sent" });
    expect((await statusOf(thread.id, message.id)).status).toBe("sent");
    expect(await updatesOf(message.id)).toEqual(["sent"]);
  });

  it("retries a failed message as a new attempt; the old attempt's statuses are ignored", async () => {
    const { thread, message, key, sid } = await sent();
    await slow.carrier.callback({ carrierMessageId: sid, idempotencyKey: key, status: "failed", failureReason: "unreachable" });
    expect(await statusOf(thread.id, message.id)).toMatchObject({ status: "failed", failureReason: "unreachable" });
    const retry = await slow.request({ method: "POST", url: `${API}/threads/${thread.id}/messages/${message.id}/retry`, token });
    expect(retry.statusCode, retry.body).toBe(200);
    const retried = retry.json<Message>();
    expect(retried).toMatchObject({ id: message.id, status: "sending", failureReason: null, carrierMessageId: null });
    expect(retried.idempotencyKey).not.toBe(key);
    const entry = await until(async () => slow.carrier.allSent().find((e) => e.idempotencyKey === retried.idempotencyKey), "the resend");
    expect(slow.carrier.outboxFor(message.to)).toHaveLength(2);
    await slow.carrier.callback({ carrierMessageId: sid, idempotencyKey: key, status: "delivered" });
    expect((await statusOf(thread.id, message.id)).status).toBe("sending");
    await slow.carrier.callback({ carrierMessageId: entry.carrierMessageId, idempotencyKey: entry.idempotencyKey, status: "delivered" });
    expect(await statusOf(thread.id, message.id)).toMatchObject({ status: "delivered", carrierMessageId: entry.carrierMessageId });
    // Only a failed outbound message may be retried.
    const again = await slow.request({ method: "POST", url: `${API}/threads/${thread.id}/messages/${message.id}/retry`, token });
    expectError(again, 409, "error.message-not-retryable");
  });

  it("answers 404 to a retry of a message of another thread", async () => {
    const a = await sent();
    const b = await sent();
    const res = await slow.request({ method: "POST", url: `${API}/threads/${a.thread.id}/messages/${b.message.id}/retry`, token });
    expectError(res, 404, "error.not-found");
  });
});

describe("a network that fails", () => {
  it("marks the message failed with a reason when the sandbox draws a failure", async () => {
    const failing = await createTestApp({ SANDBOX_FAILURE_RATE: 1 });
    try {
      const mine = await failing.tenant();
      await givePhones(failing, mine);
      const token = await failing.as(mine.users.user);
      const { thread, message } = await createThread(failing, token);
      const failed = await until(async () => {
        const m = (await messagesOf(failing, token, thread.id)).find((x) => x.id === message.id);
        return m?.status === "failed" ? m : null;
      }, "the failure");
      expect(failed.failureReason).toMatch(/simulated/);
    } finally {
      await failing.close();
    }
  });
});

describe("the sandbox phone routes", () => {
  it("are not served in production without dev tools", async () => {
    const prod = await createTestApp({ NODE_ENV: "production", devTools: false });
    try {
      const res = await prod.request({
        method: "POST",
        url: "/api/sandbox/inbound",
        payload: { from: uniquePhone(), to: uniquePhone(), body: "x" },
      });
      expect(res.statusCode).toBe(404);
      expect((await prod.request({ method: "GET", url: "/api/sandbox/outbox?to=%2B15145550199" })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
