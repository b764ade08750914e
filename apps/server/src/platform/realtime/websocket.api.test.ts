import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientOptions } from "ws";
import { REALTIME_CLOSE, type RealtimeEvent, type RealtimeServerMessage } from "@relais/shared";
import { createTestApp, type TestApp } from "../../../test/helpers.ts";
import type { Connection, Outgoing } from "./connection.ts";
import { OrgChannel } from "./org-channel.ts";
import { databaseUrlOf, newSigner, record, recordTogether, sleep, startNode, TestSocket, type Node } from "./realtime.test-kit.ts";

let t: TestApp;
/** A node with the production timings, but a short auth timeout. */
let node: Node;
/** A node with fast heartbeat and sweep and a tiny catch-up bound. */
let quick: Node;
const open: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const url = await databaseUrlOf(t);
  const signer = newSigner();
  node = await startNode(url, { signer, realtime: { authTimeoutMs: 300 } });
  quick = await startNode(url, { signer, realtime: { authTimeoutMs: 300, heartbeatMs: 100, sweepMs: 150, catchUpLimit: 5 } });
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
  await node.close();
  await quick.close();
  await t.close();
});

async function connect(on: Node, token: string, after?: number): Promise<TestSocket> {
  const socket = await TestSocket.connect(on.socketUrl, token, after);
  open.push(socket);
  return socket;
}

/** A socket that asks for batch frames, as the web app does. */
async function connectBatch(on: Node, token: string, after?: number): Promise<TestSocket> {
  const socket = await TestSocket.connect(on.socketUrl, token, after, { batch: true });
  open.push(socket);
  return socket;
}

async function rawSocket(on: Node, options?: ClientOptions) {
  const socket = await TestSocket.open(on.socketUrl, options);
  open.push(socket);
  return socket;
}

/** The `n` payload field of the events received, in order (markers left out). */
const names = (s: TestSocket) => s.events.map((e) => e.payload["n"]).filter((n) => n !== undefined);

describe("who receives what", () => {
  it("delivers to each socket exactly the events its user may see, and nothing of another organisation", async () => {
    const org = await t.tenant();
    const foreign = await t.tenant();
    const [admin, user, other, stranger] = await Promise.all([
      node.login(org.users.admin.email).then((s) => connect(node, s.jwt)),
      node.login(org.users.user.email).then((s) => connect(node, s.jwt)),
      node.login(org.users.other.email).then((s) => connect(node, s.jwt)),
      node.login(foreign.users.user.email).then((s) => connect(node, s.jwt)),
    ]);

    await record(node.db, org.orgId, { teamId: org.teams.main, payload: { n: "main" } });
    await record(node.db, org.orgId, { teamId: org.teams.second, payload: { n: "second" } });
    await record(node.db, org.orgId, { payload: { n: "everyone" } });
    await record(node.db, org.orgId, { userId: org.users.user.id, payload: { n: "to-user" } });
    await record(node.db, org.orgId, { teamId: org.teams.main, userId: org.users.admin.id, payload: { n: "to-admin-in-main" } });
    await record(node.db, foreign.orgId, { payload: { n: "foreign" } });
    // Events arrive in order: once the marker is in, everything before it has been delivered.
    await record(node.db, org.orgId, { payload: { mark: "end" } });
    await record(node.db, foreign.orgId, { payload: { mark: "end" } });
    await Promise.all([admin, user, other, stranger].map((s) => s.waitForMark("end")));

    expect(names(admin)).toEqual(["main", "second", "everyone", "to-admin-in-main"]);
    expect(names(user)).toEqual(["main", "everyone", "to-user"]);
    expect(names(other)).toEqual(["second", "everyone"]);
    expect(names(stranger)).toEqual(["foreign"]);

    const first = user.events[0] as RealtimeEvent;
    expect(first).toMatchObject({ type: "thread.updated", teamId: org.teams.main, payload: { n: "main" } });
    expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);
    expect(first).not.toHaveProperty("userId");
  });

  it("follows team membership changes without reconnecting", async () => {
    const org = await t.tenant();
    const admin = await node.login(org.users.admin.email);
    const user = await connect(node, (await node.login(org.users.user.email)).jwt);
    const addToSecond = () =>
      node.app.inject({
        method: "POST",
        url: `/api/user-groups/${org.teams.second}/members`,
        headers: { authorization: `Bearer ${admin.jwt}` },
        payload: { userId: org.users.user.id, teamRole: "user" },
      });
    const removeFromSecond = () =>
      node.app.inject({
        method: "DELETE",
        url: `/api/user-groups/${org.teams.second}/members/${org.users.user.id}`,
        headers: { authorization: `Bearer ${admin.jwt}` },
      });

    await record(node.db, org.orgId, { teamId: org.teams.second, payload: { n: "before" } });
    expect((await addToSecond()).statusCode).toBe(200);
    await record(node.db, org.orgId, { teamId: org.teams.second, payload: { n: "while-member" } });
    // Delivered before the removal: the hub filters by membership when it pushes, and a reader
    // may be held a moment behind another transaction in flight (decision 0017).
    await user.waitFor((m) => "payload" in m && m.payload["n"] === "while-member");
    expect((await removeFromSecond()).statusCode).toBe(200);
    await record(node.db, org.orgId, { teamId: org.teams.second, payload: { n: "after" } });
    await record(node.db, org.orgId, { payload: { mark: "end" } });
    await user.waitForMark("end");

    expect(names(user)).toEqual(["while-member"]);
    const membership = user.events.filter((e) => e.type === "team.membership").map((e) => e.payload);
    expect(membership).toEqual([
      { teamId: org.teams.second, change: "added" },
      { teamId: org.teams.second, change: "removed" },
    ]);
  });
});

