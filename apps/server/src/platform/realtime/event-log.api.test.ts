import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import pg from "pg";
import { createTestApp, type Tenant, type TestApp } from "../../../test/helpers.ts";
import { beforeCommit, createDatabase, withTenant, type Database } from "../../db/database.ts";
import { appUrlFor } from "../../db/app-login.ts";
import { TEST_APP_PASSWORD } from "../../../test/app-password.ts";
import { currentPosition, PASS_AFTER_MS, readEventsAfter } from "./event-repo.ts";
import { afterEventsWritten, databaseUrlOf, recordTestEvent, sleep } from "./realtime.test-kit.ts";
import { traceWire } from "../../../test/wire-trace.ts";

let t: TestApp;
let url: string;
/** Pools of its own, big enough for eight writers and a reader at once. */
let db: Database;

beforeAll(async () => {
  t = await createTestApp();
  url = await databaseUrlOf(t);
  db = createDatabase(url, { appUrl: appUrlFor(url, TEST_APP_PASSWORD), appPoolSize: 12, ownerPoolSize: 2 });
});
afterAll(async () => {
  await db.close();
  await t.close();
});

/** The hub's read (readEventsAfter), with each payload parsed for the assertions. */
const hubRead = async (orgId: string, after: number, limit: number) => {
  const read = await readEventsAfter(db.app, orgId, after, limit);
  return {
    held: read.held,
    events: read.events.map(({ payloadJson, ...e }) => ({ ...e, payload: JSON.parse(payloadJson) as Record<string, unknown> })),
  };
};
const readAfter = async (orgId: string, after: number, limit = 1_000) => (await hubRead(orgId, after, limit)).events;
/**
 * Resolves once readers' mark has passed every transaction id handed out so far: what committed
 * before the call is then all readable (other test files share the PostgreSQL server, and their
 * open transactions hold readers back for a moment).
 */
