import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { inject } from "vitest";
import WebSocket from "ws";
import type { FastifyInstance } from "fastify";
import { realtimeEventBatch, realtimeServerMessage, type EventName, type RealtimeEvent, type RealtimeServerMessage } from "@relais/shared";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { databaseUrl } from "../../db/bus-database.ts";
import { beforeCommit, createDatabase, withTenant, type Database, type Tx } from "../../db/database.ts";
import { appUrlFor } from "../../db/app-login.ts";
import { TEST_APP_PASSWORD } from "../../../test/app-password.ts";
import { createTokenSigner, type TokenSigner } from "../auth/tokens.ts";
import { createMailer } from "../mail.ts";
import { createSandboxCarrier } from "../../carriers/sandbox/sandbox-carrier.ts";
import { createRateLimiter } from "../rate-limit.ts";
import { createLocalFileStore } from "../storage/file-store.ts";
import { createLinkSigner } from "../storage/signed-links.ts";
import { PASSWORD, type TestApp } from "../../../test/helpers.ts";
import type { RealtimeOptions } from "./realtime.ts";
import { POSITIONS_PER_TRANSACTION, recordEvent, type NewEvent } from "./record-event.ts";
import { currentPosition } from "./event-repo.ts";
import { SIGNAL_STATEMENT } from "./pg-bus.ts";

/** Shared by the realtime API tests: server nodes on one test database, and a socket client. */

/** The URL of the database a createTestApp() cloned, so more nodes can share it. */
export async function databaseUrlOf(t: TestApp): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db.owner);
  return databaseUrl(inject("pgServerUrl"), rows[0]?.name ?? "");
}

export type Node = {
  app: FastifyInstance;
  db: Database;
  /** ws://…/api/realtime of this node. */
  socketUrl: string;
  login: (email: string) => Promise<{ jwt: string; sessionId: string }>;
  close: () => Promise<void>;
};

/**
 * One more server process, as far as real time is concerned: its own app, pools and bus, on the
 * given database, listening on a free port. Nodes given the same signer accept each other's tokens.
 */