/** A message as a test names it: an event's `n` or marker, else its type (`ready`, an event without either). */
const nameOf = (m: RealtimeServerMessage) => ("payload" in m ? (m.payload["n"] ?? m.payload["mark"] ?? m.type) : m.type);

/** Each frame of events as the names of its events; `ready` left out. */
const eventFrames = (s: TestSocket) => s.frames.filter((frame) => frame.every((m) => "payload" in m)).map((frame) => frame.map(nameOf));

describe("batch frames (frames=batch)", () => {
  it("gives each socket that asked one frame per read holding just what its user may see; others one frame per event", async () => {
    const org = await t.tenant();
    const [admin, user, other] = await Promise.all([
      node.login(org.users.admin.email).then((s) => connectBatch(node, s.jwt)),
      node.login(org.users.user.email).then((s) => connectBatch(node, s.jwt)),
      node.login(org.users.other.email).then((s) => connect(node, s.jwt)),
    ]);
    // One transaction: its events are committed together and read together.
    await recordTogether(node.db, org.orgId, [
      { teamId: org.teams.main, payload: { n: "main" } },
      { teamId: org.teams.second, payload: { n: "second" } },
      { payload: { n: "everyone" } },
      { userId: org.users.user.id, payload: { n: "to-user" } },
      { payload: { mark: "end" } },
    ]);
    await Promise.all([admin, user, other].map((s) => s.waitForMark("end")));

    expect(eventFrames(admin)).toEqual([["main", "second", "everyone", "end"]]);
    expect(eventFrames(user)).toEqual([["main", "everyone", "to-user", "end"]]);
    expect(eventFrames(other)).toEqual([["second"], ["everyone"], ["end"]]);
    // Positions in order, each event as a single frame would carry it.
    const positions = user.events.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(user.events[0]).toMatchObject({ type: "thread.updated", teamId: org.teams.main, payload: { n: "main" } });
  });

  it("sends a reconnecting socket what it missed in one frame, then ready, then live batches", async () => {
    const org = await t.tenant();
    const session = await node.login(org.users.user.email);
    const first = await connectBatch(node, session.jwt);
    await first.close();
    await record(node.db, org.orgId, { payload: { n: 1 } });
    await record(node.db, org.orgId, { payload: { n: 2 } });
    const again = await connectBatch(node, session.jwt, first.lastPosition);
    await recordTogether(node.db, org.orgId, [{ payload: { n: 3 } }, { payload: { mark: "end" } }]);
    await again.waitForMark("end");
    expect(again.frames.map((frame) => frame.map((m) => ("payload" in m ? (m.payload["n"] ?? m.payload["mark"]) : m.type)))).toEqual([
      [1, 2],
      ["ready"],
      [3, "end"],
    ]);
  });

  it("gives a revoked session's socket what came before its revocation in the same read, then closes it", async () => {
    const org = await t.tenant();
    const revoked = await node.login(org.users.user.email);
    const socket = await connectBatch(node, revoked.jwt);
    const witness = await connectBatch(node, (await node.login(org.users.other.email)).jwt);
    await recordTogether(node.db, org.orgId, [
      { payload: { n: "before" } },
      { type: "session.revoked", userId: org.users.user.id, payload: { sessionId: revoked.sessionId, reason: "logout" } },
      { payload: { n: "after" } },
      { payload: { mark: "end" } },
    ]);
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    expect(eventFrames(socket)).toEqual([["before", "session.revoked"]]);
    // The read is cut at the revocation, for everyone.
    await witness.waitForMark("end");
    expect(eventFrames(witness)).toEqual([["before"], ["after", "end"]]);
  });

  it("applies a membership change at its place in a read: the events after it go by the new teams", async () => {
    const org = await t.tenant();
    const user = await connectBatch(node, (await node.login(org.users.user.email)).jwt);
    await recordTogether(
      node.db,
      org.orgId,
      [
        { teamId: org.teams.second, payload: { n: "before" } },
        { type: "team.membership", userId: org.users.user.id, payload: { teamId: org.teams.second, change: "added" } },
        { teamId: org.teams.second, payload: { n: "after" } },
        { payload: { mark: "end" } },
      ],
      async (tx) => {
        await tx
          .insertInto("team_members")
          .values({ organization_id: org.orgId, team_id: org.teams.second, user_id: org.users.user.id, team_role: "user" })
          .execute();
      },
    );
    await user.waitForMark("end");
    expect(eventFrames(user)).toEqual([["team.membership", "after", "end"]]);
  });
});