async function settled(): Promise<void> {
  const { rows } = await sql<{ next: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as next`.execute(db.owner);
  const upTo = Number(rows[0]?.next) * 4096 - 1;
  while ((await withTenant(db.app, randomUUID(), (tx) => currentPosition(tx))) < upTo) await sleep(5);
}
const readSettled = async (orgId: string, after: number) => {
  await settled();
  return readAfter(orgId, after);
};
const randomMs = (max: number) => Math.floor(Math.random() * (max + 1));

describe("positions no resuming reader can skip", () => {
  it("gives a reader resuming from its last position every event of 8 concurrent writers once, in order", async () => {
    const { orgId } = await t.tenant();
    const WRITERS = 8;
    const EACH = 200;
    let writing = true;
    const seen: { position: number; writer: number; i: number }[] = [];

    // The reader does what every node does: "everything after the last position I saw", again
    // and again while the writers run, with random pauses inside their transactions.
    const reader = (async () => {
      let last = 0;
      for (;;) {
        const finalRead = !writing;
        const rows = await readAfter(orgId, last);
        for (const r of rows) {
          seen.push({ position: r.position, writer: Number(r.payload["writer"]), i: Number(r.payload["i"]) });
          last = r.position;
        }
        if (finalRead && rows.length === 0) return;
        await sleep(randomMs(3));
      }
    })();
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        for (let i = 0; i < EACH; i++) {
          await withTenant(db.app, orgId, async (tx) => {
            // As a service does: it writes first (the transaction takes its id, hence its
            // events' position, here), works a while, then records and commits — so positions
            // are taken in one order and committed in another.
            await sql`select pg_current_xact_id()`.execute(tx);
            await sleep(randomMs(2));
            await recordTestEvent(tx, orgId, { payload: { writer, i } });
            await sleep(randomMs(1));
          });
        }
      }),
    );
    await settled();
    writing = false;
    await reader;

    const total = WRITERS * EACH;
    const positions = seen.map((s) => s.position);
    expect(new Set(seen.map((s) => `${s.writer}:${s.i}`)).size).toBe(total);
    expect(seen).toHaveLength(total);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    // Each writer's own events keep their order too.
    for (let w = 0; w < WRITERS; w++) {
      const mine = seen.filter((s) => s.writer === w).map((s) => s.i);
      expect(mine).toEqual(Array.from({ length: EACH }, (_, k) => k));
    }
  });

  it("lets a second writer commit while the first is open, and shows neither until the first is done", async () => {
    const { orgId } = await t.tenant();

    // A sequence-numbered log (the naive design of DESIGN §5): A takes id 1, B takes id 2 and
    // commits, the reader sees 2, then A commits — row 1 is behind the reader for good.
    await sql`create table naive_log (id bigserial primary key, note text)`.execute(db.owner);
    const a = new pg.Client({ connectionString: url });
    const b = new pg.Client({ connectionString: url });
    await a.connect();
    await b.connect();
    try {
      await a.query("begin");
      await a.query("insert into naive_log (note) values ('a')");
      await b.query("begin");
      await b.query("insert into naive_log (note) values ('b')");
      await b.query("commit");
      const first = await sql<{ id: number }>`select id from naive_log where id > 0 order by id`.execute(db.owner);
      expect(first.rows.map((r) => r.id)).toEqual([2]);
      await a.query("commit");
      const resumed = await sql<{ id: number }>`select id from naive_log where id > 2 order by id`.execute(db.owner);
      expect(resumed.rows).toEqual([]);
      const all = await sql<{ id: number }>`select id from naive_log order by id`.execute(db.owner);
      expect(all.rows.map((r) => r.id)).toEqual([1, 2]);
    } finally {
      await a.end();
      await b.end();
    }

    // The event log, same interleaving: A's events are written (its position taken) and A is
    // held before its commit; B records, writes and COMMITS meanwhile (no lock between them),
    // but the reader sees nothing past A's position until A is done.
    let releaseA!: () => void;
    const aMayCommit = new Promise<void>((resolve) => (releaseA = resolve));
    let aWrote!: () => void;
    const aHasPosition = new Promise<void>((resolve) => (aWrote = resolve));
    let aPosition = 0;
    const txA = withTenant(db.app, orgId, async (tx) => {
      await recordTestEvent(tx, orgId, { payload: { who: "a" } });
      afterEventsWritten(tx, orgId, (p) => {
        aPosition = p;
        aWrote();
      });
      beforeCommit(tx, () => aMayCommit);
    });
    await aHasPosition;
    let bPosition = 0;
    await withTenant(db.app, orgId, async (tx) => {
      await recordTestEvent(tx, orgId, { payload: { who: "b" } });
      afterEventsWritten(tx, orgId, (p) => (bPosition = p));
    });
    expect(bPosition).toBeGreaterThan(aPosition);
    expect(await readAfter(orgId, 0)).toEqual([]);
    releaseA();
    await txA;
    const rows = await readSettled(orgId, 0);
    expect(rows.map((r) => [r.position, r.payload["who"]])).toEqual([
      [aPosition, "a"],
      [bPosition, "b"],
    ]);
  });

  it("never shows a rolled-back writer's events", async () => {
    const { orgId } = await t.tenant();
    await expect(
      withTenant(db.app, orgId, async (tx) => {
        await recordTestEvent(tx, orgId, { payload: { kept: false } });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await withTenant(db.app, orgId, (tx) => recordTestEvent(tx, orgId, { payload: { kept: true } }));
    const rows = await readSettled(orgId, 0);
    expect(rows.map((r) => r.payload["kept"])).toEqual([true]);
  });

  it("keeps each organisation's events apart, each in commit order", async () => {
    const one = await t.tenant();
    const two = await t.tenant();
    for (const [k, org] of [one, two, one].entries()) {
      await withTenant(db.app, org.orgId, (tx) => recordTestEvent(tx, org.orgId, { payload: { k } }));
    }
    const ofOne = await readSettled(one.orgId, 0);
    expect(ofOne.map((r) => r.payload["k"])).toEqual([0, 2]);
    expect(ofOne[0]!.position).toBeLessThan(ofOne[1]!.position);
    expect((await readAfter(two.orgId, 0)).map((r) => r.payload["k"])).toEqual([1]);
  });

  it("holds readers behind a transaction that stays open, and delivers as soon as it ends", async () => {
    const busy = await t.tenant();
    const quiet = await t.tenant();
    // A transaction of another organisation that has written something and is still open.
    const open = new pg.Client({ connectionString: url });
    await open.connect();
    try {
      await open.query("begin");
      await open.query("select pg_current_xact_id()");
      await withTenant(db.app, quiet.orgId, (tx) => recordTestEvent(tx, quiet.orgId, { payload: {} }));
      const held = await hubRead(quiet.orgId, 0, 10);
      expect(held).toEqual({ events: [], held: true });
      await open.query("commit");
      expect(await readSettled(quiet.orgId, 0)).toHaveLength(1);
      expect(await readAfter(busy.orgId, 0)).toEqual([]);
    } finally {
      await open.end();
    }
  });

  it("is not held behind a transaction of another database of the same server", async () => {
    const quiet = await t.tenant();
    // Another database's open transaction with an id: a report of another application, another test file.
    const elsewhere = new URL(url);
    elsewhere.pathname = "/postgres";
    const other = new pg.Client({ connectionString: elsewhere.toString() });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_current_xact_id()");
      await withTenant(db.app, quiet.orgId, (tx) => recordTestEvent(tx, quiet.orgId, { payload: { n: 2 } }));
      const read = await hubRead(quiet.orgId, 0, 10);
      expect(read.held).toBe(false);
      expect(read.events.map((e) => e.payload["n"])).toEqual([2]);
    } finally {
      await other.query("rollback");
      await other.end();
    }
  });

  it("reads the other databases' activity only when a transaction in flight holds the read (migration 0035)", async () => {
    const quiet = await t.tenant();
    await withTenant(db.app, quiet.orgId, (tx) => recordTestEvent(tx, quiet.orgId, { payload: { n: 1 } }));
    // Every transaction open elsewhere until now has ended or is known to be another database's.
    await settled();
    // A pool of its own, traced from its first statement: each statement it prepares is on the wire.
    const fresh = createDatabase(url, { appUrl: appUrlFor(url, TEST_APP_PASSWORD), appPoolSize: 1, ownerPoolSize: 1 });
    const wire = traceWire();
    const sent = () => wire.events.length;
    let open: pg.Client | undefined;
    try {
      const quietRead = await readEventsAfter(fresh.app, quiet.orgId, 0, 10);
      expect(quietRead.held).toBe(false);
      const between = sent();
      // Held by a transaction of this database that is still open: read again, with the activity.
      open = new pg.Client({ connectionString: url });
      await open.connect();
      await open.query("begin");
      await open.query("select pg_current_xact_id()");
      await withTenant(db.app, quiet.orgId, (tx) => recordTestEvent(tx, quiet.orgId, { payload: { n: 2 } }));
      const heldRead = await readEventsAfter(fresh.app, quiet.orgId, 0, 10);
      expect(heldRead.held).toBe(true);
      // Each read prepared under a name on the fresh pool, then bound by that name with the
      // organisation (the other binds with it are the writes, on the suite's pool).
      const variant = new Map<string, string>();
      for (const e of wire.events) {
        const parsed = /(relais_[0-9a-f]+)\0select \* from relais_read_events\(\$1::uuid, \$2::bigint, \$3::int, (true|false)\)/.exec(
          e.bytes ?? "",
        );
        if (parsed?.[1] && parsed[2]) variant.set(parsed[1], parsed[2]);
      }
      const asked = (from: number, to: number) =>
        wire.events.slice(from, to).flatMap((e) => {
          const bound = e.bytes?.startsWith("B") && e.bytes.includes(quiet.orgId) ? /\0(relais_[0-9a-f]+)\0/.exec(e.bytes)?.[1] : undefined;
          return bound && variant.has(bound) ? [variant.get(bound)] : [];
        });
      expect(asked(0, between)).toEqual(["false"]);
      expect(asked(between, sent())).toEqual(["false", "true"]);
    } finally {
      wire.stop();
      await open?.query("rollback");
      await open?.end();
      await fresh.close();
    }
  });

  it("passes over a transaction open too long, which can then no longer commit events", { timeout: PASS_AFTER_MS + 15_000 }, async () => {
    const slow = await t.tenant();
    const quiet = await t.tenant();
    // An import, say: one long transaction that took its id at once.
    const long = new pg.Client({ connectionString: url });
    await long.connect();
    try {
      await long.query("begin");
      await long.query("select pg_current_xact_id()");
      await long.query("select set_config('app.org_id', $1, true)", [slow.orgId]);
      const started = performance.now();
      await withTenant(db.app, quiet.orgId, (tx) => recordTestEvent(tx, quiet.orgId, { payload: { n: 1 } }));
      // Held at first, delivered once the long one is passed over: after PASS_AFTER_MS, not never.
      let rows = await readAfter(quiet.orgId, 0);
      expect(rows).toEqual([]);
      while (rows.length === 0 && performance.now() - started < PASS_AFTER_MS + 5_000) {
        await sleep(100);
        rows = await readAfter(quiet.orgId, 0);
      }
      expect(rows.map((r) => r.payload["n"])).toEqual([1]);
      expect(performance.now() - started).toBeGreaterThanOrEqual(PASS_AFTER_MS - 100);
      // Its events would now land behind readers that passed it: its commit is refused.
      await long.query(
        "insert into events (organization_id, position, type, payload) values ($1, pg_current_xact_id()::text::bigint * 4096, 'thread.updated', '{}')",
        [slow.orgId],
      );
      await expect(long.query("commit")).rejects.toMatchObject({ code: "40001" });
      expect(await readAfter(slow.orgId, 0)).toEqual([]);
    } finally {
      await long.end();
    }
  });
});

describe("the log as the database keeps it", () => {
  let org: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    org = await t.tenant();
    other = await t.tenant();
    await withTenant(db.app, org.orgId, (tx) => recordTestEvent(tx, org.orgId, { type: "thread.updated", payload: { secret: "org" } }));
  });

  it("refuses to record outside withTenant, where the commit signal would be lost", async () => {
    await expect(
      db.app.transaction().execute(async (tx) => {
        await sql`select set_config('app.org_id', ${org.orgId}, true)`.execute(tx);
        await recordTestEvent(tx, org.orgId, { payload: {} });
      }),
    ).rejects.toThrow(/withTenant/);
  });

  it("shows no organisation another's events, even with the organisation filter left out", async () => {
    const rows = await withTenant(db.app, other.orgId, (tx) => tx.selectFrom("events").select(["organization_id", "position"]).execute());
    expect(rows).toEqual([]);
  });

  it("refuses an event for another organisation than the transaction's", async () => {
    await expect(withTenant(db.app, other.orgId, (tx) => recordTestEvent(tx, org.orgId, { payload: {} }))).rejects.toThrow(
      /row-level security/,
    );
  });

  it("is read through relais_read_events, whose organisation key ends with the read (decision 0061)", async () => {
    // One connection, so that the statements after the read meet whatever it left behind.
    const single = createDatabase(url, { appUrl: appUrlFor(url, TEST_APP_PASSWORD), appPoolSize: 1, ownerPoolSize: 1 });
    try {
      await settled();
      const read = await readEventsAfter(single.app, org.orgId, 0, 100);
      expect(read.events.map((e) => [e.type, JSON.parse(e.payloadJson)])).toEqual([["thread.updated", { secret: "org" }]]);
      const { rows } = await sql<{ key: string | null }>`select current_setting('app.org_id', true) as key`.execute(single.app);
      expect(rows[0]?.key ?? "").toBe("");
      expect((await sql`select position from events`.execute(single.app)).rows).toEqual([]);
      expect((await readEventsAfter(single.app, other.orgId, 0, 100)).events).toEqual([]);
    } finally {
      await single.close();
    }
  });

  it("takes the log's snapshot from the calling statement: relais_log_snapshot is stable, not volatile (migration 0032)", async () => {
    // A volatile function would take a snapshot of its own, later than the statement's: the mark
    // it gives could then pass an event that the statement reading the events did not see.
    const { rows } = await sql<{ own: string; snap: string; volatility: string }>`
      select pg_current_snapshot()::text as own, relais_log_snapshot() as snap, p.provolatile as volatility
      from pg_proc p where p.proname = 'relais_log_snapshot'`.execute(db.app);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.volatility).toBe("s");
    expect(rows[0]?.snap.split("|")[0]).toBe(rows[0]?.own);
  });

  it("refuses to read the log inside a transaction, where the function's key would outlive the read", async () => {
    await expect(withTenant(db.app, other.orgId, (tx) => readEventsAfter(tx, org.orgId, 0, 10))).rejects.toThrow(/not in a transaction/);
  });

  it("is append-only for the app role: updates and deletes match no row", async () => {
    const changed = await withTenant(db.app, org.orgId, async (tx) => {
      const updated = await sql`update events set type = 'x' where organization_id = ${org.orgId}`.execute(tx);
      const deleted = await sql`delete from events where organization_id = ${org.orgId}`.execute(tx);
      return Number(updated.numAffectedRows) + Number(deleted.numAffectedRows);
    });
    expect(changed).toBe(0);
    const rows = await readSettled(org.orgId, 0);
    expect(rows.map((r) => [r.type, r.payload["secret"]])).toEqual([["thread.updated", "org"]]);
  });
});
