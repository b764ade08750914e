import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, inject } from "vitest";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { isMessageId, toE164, type LoginResponse, type OrganizationOptions, type Role, type TeamRole } from "@relais/shared";
import { buildApp } from "../src/app.ts";
import type { AppDeps } from "../src/app-deps.ts";
import { loadConfig } from "../src/config.ts";
import { createDatabase, withTenant, type Database } from "../src/db/database.ts";
import { appUrlFor } from "../src/db/app-login.ts";
import { TEST_APP_PASSWORD } from "./app-password.ts";
import { hashPassword } from "../src/platform/auth/passwords.ts";
import { createTokenSigner, type TokenSigner } from "../src/platform/auth/tokens.ts";
import { createMailer, type OutgoingMail } from "../src/platform/mail.ts";
import { createRateLimiter } from "../src/platform/rate-limit.ts";
import { createLocalFileStore, type FileStore } from "../src/platform/storage/file-store.ts";
import { createLinkSigner, MEDIA_LINK_TTL_SECONDS, type LinkSigner } from "../src/platform/storage/signed-links.ts";
import { createSandboxCarrier, type SandboxCarrier } from "../src/carriers/sandbox/sandbox-carrier.ts";
import type { Carrier } from "../src/carriers/carrier.ts";
import { insertOrganization, insertTeam, insertUser } from "../src/seed/builders.ts";
import type { MediaDeps } from "../src/modules/messaging/index.ts";