describe("reads of an organisation with many sockets", () => {
  it("start at least 10 ms apart with a thousand sockets, each socket getting the events of that time together", async () => {
    const org = await t.tenant();
    const channel = new OrgChannel(org.orgId, node.db.app, node.app.log);
    // Sockets as the channel sees them; the first one notes when each read reached it.
    const reads: { at: number; events: number }[] = [];
    for (let i = 0; i < 1_000; i++) {
      const viewer = { orgId: org.orgId, userId: `user-${i}`, sessionId: `session-${i}`, teamIds: new Set<string>() };
      const push =
        i === 0 ? (events: readonly Outgoing[]) => void reads.push({ at: performance.now(), events: events.length }) : () => undefined;
      channel.connections.add({ viewer, push } as unknown as Connection);
    }
    try {
      await channel.ready;
      // Commits back to back, each announced at once, as the bus would.
      for (let n = 0; n < 20; n++) {
        await record(node.db, org.orgId, { payload: { n } });
        channel.poke();
      }
      while (reads.reduce((sum, r) => sum + r.events, 0) < 20) await sleep(5);
    } finally {
      channel.discard();
      await channel.idle();
    }
    const gaps = reads.slice(1).map((r, i) => r.at - (reads[i]?.at ?? 0));
    // 1 000 sockets × 0.01 ms; a timer may fire up to a millisecond early.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(9);
    expect(reads.length).toBeLessThan(20);
  });
});

