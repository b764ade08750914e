import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import pg from "pg";
import { createClient } from "@redis/client";
import { REALTIME_CLOSE } from "@relais/shared";
import { createTestApp, type TestApp } from "../../../test/helpers.ts";
import { createDatabase, type Database } from "../../db/database.ts";
import { appUrlFor } from "../../db/app-login.ts";
import { ensureBusDatabase } from "../../db/bus-database.ts";
import { TEST_APP_PASSWORD } from "../../../test/app-password.ts";
import { urgently } from "../../db/priority-pool.ts";
import { SIGNAL_TEXT } from "./pg-bus.ts";
import type { TokenSigner } from "../auth/tokens.ts";
import { databaseUrlOf, newSigner, record, sleep, startNode, TestSocket, type Node } from "./realtime.test-kit.ts";

/**
 * Two server processes on one database, each with its own bus: an event committed through one
 * reaches a socket held by the other. The sweep keeps its production period (30 s), far beyond
 * these tests' waits, so only the bus can deliver in time.
 */

let t: TestApp;
let url: string;
let signer: TokenSigner;
/** Pools no bus listens to: what is written through them is never signalled, as if its signal was lost. */
let unsignalled: Database;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await databaseUrlOf(t);
  signer = newSigner();
  unsignalled = createDatabase(url, { appUrl: appUrlFor(url, TEST_APP_PASSWORD), appPoolSize: 2, ownerPoolSize: 1 });
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await unsignalled.close();
  await t.close();
});

async function connect(on: Node, token: string): Promise<TestSocket> {
  const socket = await TestSocket.connect(on.socketUrl, token);
  sockets.push(socket);
  return socket;
}

/** The same checks for either bus. */
function crossNodeChecks(nodes: () => { a: Node; b: Node }) {
  it("delivers an event committed on one node to a socket on the other, both ways", async () => {
    const { a, b } = nodes();
    const org = await t.tenant();
    const onB = await connect(b, (await b.login(org.users.user.email)).jwt);
    const onA = await connect(a, (await a.login(org.users.other.email)).jwt);
    await record(a.db, org.orgId, { payload: { n: "from-a" } });
    await onB.waitFor((m) => "payload" in m && m.payload["n"] === "from-a");
    await record(b.db, org.orgId, { payload: { n: "from-b" } });
    await onA.waitFor((m) => "payload" in m && m.payload["n"] === "from-b");
  });

  it("closes with 4440 a socket on one node when its user signs in through the other", async () => {
    const { a, b } = nodes();
    const org = await t.tenant();
    const first = await b.login(org.users.user.email);
    const onB = await connect(b, first.jwt);
    await a.login(org.users.user.email);
    expect((await onB.closed).code).toBe(REALTIME_CLOSE.sessionReplaced);
    expect(onB.events.map((e) => e.type)).toEqual(["session.revoked"]);
  });
}