export const PASSWORD = "Secret!2026";

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh database cloned from the migrated template, for one test file. */
async function cloneDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = inject("pgServerUrl");
  const template = inject("templateDatabase");
  const name = `${template}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  return {
    url: withDatabase(server, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type Session = LoginResponse & { cookie: string };

export type TestUser = { id: string; email: string; role: Role };

export type Tenant = {
  orgId: string;
  teams: { main: string; second: string };
  /** admin: team admin of both; user: user of main; other: user of second; one of each other role. */
  users: Record<"admin" | "user" | "other" | "superAdmin" | "devops" | "marketing", TestUser>;
};

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  /** The owner's URL of this app's own database, for a test that needs a pool of its own. */
  databaseUrl: string;
  mails: OutgoingMail[];
  /** The simulated telephone network of this app (its outbox, inbound injection); unused when a carrier was passed. */
  carrier: SandboxCarrier;
  /** The app's file store, on a temporary folder of its own (`filesDir`) removed by close(). */
  files: FileStore;
  filesDir: string;
  /** The signer of the app's public media links. */
  mediaLinks: LinkSigner;
  /** The app's media deps (file store, link signer, public base), as the demo seed takes them. */
  media: MediaDeps;
  /** The signer of the app's access tokens, for a test that mounts the guard on an app of its own. */
  signer: TokenSigner;
  tenant: (opts?: { tierId?: number | null; options?: Partial<OrganizationOptions>; timezone?: string }) => Promise<Tenant>;
  addUser: (orgId: string, role: Role, teams: { id: string; teamRole: TeamRole }[]) => Promise<TestUser>;
  login: (email: string, password?: string, headers?: Record<string, string>) => Promise<Session>;
  /**
   * Starts `start()`'s requests while the audit log is locked, waits until every one is blocked
   * on a lock (or has answered), then lets them go together: a race each service must survive.
   */
  racing: (start: () => Promise<LightMyRequestResponse>[]) => Promise<Promise<LightMyRequestResponse>[]>;
  /** An access token of `user`, signing in once per file: a second sign-in would end the first session. */
  as: (user: TestUser) => Promise<string>;
  request: (opts: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

let counter = 0;

/** The whole server on its own database, with factories that build a consistent tenant graph. */
export async function createTestApp(
  // jobs: false leaves the app without its job worker (outbound texts then wait in the queue).
  { jobs = true, ...overrides }: Partial<AppDeps["config"]> & { jobs?: boolean } = {},
  opts: { carrier?: Carrier; email?: AppDeps["email"] } = {},
): Promise<TestApp> {
  const database = await cloneDatabase();
  const db = createDatabase(database.url, { appUrl: appUrlFor(database.url, TEST_APP_PASSWORD), appPoolSize: 10, ownerPoolSize: 2 });
  const config = {
    // Delivery statuses come back within milliseconds, so tests wait little.
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false", DEV_TOOLS: "false", SANDBOX_DELIVERY_MS: "20" }),
    ...overrides,
  };
  const mails: OutgoingMail[] = [];
  const carrier = createSandboxCarrier({ deliveryMs: config.SANDBOX_DELIVERY_MS, failureRate: config.SANDBOX_FAILURE_RATE });
  const devMailer = createMailer({ from: config.MAIL_FROM, dataDir: "/nonexistent" });
  const filesDir = mkdtempSync(path.join(os.tmpdir(), "relais-test-files-"));
  const files = createLocalFileStore(filesDir);
  const mediaLinks = createLinkSigner(randomBytes(32).toString("hex"), "media", MEDIA_LINK_TTL_SECONDS);
  const signer = createTokenSigner(randomBytes(32).toString("hex"));
  const app = await buildApp(
    {
      config,
      db,
      signer,
      limiter: createRateLimiter(db.app),
      mailer: { send: async (m) => void mails.push(m), list: devMailer.list },
      carrier: opts.carrier ?? carrier,
      files,
      mediaLinks,
      // Outbound texts are sent by jobs: the worker runs as in production, polling often for the
      // jobs due later that a test brings forward.
      jobs: jobs ? { connectionString: database.url, concurrency: 2, pollIntervalMs: 200 } : null,
      ...(opts.email ? { email: opts.email } : {}),
    },
    { logger: false },
  );
  const hash = await hashPassword(PASSWORD);
  const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`;

  const addUser: TestApp["addUser"] = async (orgId, role, teams) => {
    const email = `${role}-${unique()}@test.relais`;
    const id = await insertUser(db.owner, orgId, { name: `${role} ${unique()}`, email, role, password: PASSWORD, teams }, hash);
    return { id, email, role };
  };

  const tenant: TestApp["tenant"] = async (opts = {}) => {
    const orgId = await insertOrganization(db.owner, {
      nameFr: `Clinique ${unique()}`,
      nameEn: `Clinic ${unique()}`,
      sector: "dental",
      tierId: opts.tierId === undefined ? 3 : opts.tierId,
      email: `org-${unique()}@test.relais`,
      ...(opts.options ? { options: opts.options } : {}),
      ...(opts.timezone ? { timezone: opts.timezone } : {}),
    });
    const main = await insertTeam(db.owner, orgId, { label: "Réception", main: true });
    const second = await insertTeam(db.owner, orgId, { label: "Hygiène" });
    const admin = await addUser(orgId, "admin", [
      { id: main, teamRole: "admin" },
      { id: second, teamRole: "admin" },
    ]);
    const user = await addUser(orgId, "user", [{ id: main, teamRole: "user" }]);
    const other = await addUser(orgId, "user", [{ id: second, teamRole: "user" }]);
    const superAdmin = await addUser(orgId, "super-admin", [{ id: main, teamRole: "user" }]);
    const devops = await addUser(orgId, "devops", [{ id: main, teamRole: "user" }]);
    const marketing = await addUser(orgId, "marketing", [{ id: main, teamRole: "user" }]);
    return { orgId, teams: { main, second }, users: { admin, user, other, superAdmin, devops, marketing } };
  };

  const request: TestApp["request"] = ({ token, headers, ...opts }) =>
    app.inject({ ...opts, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  // The latest session of each email: any sign-in replaces the one before (single session).
  const sessions = new Map<string, Session>();
  const login: TestApp["login"] = async (email, password = PASSWORD, headers = {}) => {
    const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username: email, password }, headers });
    if (res.statusCode !== 200) throw new Error(`login of ${email} answered ${res.statusCode}: ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === "relais_rt");
    const session = { ...res.json<LoginResponse>(), cookie: cookie?.value ?? "" };
    sessions.set(email, session);
    return session;
  };

  const as: TestApp["as"] = async (user) => (sessions.get(user.email) ?? (await login(user.email))).jwt;

  const racing: TestApp["racing"] = async (start) => {
    let pending: Promise<LightMyRequestResponse>[] = [];
    await db.owner.transaction().execute(async (tx) => {
      await sql`lock table audit_log in share row exclusive mode`.execute(tx);
      pending = start();
      await waitForLockWaiters(db, pending.length, pending);
    });
    return pending;
  };

  return {
    app,
    db,
    databaseUrl: database.url,
    mails,
    racing,
    carrier,
    files,
    filesDir,
    mediaLinks,
    media: { files, links: mediaLinks, publicUrl: `http://localhost:${config.PORT}` },
    signer,
    tenant,
    addUser,
    login,
    as,
    request,
    close: async () => {
      await app.close();
      await db.close();
      await database.drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** A test file's app and organisations, as apiSuite hands them. */
export type ApiSuite = { t: TestApp; org: Tenant; other: Tenant };

/**
 * The set-up most API test files share: `const { t, org, other } = apiSuite();` makes the app on
 * its own database and two organisations (org, then other) before the file's tests, and closes
 * the app after them (after the file's own afterAll hooks: they run in reverse order). `config`
 * and `opts` are createTestApp's; `tenants: 1` or `0` makes fewer organisations.
 *
 * The three are stand-ins for objects that exist only once the suite's beforeAll has run, so
 * that the file can name them as constants: read them in tests and hooks, not at the top level
 * (a read before then throws and says so).
 */
export function apiSuite(
  setup: { config?: Parameters<typeof createTestApp>[0]; opts?: Parameters<typeof createTestApp>[1]; tenants?: 0 | 1 | 2 } = {},
): ApiSuite {
  const made: { t?: TestApp; org?: Tenant; other?: Tenant } = {};
  beforeAll(async () => {
    const t = await createTestApp(setup.config, setup.opts);
    made.t = t;
    const tenants = setup.tenants ?? 2;
    if (tenants >= 1) made.org = await t.tenant();
    if (tenants >= 2) made.other = await t.tenant();
  });
  afterAll(() => made.t?.close());
  return { t: standIn(() => made.t, "t"), org: standIn(() => made.org, "org"), other: standIn(() => made.other, "other") };
}

/** An object forwarding every read to `current()`, which must exist by the time it is read. */
function standIn<T extends object>(current: () => T | undefined, name: string): T {
  const target = (): T => {
    const value = current();
    if (!value) throw new Error(`apiSuite: ${name} is read before the suite's beforeAll has made it, or was not asked for`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(target(), key);
      return d && { ...d, configurable: true };
    },
  });
}

/** The answer is the catalogue error `code` with `status`, its text translated (not the bare key). */
/** The lists statementsDuring is filling. */
const recorders = new Set<unknown[]>();
// Wrapped once, when this module loads, before any client exists: the app pool's own wrappers
// (round-trips.ts, directory-commit.ts) bind the query function they find when a client
// connects, so a wrapper installed later would never see the statements of a client already
// connected.
const clientPrototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const clientQuery = clientPrototype.query;
clientPrototype.query = function (this: unknown, ...args: unknown[]) {
  for (const sent of recorders) sent.push(args[0]);
  return clientQuery.apply(this, args);
};

/**
 * Statements sent by every client of this test process while `run` runs, as node-pg was handed
 * them (a text, or a config with its text): its Client.query is their one door.
 */
export async function statementsDuring(run: () => Promise<unknown>): Promise<unknown[]> {
  const sent: unknown[] = [];
  recorders.add(sent);
  try {
    await run();
  } finally {
    recorders.delete(sent);
  }
  return sent;
}

export function expectError(res: LightMyRequestResponse, status: number, code: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.error.code).toBe(code);
  expect(isMessageId(body.error.code)).toBe(true);
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.message).not.toBe(code);
}