describe("resuming", () => {
  it("gives a socket that reconnects with `after` everything it missed, once and in order", async () => {
    const org = await t.tenant();
    const session = await node.login(org.users.user.email);
    const first = await connect(node, session.jwt);
    const p1 = await record(node.db, org.orgId, { payload: { n: 1 } });
    await first.waitFor((m) => "position" in m && m.position === p1);
    first.ws.terminate();
    await first.closed;

    await record(node.db, org.orgId, { payload: { n: 2 } });
    await record(node.db, org.orgId, { teamId: org.teams.second, payload: { n: "not-mine" } });
    await record(node.db, org.orgId, { teamId: org.teams.main, payload: { n: 3 } });
    await record(node.db, org.orgId, { userId: org.users.other.id, payload: { n: "not-mine-either" } });
    const last = await record(node.db, org.orgId, { userId: org.users.user.id, payload: { n: 4 } });

    const again = await connect(node, session.jwt, first.lastPosition);
    expect(names(again)).toEqual([2, 3, 4]);
    // The missed events come before `ready`, which says where the client now stands.
    expect(again.messages.at(-1)).toMatchObject({ type: "ready", resync: false });
    expect(again.ready?.position).toBeGreaterThanOrEqual(last);
    await record(node.db, org.orgId, { payload: { n: 5 } });
    await again.waitFor((m) => "payload" in m && m.payload["n"] === 5);
    expect(names(again)).toEqual([2, 3, 4, 5]);
    const positions = again.events.map((e) => e.position);
    expect(new Set(positions).size).toBe(positions.length);
  });

  it("leaves no gap and no duplicate when events are written while sockets catch up", async () => {
    const org = await t.tenant();
    const session = await node.login(org.users.user.email);
    const TOTAL = 150;
    const writer = (async () => {
      for (let i = 1; i <= TOTAL; i++) await record(node.db, org.orgId, { payload: { i } });
    })();
    // Sockets join at different moments of the burst, each replaying from the start.
    const sockets: TestSocket[] = [];
    for (let k = 0; k < 5; k++) {
      await sleep(15 * k);
      sockets.push(await connect(node, session.jwt, 0));
    }
    await writer;
    for (const socket of sockets) {
      await socket.waitFor((m) => "payload" in m && m.payload["i"] === TOTAL);
      expect(socket.events.map((e) => e.payload["i"])).toEqual(Array.from({ length: TOTAL }, (_, k) => k + 1));
      const positions = socket.events.map((e) => e.position);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
    }
  });

  it("tells a client too far behind, or ahead of the log, to resync", async () => {
    const org = await t.tenant();
    const session = await quick.login(org.users.user.email);
    const positions: number[] = [];
    for (let i = 0; i < 8; i++) positions.push(await record(quick.db, org.orgId, { payload: { i } }));
    const last = positions.at(-1) ?? Infinity;

    const behind = await connect(quick, session.jwt, 0);
    expect(behind.events).toEqual([]);
    expect(behind.ready).toMatchObject({ type: "ready", resync: true });
    expect(behind.ready?.position).toBeGreaterThanOrEqual(last);

    // Ahead of anything the log can hold yet (positions are transaction ids × 4096).
    const ahead = await connect(quick, session.jwt, last + 4096 * 1_000_000);
    expect(ahead.ready).toMatchObject({ type: "ready", resync: true });

    const near = await connect(quick, session.jwt, positions[4]);
    expect(near.events.map((e) => e.position)).toEqual(positions.slice(5));
    expect(near.ready).toMatchObject({ type: "ready", resync: false });
  });
});

