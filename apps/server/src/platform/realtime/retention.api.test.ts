import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { EventsPage } from "@relais/shared";
import { createTestApp, type Session, type Tenant, type TestApp } from "../../../test/helpers.ts";
import { withTenant } from "../../db/database.ts";
import { databaseUrlOf, newSigner, record, startNode, TestSocket, type Node } from "./realtime.test-kit.ts";
import { EVENT_RETENTION_MS, EVENTS_PRUNE_TASK, pruneEvents, retentionTasks } from "./retention.ts";

let t: TestApp;
let node: Node;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  node = await startNode(await databaseUrlOf(t), { signer: newSigner() });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await node.close();
  await t.close();
});

/** The database's clock now: what the events' created_at is compared with. */
async function databaseNow(): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(t.db.owner);
  const now = rows[0]?.now;
  if (!now) throw new Error("no clock");
  return now;
}

/** The positions still in the organisation's log, and how far it was pruned. */
async function logOf(orgId: string): Promise<{ positions: number[]; prunedThrough: number }> {
  return withTenant(t.db.app, orgId, async (tx) => {
    const rows = await tx.selectFrom("events").select("position").where("organization_id", "=", orgId).orderBy("position").execute();
    const cursor = await tx.selectFrom("event_cursors").select("pruned_through").where("organization_id", "=", orgId).executeTakeFirst();
    return { positions: rows.map((r) => Number(r.position)), prunedThrough: Number(cursor?.pruned_through ?? 0) };
  });
}

async function eventsPage(session: Session, after: number): Promise<EventsPage> {
  const res = await t.request({ method: "GET", url: `/api/events?after=${String(after)}`, token: session.jwt });
  expect(res.statusCode).toBe(200);
  return res.json<EventsPage>();
}

describe("pruning the real-time log", () => {
  it("deletes every organisation's events created before the cut, keeps the later ones, and marks how far", async () => {
    const [a, b] = [await t.tenant(), await t.tenant()];
    const a1 = await record(t.db, a.orgId, { payload: { n: "a1" } });
    const a2 = await record(t.db, a.orgId, { payload: { n: "a2" } });
    const b1 = await record(t.db, b.orgId, { payload: { n: "b1" } });
    const cut = await databaseNow();
    const a3 = await record(t.db, a.orgId, { payload: { n: "a3" } });

    // Other tenants of this database may have old events too: at least these three go.
    expect(await pruneEvents(t.db.app, cut)).toBeGreaterThanOrEqual(3);
    expect(await logOf(a.orgId)).toEqual({ positions: [a3], prunedThrough: a2 });
    expect(await logOf(b.orgId)).toEqual({ positions: [], prunedThrough: b1 });
    expect(a1).toBeLessThan(a2);
    // Nothing left before the cut: a second run deletes nothing and moves no mark.
    expect(await pruneEvents(t.db.app, cut)).toBe(0);
    expect((await logOf(a.orgId)).prunedThrough).toBe(a2);
  });

  it("works through more events than one batch", async () => {
    const org = await t.tenant();
    const positions: number[] = [];
    for (let i = 0; i < 7; i += 1) positions.push(await record(t.db, org.orgId, { payload: { i } }));
    const cut = await databaseNow();
    expect(await pruneEvents(t.db.app, cut, 2)).toBeGreaterThanOrEqual(7);
    expect(await logOf(org.orgId)).toEqual({ positions: [], prunedThrough: positions.at(-1) });
  });

  it("is the only way to delete events: the application role cannot delete them itself", async () => {
    const org = await t.tenant();
    const position = await record(t.db, org.orgId, { payload: { n: "kept" } });
    // relais_app has no DELETE policy on the log (0002): the statement matches no row.
    const [deleted] = await withTenant(t.db.app, org.orgId, (tx) =>
      tx.deleteFrom("events").where("organization_id", "=", org.orgId).execute(),
    );
    expect(Number(deleted?.numDeletedRows)).toBe(0);
    expect((await logOf(org.orgId)).positions).toEqual([position]);
  });

  it("is on the job worker's crontab (graphile-worker runs each occurrence on one node)", async () => {
    // graphile-worker records each crontab item it schedules; the worker starts with the app.
    await t.app.ready();
    const known = async () =>
      (await sql<{ identifier: string }>`select identifier from graphile_worker._private_known_crontabs`.execute(t.db.owner)).rows;
    for (let i = 0; i < 50 && !(await known()).some((r) => r.identifier === EVENTS_PRUNE_TASK); i += 1) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await known()).map((r) => r.identifier)).toContain(EVENTS_PRUNE_TASK);
  });

  it("runs every hour from the job worker and deletes what is older than the retention", async () => {
    const org = await t.tenant();
    await record(t.db, org.orgId, { payload: { n: "yesterday's" } });
    const task = retentionTasks(t.db.app, { info: () => undefined })[EVENTS_PRUNE_TASK];
    if (!task) throw new Error("no retention task");
    await task({});
    expect((await logOf(org.orgId)).positions).toHaveLength(1);
    // A day and a minute later (only Date is moved: the database keeps its own clock).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + EVENT_RETENTION_MS + 60_000);
    await task({});
    expect((await logOf(org.orgId)).positions).toEqual([]);
  });
});

describe("a reader resuming from a pruned part of the log", () => {
  it("is told to resync, on the socket and on the polling feed; from the mark on, it is replayed as usual", async () => {
    const org: Tenant = await t.tenant();
    // Two people: one polls, the other's socket resumes (one session per person).
    const session = await t.login(org.users.other.email);
    const signedIn = await node.login(org.users.user.email);
    await record(t.db, org.orgId, { payload: { n: "old" } });
    const old = await record(t.db, org.orgId, { payload: { n: "old, too" } });
    const cut = await databaseNow();
    const recent = await record(t.db, org.orgId, { payload: { n: "recent" } });
    await pruneEvents(t.db.app, cut);

    // The polling feed (GET events, GET messaging/v1/polling).
    const fromStart = await eventsPage(session, 0);
    expect(fromStart).toMatchObject({ events: [], resync: true });
    expect(fromStart.position).toBeGreaterThanOrEqual(recent);
    expect(await eventsPage(session, old - 1)).toMatchObject({ events: [], resync: true });
    const fromMark = await eventsPage(session, old);
    expect(fromMark).toMatchObject({ resync: false });
    expect(fromMark.position).toBeGreaterThanOrEqual(recent);
    expect(fromMark.events.map((e) => e.payload["n"])).toEqual(["recent"]);

    // The socket's catch-up.
    const behind = await TestSocket.connect(node.socketUrl, signedIn.jwt, 0);
    sockets.push(behind);
    expect(behind.ready).toMatchObject({ type: "ready", resync: true });
    expect(behind.ready?.position).toBeGreaterThanOrEqual(recent);
    expect(behind.events).toEqual([]);
    const atMark = await TestSocket.connect(node.socketUrl, signedIn.jwt, old);
    sockets.push(atMark);
    expect(atMark.ready).toMatchObject({ type: "ready", resync: false });
    expect(atMark.ready?.position).toBeGreaterThanOrEqual(recent);
    expect(atMark.events.map((e) => e.payload["n"])).toEqual(["recent"]);
  });
});