describe("PostgreSQL LISTEN/NOTIFY (default)", () => {
  let a: Node;
  let b: Node;
  beforeAll(async () => {
    a = await startNode(url, { signer });
    b = await startNode(url, { signer });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  crossNodeChecks(() => ({ a, b }));

  it("brings urgent work's events to this node's sockets without waiting for the bus (decision 0049)", async () => {
    // A node whose NOTIFYs wait while `held` is set: no signal leaves it meanwhile.
    let held: Promise<void> | null = null;
    const gated = await startNode(url, { signer, beforeSignal: () => held ?? Promise.resolve() });
    let release = () => undefined as void;
    try {
      const org = await t.tenant();
      const onA = await connect(gated, (await gated.login(org.users.user.email)).jwt);
      await record(gated.db, org.orgId, { payload: { n: "warm-up" } });
      await onA.waitFor((m) => "payload" in m && m.payload["n"] === "warm-up");
      held = new Promise<void>((resolve) => (release = resolve));
      await record(gated.db, org.orgId, { payload: { n: "text" } });
      await sleep(300);
      expect(onA.events.map((e) => e.payload["n"])).toEqual(["warm-up"]);
      // A call's change: its commit pokes the node's own channel, which reads urgently — the text's event comes along.
      await urgently(() => record(gated.db, org.orgId, { payload: { n: "call" } }));
      await onA.waitFor((m) => "payload" in m && m.payload["n"] === "call");
      expect(onA.events.map((e) => e.payload["n"])).toEqual(["warm-up", "text", "call"]);
    } finally {
      release();
      await gated.close();
    }
  });

  it("reconnects a dropped LISTEN connection and catches up with what it may have missed", async () => {
    const org = await t.tenant();
    const onB = await connect(b, (await b.login(org.users.user.email)).jwt);
    const listeners = async () =>
      (
        await sql<{ pid: number }>`
          select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN relais_events%' order by pid
        `.execute(t.db.owner)
      ).rows.map((r) => r.pid);
    const before = await listeners();
    expect(before.length).toBeGreaterThanOrEqual(2);
    // An event whose signal is lost (no bus hears these pools): only a resync can bring it.
    await record(unsignalled, org.orgId, { payload: { n: "signal-lost" } });
    await sleep(200);
    expect(onB.events).toEqual([]);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN relais_events%'`.execute(
      t.db.owner,
    );
    await onB.waitFor((m) => "payload" in m && m.payload["n"] === "signal-lost", 10_000);
    // Every node reconnects on its own (random backoff): wait for the last one.
    let after = await listeners();
    for (let i = 0; i < 100 && after.length < before.length; i++) {
      await sleep(50);
      after = await listeners();
    }
    expect(after.length).toBe(before.length);
    expect(after.some((pid) => before.includes(pid))).toBe(false);
    // And the new connection carries live signals again.
    await record(a.db, org.orgId, { payload: { n: "after-outage" } });
    await onB.waitFor((m) => "payload" in m && m.payload["n"] === "after-outage");
  });

  it("sends signals from a connection of their own, opened again when it drops", async () => {
    const org = await t.tenant();
    const onB = await connect(b, (await b.login(org.users.user.email)).jwt);
    await record(a.db, org.orgId, { payload: { n: "first" } });
    await onB.waitFor((m) => "payload" in m && m.payload["n"] === "first");
    // The signal's connections: those that last ran it (one per node).
    const senders = async () =>
      (
        await sql<{ pid: number }>`
          select pid from pg_stat_activity where datname = current_database() and query = ${SIGNAL_TEXT} order by pid`.execute(t.db.owner)
      ).rows;
    const before = await senders();
    expect(before.length).toBeGreaterThanOrEqual(1);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${SIGNAL_TEXT}`.execute(
      t.db.owner,
    );
    await sleep(200);
    // The next signal goes out on a new connection, well before the sweep (30 s) could bring it.
    await record(a.db, org.orgId, { payload: { n: "after-drop" } });
    await onB.waitFor((m) => "payload" in m && m.payload["n"] === "after-drop", 3_000);
    const after = await senders();
    expect(after.some((s) => before.some((old) => old.pid === s.pid))).toBe(false);
  });
});

describe("PostgreSQL LISTEN/NOTIFY on a database of its own (DATABASE_BUS_URL, decision 0067)", () => {
  let a: Node;
  let b: Node;
  let busUrl: string;
  let busName: string;
  beforeAll(async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db.owner);
    busName = `${rows[0]?.name ?? ""}_bus`;
    busUrl = await ensureBusDatabase(url, busName);
    a = await startNode(url, { signer, busUrl });
    b = await startNode(url, { signer, busUrl });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  crossNodeChecks(() => ({ a, b }));

  it("finds the bus's database made once, and answers its address again", async () => {
    expect(await ensureBusDatabase(url, busName)).toBe(busUrl);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_database where datname = ${busName}`.execute(t.db.owner);
    expect(rows[0]?.n).toBe(1);
  });

  it("listens and signals on the bus's database only: no connection of the main database hears a signal", async () => {
    const org = await t.tenant();
    const hear = async (on: string) => {
      const client = new pg.Client({ connectionString: on });
      await client.connect();
      const heard: string[] = [];
      client.on("notification", (msg) => heard.push(msg.payload ?? ""));
      await client.query("LISTEN relais_events");
      return { heard, end: () => client.end() };
    };
    const onBus = await hear(busUrl);
    const onMain = await hear(url);
    try {
      await record(a.db, org.orgId, { payload: { n: "signalled" } });
      for (let i = 0; i < 100 && !onBus.heard.includes(org.orgId); i++) await sleep(20);
      expect(onBus.heard).toContain(org.orgId);
      // Delivered at once to a listener of the same database: nothing came to this one.
      await sleep(200);
      expect(onMain.heard).toEqual([]);
      // Both nodes' listeners and the test's own on the bus's database; only the test's on the main one.
      const { rows } = await sql<{ bus: number; main: number }>`
        select count(*) filter (where datname = ${busName})::int as bus, count(*) filter (where datname = current_database())::int as main
          from pg_stat_activity where query ilike 'LISTEN relais_events%'`.execute(t.db.owner);
      expect(rows[0]).toEqual({ bus: 3, main: 1 });
    } finally {
      await onBus.end();
      await onMain.end();
    }
  });
});

// Runs when REDIS_URL names a Redis server (CI sets REDIS_URL=redis://127.0.0.1:6379).
const redisUrl = process.env["REDIS_URL"];

describe.skipIf(!redisUrl)(`Redis pub/sub (REDIS_URL=${redisUrl ?? "unset: skipped"})`, () => {
  let a: Node;
  let b: Node;
  beforeAll(async () => {
    a = await startNode(url, { signer, redisUrl });
    b = await startNode(url, { signer, redisUrl });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  crossNodeChecks(() => ({ a, b }));

  it("subscribes both nodes to the Redis channel and opens no LISTEN connection", async () => {
    const admin = createClient({ url: redisUrl });
    await admin.connect();
    try {
      const reply = await admin.sendCommand<[string, number]>(["PUBSUB", "NUMSUB", "relais:events"]);
      expect(Number(reply[1])).toBeGreaterThanOrEqual(2);
    } finally {
      admin.destroy();
    }
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN relais_events%'
    `.execute(t.db.owner);
    expect(rows[0]?.n).toBe(0);
  });

  it("re-subscribes after Redis drops the subscriber and catches up with what it may have missed", async () => {
    const org = await t.tenant();
    const onB = await connect(b, (await b.login(org.users.user.email)).jwt);
    const admin = createClient({ url: redisUrl });
    await admin.connect();
    try {
      // An event whose signal is lost (no bus hears these pools): only a resync can bring it.
      await record(unsignalled, org.orgId, { payload: { n: "signal-lost" } });
      await sleep(200);
      expect(onB.events).toEqual([]);
      await admin.sendCommand(["CLIENT", "KILL", "TYPE", "pubsub"]);
      await onB.waitFor((m) => "payload" in m && m.payload["n"] === "signal-lost", 10_000);
      await record(a.db, org.orgId, { payload: { n: "after-outage" } });
      await onB.waitFor((m) => "payload" in m && m.payload["n"] === "after-outage");
    } finally {
      admin.destroy();
    }
  });
});