let phoneCounter = 0;

/** A valid Canadian mobile-style number no other test of this run hands out. */
export function uniquePhone(): string {
  for (;;) {
    const n = (Date.now() * 37 + process.pid * 101 + phoneCounter++ * 7919 + randomBytes(2).readUInt16BE()) % 8_000_000;
    const phone = `+1438${2_000_000 + n}`;
    if (toE164(phone) === phone) return phone;
  }
}

/** Gives a team its texting number (as the owner, inside the team's organisation). */
export async function setTeamPhone(t: TestApp, orgId: string, teamId: string, phone: string | null): Promise<void> {
  await withTenant(t.db.owner, orgId, (tx) =>
    tx.updateTable("teams").set({ phone_number: phone }).where("organization_id", "=", orgId).where("id", "=", teamId).execute(),
  );
}

/**
 * Waits until `n` backends of this database are blocked on a lock, or until every request has
 * already answered (a server that takes no lock; the assertions after then say what went wrong).
 */
async function waitForLockWaiters(db: Database, n: number, requests: Promise<unknown>[]): Promise<void> {
  let settled = 0;
  for (const r of requests) void r.finally(() => settled++);
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (settled === requests.length) return;
    const r = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
    `.execute(db.owner);
    if ((r.rows[0]?.n ?? 0) >= n) return;
    if (Date.now() > deadline) throw new Error(`only ${r.rows[0]?.n ?? 0} of ${n} requests reached the lock`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
