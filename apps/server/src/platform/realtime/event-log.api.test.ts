import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import pg from "pg";
import { createTestApp, type Tenant, type TestApp } from "../../../test/helpers.ts";
import { beforeCommit, createDatabase, withTenant, type Database } from "../../db/database.ts";
import { appUrlFor } from "../../db/app-login.ts";
import { TEST_APP_PASSWORD } from "../../../test/app-password.ts";
import { eventsAfter } from "./event-repo.ts";
import { recordEvent } from "./record-event.ts";
import { afterEventsWritten, databaseUrlOf, sleep } from "./realtime.test-kit.ts";

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

const readAfter = (orgId: string, after: number, limit = 1_000) => withTenant(db.app, orgId, (tx) => eventsAfter(tx, orgId, after, limit));
const randomMs = (max: number) => Math.floor(Math.random() * (max + 1));

/** Resolves when `n` backends of this database wait on a lock. */
async function untilWaitingOnLock(n: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
    `.execute(db.owner);
    if ((rows[0]?.n ?? 0) >= n) return;
    await sleep(10);
  }
  throw new Error("no writer ever waited on the cursor lock");
}

describe("positions in commit order", () => {
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
            await sleep(randomMs(2));
            await recordEvent(tx, orgId, { type: "thread.updated", payload: { writer, i } });
            // Holding the organisation's cursor lock: the other writers queue behind it.
            await sleep(randomMs(1));
          });
        }
      }),
    );
    writing = false;
    await reader;

    const total = WRITERS * EACH;
    expect(seen.map((s) => s.position)).toEqual(Array.from({ length: total }, (_, k) => k + 1));
    const written = new Set(seen.map((s) => `${s.writer}:${s.i}`));
    expect(written.size).toBe(total);
    // Each writer's own events keep their order too.
    for (let w = 0; w < WRITERS; w++) {
      const mine = seen.filter((s) => s.writer === w).map((s) => s.i);
      expect(mine).toEqual(Array.from({ length: EACH }, (_, k) => k));
    }
  });

  it("makes a second writer wait for the first one's commit, where a sequence would let a reader skip a row", async () => {
    const { orgId } = await t.tenant();

    // A sequence-numbered log (the naive design of DESIGN §5), same interleaving: A takes id 1,
    // B takes id 2 and commits, the reader sees 2, then A commits — row 1 is behind the reader
    // for good.
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
    // held before its commit; B cannot even take a position until A commits.
    let releaseA!: () => void;
    const aMayCommit = new Promise<void>((resolve) => (releaseA = resolve));
    let aWrote!: () => void;
    const aHasPosition = new Promise<void>((resolve) => (aWrote = resolve));
    const txA = withTenant(db.app, orgId, async (tx) => {
      await recordEvent(tx, orgId, { type: "thread.updated", payload: { who: "a" } });
      afterEventsWritten(tx, orgId, () => aWrote());
      beforeCommit(tx, () => aMayCommit);
    });
    await aHasPosition;
    let bPosition: number | null = null;
    const txB = withTenant(db.app, orgId, async (tx) => {
      await recordEvent(tx, orgId, { type: "thread.updated", payload: { who: "b" } });
      afterEventsWritten(tx, orgId, (p) => (bPosition = p));
    });
    await untilWaitingOnLock(1);
    expect(bPosition).toBeNull();
    expect(await readAfter(orgId, 0)).toEqual([]);
    releaseA();
    await Promise.all([txA, txB]);
    const rows = await readAfter(orgId, 0);
    expect(rows.map((r) => [r.position, r.payload["who"]])).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
  });

  it("gives a rolled-back writer's position to the next one: positions stay dense", async () => {
    const { orgId } = await t.tenant();
    await expect(
      withTenant(db.app, orgId, async (tx) => {
        await recordEvent(tx, orgId, { type: "thread.updated", payload: { kept: false } });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await withTenant(db.app, orgId, (tx) => recordEvent(tx, orgId, { type: "thread.updated", payload: { kept: true } }));
    const rows = await readAfter(orgId, 0);
    expect(rows.map((r) => [r.position, r.payload["kept"]])).toEqual([[1, true]]);
  });

  it("numbers each organisation on its own", async () => {
    const one = await t.tenant();
    const two = await t.tenant();
    for (const org of [one, two, one]) {
      await withTenant(db.app, org.orgId, (tx) => recordEvent(tx, org.orgId, { type: "thread.updated", payload: {} }));
    }
    expect((await readAfter(one.orgId, 0)).map((r) => r.position)).toEqual([1, 2]);
    expect((await readAfter(two.orgId, 0)).map((r) => r.position)).toEqual([1]);
  });
});

describe("the log as the database keeps it", () => {
  let org: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    org = await t.tenant();
    other = await t.tenant();
    await withTenant(db.app, org.orgId, (tx) => recordEvent(tx, org.orgId, { type: "thread.updated", payload: { secret: "org" } }));
  });

  it("refuses to record outside withTenant, where the commit signal would be lost", async () => {
    await expect(
      db.app.transaction().execute(async (tx) => {
        await sql`select set_config('app.org_id', ${org.orgId}, true)`.execute(tx);
        await recordEvent(tx, org.orgId, { type: "thread.updated", payload: {} });
      }),
    ).rejects.toThrow(/withTenant/);
  });

  it("shows no organisation another's events, even with the organisation filter left out", async () => {
    const rows = await withTenant(db.app, other.orgId, (tx) => tx.selectFrom("events").select(["organization_id", "position"]).execute());
    expect(rows).toEqual([]);
    const cursors = await withTenant(db.app, other.orgId, (tx) => tx.selectFrom("event_cursors").selectAll().execute());
    expect(cursors).toEqual([]);
  });

  it("refuses an event for another organisation than the transaction's", async () => {
    await expect(
      withTenant(db.app, other.orgId, (tx) => recordEvent(tx, org.orgId, { type: "thread.updated", payload: {} })),
    ).rejects.toThrow(/row-level security/);
  });

  it("is append-only for the app role: updates and deletes match no row", async () => {
    const changed = await withTenant(db.app, org.orgId, async (tx) => {
      const updated = await sql`update events set type = 'x' where organization_id = ${org.orgId}`.execute(tx);
      const deleted = await sql`delete from events where organization_id = ${org.orgId}`.execute(tx);
      return Number(updated.numAffectedRows) + Number(deleted.numAffectedRows);
    });
    expect(changed).toBe(0);
    const rows = await readAfter(org.orgId, 0);
    expect(rows.map((r) => [r.type, r.payload["secret"]])).toEqual([["thread.updated", "org"]]);
  });
});