describe("authentication", () => {
  it("closes with 4401 a socket that does not authenticate in time", async () => {
    const socket = await rawSocket(node);
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.unauthorized);
  });

  it("closes with 4401 when the first message is not a valid auth message or the token is bad", async () => {
    const org = await t.tenant();
    const good = await node.login(org.users.user.email);
    for (const first of [
      "hello",
      JSON.stringify({ type: "auth" }),
      JSON.stringify({ type: "auth", token: "abc.def.ghi" }),
      JSON.stringify({ type: "auth", token: good.jwt, after: -1 }),
    ]) {
      const socket = await rawSocket(node);
      socket.ws.send(first);
      expect((await socket.closed).code, first).toBe(REALTIME_CLOSE.unauthorized);
    }
  });

  it("closes with 4440 a socket authenticating with a session replaced by a newer sign-in", async () => {
    const org = await t.tenant();
    const older = await node.login(org.users.user.email);
    const newer = await node.login(org.users.user.email);
    const socket = await rawSocket(node);
    socket.send({ type: "auth", token: older.jwt });
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.sessionReplaced);
    expect((await connect(node, newer.jwt)).ready?.type).toBe("ready");
  });

  it("pushes session.revoked and closes with 4440 the open socket of a session replaced meanwhile", async () => {
    const org = await t.tenant();
    const older = await node.login(org.users.user.email);
    const socket = await connect(node, older.jwt);
    await node.login(org.users.user.email);
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.sessionReplaced);
    expect(socket.events.map((e) => [e.type, e.payload])).toEqual([
      ["session.revoked", { sessionId: older.sessionId, reason: "superseded" }],
    ]);
  });

  it.each([{ revokeAll: false }, { revokeAll: true }])(
    "closes with 4401 at once, not at the next sweep, the socket of a session that logged out (%o)",
    async (payload) => {
      const org = await t.tenant();
      // `node` sweeps every 30 s: only the session.revoked event can close the socket this soon.
      const session = await node.login(org.users.user.email);
      const socket = await connect(node, session.jwt);
      const out = await node.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { authorization: `Bearer ${session.jwt}` },
        payload,
      });
      expect(out.statusCode).toBe(200);
      const closed = await Promise.race([socket.closed, sleep(3_000).then(() => null)]);
      expect(closed?.code).toBe(REALTIME_CLOSE.unauthorized);
      expect(socket.events.map((e) => [e.type, e.payload])).toEqual([
        ["session.revoked", { sessionId: session.sessionId, reason: "logout" }],
      ]);
    },
  );

  it("closes with 4401, at the next sweep, the socket of a session ended without an event (a removed row)", async () => {
    const org = await t.tenant();
    const session = await quick.login(org.users.user.email);
    const socket = await connect(quick, session.jwt);
    await t.db.owner.deleteFrom("sessions").where("id", "=", session.sessionId).execute();
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    expect(socket.events).toEqual([]);
  });

  it("sweeps the organisations one after another over the interval, not all at once", async () => {
    const signer = newSigner();
    const spread = await startNode(await databaseUrlOf(t), { signer, realtime: { sweepMs: 300 } });
    const orgs = await Promise.all([t.tenant(), t.tenant(), t.tenant()]);
    const mine = new Set(orgs.map((o) => o.orgId));
    // Only these organisations' channels: the other nodes of this file sweep too.
    const started: { orgId: string; at: number }[] = [];
    const proto = OrgChannel.prototype as unknown as { sweep: (this: OrgChannel) => Promise<void> };
    const sweep = proto.sweep;
    proto.sweep = function (this: OrgChannel) {
      if (mine.has(this.orgId)) started.push({ orgId: this.orgId, at: performance.now() });
      return sweep.call(this);
    };
    // Signed in first (each sign-in is a password hash, slow on a busy machine), then the three
    // sockets opened together, so that their channels start within the same interval.
    const jwts = await Promise.all(orgs.map(async (org) => (await spread.login(org.users.user.email)).jwt));
    const firstSweeps = () => [...new Map(started.map((s) => [s.orgId, s.at] as const).reverse())];
    try {
      await Promise.all(jwts.map((jwt) => connect(spread, jwt)));
      while (firstSweeps().length < 3) await sleep(10);
    } finally {
      proto.sweep = sweep;
      await spread.close();
    }
    // Three channels, 300 ms: due 100 ms apart, so the first round spans 200 ms (timers only fire late).
    const round = firstSweeps()
      .map(([, at]) => at)
      .sort((x, y) => x - y);
    expect(round).toHaveLength(3);
    expect((round[2] ?? 0) - (round[0] ?? 0)).toBeGreaterThanOrEqual(100);
  });
});