export async function startNode(
  url: string,
  opts: {
    signer: TokenSigner;
    redisUrl?: string;
    /** The PostgreSQL bus's own database (DATABASE_BUS_URL). */
    busUrl?: string;
    realtime?: Partial<RealtimeOptions>;
    /** Awaited before each NOTIFY the PostgreSQL bus sends: a test holds the node's signals back with it. */
    beforeSignal?: () => Promise<void>;
  },
): Promise<Node> {
  const db = createDatabase(url, { appUrl: appUrlFor(url, TEST_APP_PASSWORD), appPoolSize: 8, ownerPoolSize: 2, busUrl: opts.busUrl });
  if (opts.beforeSignal) gateSignals(db, opts.beforeSignal);
  const env: Record<string, string> = { NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false", DEV_TOOLS: "false" };
  if (opts.redisUrl) env["REDIS_URL"] = opts.redisUrl;
  const config = loadConfig(env);
  const app = await buildApp(
    {
      config,
      db,
      signer: opts.signer,
      // Tests sign in far more often than people do.
      limiter: createRateLimiter(db.app, 1000),
      mailer: createMailer({ from: config.MAIL_FROM, dataDir: "/nonexistent" }),
      carrier: createSandboxCarrier({ deliveryMs: 20, failureRate: 0 }),
      // Real-time tests store no file: a folder that is never created.
      files: createLocalFileStore("/nonexistent/relais-files"),
      mediaLinks: createLinkSigner(randomBytes(32).toString("hex"), "media", 60),
    },
    { logger: false, realtime: opts.realtime ?? {} },
  );
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    app,
    db,
    socketUrl: `ws://127.0.0.1:${port}/api/realtime`,
    login: async (email) => {
      const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username: email, password: PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`login of ${email}: ${res.statusCode} ${res.body}`);
      const jwt = res.json<{ jwt: string }>().jwt;
      const claims = await opts.signer.verify(jwt);
      return { jwt, sessionId: claims?.sessionId ?? "" };
    },
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

export const newSigner = () => createTokenSigner(randomBytes(32).toString("hex"));

/** An event the realtime tests write to exercise the log itself: any name, any payload. */
export type TestEvent = { type?: EventName; teamId?: string | null; userId?: string | null; payload?: Record<string, unknown> };

/**
 * Records `event` in `tx` through recordEvent, as a service would, but with a payload of the
 * test's choosing (default type thread.updated). The event log, its delivery and visibility do not
 * read payloads, so the tests of the log mark their events with small ad-hoc ones; services never
 * get this freedom: recordEvent takes each name's real payload type (EventMap).
 */
export function recordTestEvent(tx: Tx, orgId: string, event: TestEvent): Promise<void> {
  // The one cast: an ad-hoc payload passed off as the name's typed payload.
  const typed = {
    type: event.type ?? "thread.updated",
    teamId: event.teamId ?? null,
    userId: event.userId ?? null,
    payload: event.payload ?? {},
  } as NewEvent<EventName>;
  return recordEvent(tx, orgId, typed);
}

/** Appends one test event (recordTestEvent) in its own withTenant transaction; resolves once readers can see it. */
export async function record(db: Database, orgId: string, event: TestEvent): Promise<number> {
  return recordTogether(db, orgId, [event]);
}

/**
 * Appends test events in one transaction, so that a reader meets them all in one read (its
 * sockets get them together); `alsoInTx` writes more in it first. Resolves once readers can see
 * them, with the last one's position.
 */
export async function recordTogether(
  db: Database,
  orgId: string,
  events: TestEvent[],
  alsoInTx?: (tx: Tx) => Promise<void>,
): Promise<number> {
  let position = 0;
  await withTenant(db.app, orgId, async (tx) => {
    await alsoInTx?.(tx);
    for (const event of events) await recordTestEvent(tx, orgId, event);
    afterEventsWritten(tx, orgId, (p) => (position = p));
  });
  // Readable once every transaction that began before it has ended (decision 0017); other test
  // files share the PostgreSQL server, so that may take a moment. Tests then read it at once.
  while ((await withTenant(db.app, orgId, (tx) => currentPosition(tx))) < position) await sleep(5);
  return position;
}

/**
 * Hands `take` the position of the transaction's last event of `orgId`, read once its events
 * are written, just before the commit (the transaction sees its own rows).
 */
export function afterEventsWritten(tx: Tx, orgId: string, take: (position: number) => void): void {
  beforeCommit(tx, async (t) => {
    const row = await t
      .selectFrom("events")
      .select((eb) => eb.fn.max("position").as("last"))
      .where("organization_id", "=", orgId)
      .where(sql<boolean>`position >= pg_current_xact_id()::text::bigint * ${POSITIONS_PER_TRANSACTION}::bigint`)
      .executeTakeFirstOrThrow();
    take(Number(row.last));
  });
}

type Closed = { code: number; reason: string };

/**
 * A WebSocket client that keeps every message (validated against the shared wire schema), and
 * each frame's messages: one, or a batch's events (`frames=batch`).
 */
export class TestSocket {
  readonly messages: RealtimeServerMessage[] = [];
  readonly frames: RealtimeServerMessage[][] = [];
  readonly closed: Promise<Closed>;
  closedWith: Closed | null = null;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data: Buffer) => {
      const json: unknown = JSON.parse(data.toString("utf8"));
      const frame = Array.isArray(json) ? realtimeEventBatch.parse(json) : [realtimeServerMessage.parse(json)];
      this.frames.push(frame);
      this.messages.push(...frame);
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on("close", (code, reason) => {
        this.closedWith = { code, reason: reason.toString() };
        resolve(this.closedWith);
        for (const wake of this.waiters) wake();
      });
    });
  }

  static async open(url: string, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, options);
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return socket;
  }

  /** Opens, authenticates, and waits for `ready`; `batch`: asks for batch frames, as the web app does. */
  static async connect(url: string, token: string, after?: number, { batch = false } = {}): Promise<TestSocket> {
    const socket = await TestSocket.open(batch ? `${url}?frames=batch` : url);
    socket.send({ type: "auth", token, ...(after === undefined ? {} : { after }) });
    await socket.waitFor((m) => m.type === "ready");
    return socket;
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  get ready(): Extract<RealtimeServerMessage, { type: "ready" }> | undefined {
    return this.messages.find((m): m is Extract<RealtimeServerMessage, { type: "ready" }> => m.type === "ready");
  }

  /** The events received so far (everything but `ready`). */
  get events(): RealtimeEvent[] {
    return this.messages.filter((m): m is RealtimeEvent => "payload" in m);
  }

  /** The highest position this client has been brought to: resume from here. */
  get lastPosition(): number {
    return Math.max(this.ready?.position ?? 0, ...this.events.map((e) => e.position));
  }

  /**
   * Resolves with the first message matching, already received or to come; waits longer than
   * the 7 s a reader may be held behind a long transaction of the same database (decision 0017;
   * other test files' databases no longer hold it, decision 0028).
   */
  async waitFor(match: (m: RealtimeServerMessage) => boolean, timeoutMs = 12_000): Promise<RealtimeServerMessage> {
    const found = () => this.messages.find(match);
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = found();
        if (hit) {
          done();
          resolve(hit);
        } else if (this.closedWith) {
          done();
          reject(new Error(`socket closed (${this.closedWith.code}) before the message came`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Waits for an event carrying `payload.mark === mark` (a marker written after what a test checks). */
  waitForMark(mark: string, timeoutMs?: number) {
    return this.waitFor((m) => "payload" in m && m.payload["mark"] === mark, timeoutMs);
  }

  /** Closes and waits until closed. */
  async close(): Promise<void> {
    if (!this.closedWith) {
      this.ws.close();
      await this.closed;
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Makes every NOTIFY of the PostgreSQL bus on `db` wait for `before` (the bus sends on a connection of its own). */
function gateSignals(db: Database, before: () => Promise<void>): void {
  const open = db.busClient;
  db.busClient = () => {
    const client = open();
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as { query: typeof query }).query = async (...args) => {
      const [config] = args;
      if (typeof config === "object" && config !== null && (config as { name?: unknown }).name === SIGNAL_STATEMENT) await before();
      return query(...args);
    };
    return client;
  };
}