describe("heartbeat", () => {
  it("terminates a socket that stops answering pings, and keeps one that answers", async () => {
    const org = await t.tenant();
    const deaf = await quick.login(org.users.user.email);
    const alive = await quick.login(org.users.other.email);
    const silent = await rawSocket(quick, { autoPong: false });
    silent.send({ type: "auth", token: deaf.jwt });
    await silent.waitFor((m) => m.type === "ready");
    const answering = await connect(quick, alive.jwt);
    // Terminated without a close frame: the client sees 1006.
    expect((await silent.closed).code).toBe(1006);
    await sleep(300);
    expect(answering.closedWith).toBeNull();
  });

  it("pings each socket on its own schedule, never every socket of the node in the same instant", async () => {
    const org = await t.tenant();
    const session = await quick.login(org.users.user.email);
    const sockets = await Promise.all(Array.from({ length: 12 }, () => connect(quick, session.jwt)));
    const pings = sockets.map((socket) => {
      const at: number[] = [];
      socket.ws.on("ping", () => at.push(performance.now()));
      return at;
    });
    // The quick node's interval is 100 ms: three or four rounds.
    await sleep(450);
    const firsts = pings.map((at) => at[0] ?? Number.NaN);
    expect(firsts.every(Number.isFinite)).toBe(true);
    // One round for every socket pinged the twelve within a millisecond or two of each other.
    // (That none is pinged again before a whole interval is proven below the network, where
    // arrival times do not jitter: connection-heartbeat.unit.test.ts.)
    expect(Math.max(...firsts) - Math.min(...firsts)).toBeGreaterThan(20);
    // Each keeps being pinged, once per interval or so.
    for (const at of pings) expect(at.length).toBeGreaterThanOrEqual(2);
  });
});

describe("shutdown", () => {
  const presenceOf = (orgId: string, tabId: string) =>
    t.db.owner.selectFrom("call_presence").select("tab_id").where("organization_id", "=", orgId).where("tab_id", "=", tabId).execute();

  it("closing the sockets at shutdown is the server leaving: a tab's presence stays, while a tab that closes drops its own", async () => {
    const org = await t.tenant();
    const leaving = await startNode(await databaseUrlOf(t), { signer: newSigner() });
    try {
      const staying = await connect(leaving, (await leaving.login(org.users.user.email)).jwt);
      staying.send({ type: "presence", tabId: "tab-staying", canAnswer: true });
      await staying.waitFor((m) => m.type === "presence.ok");
      const closing = await connect(leaving, (await leaving.login(org.users.other.email)).jwt);
      closing.send({ type: "presence", tabId: "tab-closing", canAnswer: true });
      await closing.waitFor((m) => m.type === "presence.ok");

      // The person closes their tab: their presence goes.
      await closing.close();
      await expect.poll(() => presenceOf(org.orgId, "tab-closing"), { timeout: 5_000 }).toEqual([]);

      // The server shuts down (its pools still open): the other tab's presence is kept for its next node.
      await leaving.app.close();
      expect((await staying.closed).code).toBe(1001);
      await sleep(500);
      expect(await presenceOf(org.orgId, "tab-staying")).toEqual([{ tab_id: "tab-staying" }]);
    } finally {
      await leaving.db.close();
    }
  });

  it("tabs their people closed just before a shutdown still drop their presence before the pools close", async () => {
    const org = await t.tenant();
    const leaving = await startNode(await databaseUrlOf(t), { signer: newSigner() });
    let releasePool = () => {};
    try {
      const tabs: TestSocket[] = [];
      for (const [i, email] of [org.users.user.email, org.users.other.email].entries()) {
        const socket = await connect(leaving, (await leaving.login(email)).jwt);
        socket.send({ type: "presence", tabId: `tab-closed-${i}`, canAnswer: true });
        await socket.waitFor((m) => m.type === "presence.ok");
        tabs.push(socket);
      }
      // Every pooled connection of the node busy: the close handlers wait for one, as under load.
      const held = new Promise<void>((resolve) => (releasePool = resolve));
      const busy = Array.from({ length: 8 }, () => leaving.db.app.transaction().execute(() => held));
      await sleep(100);
      await Promise.all(tabs.map((tab) => tab.close()));
      await sleep(200);

      // The node shuts down as main.ts does (the app, then the pools) while their handlers wait;
      // the pool frees up a moment later.
      setTimeout(releasePool, 300);
      await leaving.app.close();
      await leaving.db.close();
      await Promise.all(busy);
      for (const i of [0, 1]) expect(await presenceOf(org.orgId, `tab-closed-${i}`)).toEqual([]);
    } finally {
      releasePool();
      await leaving.db.close().catch(() => undefined);
    }
  });
});
