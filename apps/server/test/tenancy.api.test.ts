import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import net from "node:net";
import { appUrlFor } from "../src/db/app-login.ts";
import { APP_ROLE, createDatabase, sendUnanswered, withTenant, type Db } from "../src/db/database.ts";
import { readAsTenant } from "../src/db/tenant-read.ts";
import { TEST_APP_PASSWORD } from "./app-password.ts";
import { apiSuite, type Tenant } from "./helpers.ts";
import { roundTrips, spyOn, traceWire, type WireEvent } from "./wire-trace.ts";

/**
 * Row-level security proof (DESIGN §4): the role every request runs as, relais_app, sees and
 * writes only the rows of the organisation named by app.org_id, and nothing without it — even
 * when a query forgets its organisation filter, as every query here does on purpose.
 */

const { t } = apiSuite({ tenants: 0 });
let a: Tenant;
let b: Tenant;

const TENANT_TABLES = ["users", "teams", "team_members", "sessions", "refresh_tokens", "audit_log"] as const;

beforeAll(async () => {
  a = await t.tenant();
  b = await t.tenant();
  // Sessions, refresh tokens and audit rows in both organisations.
  await t.login(a.users.user.email);
  await t.login(b.users.user.email);
});

type OrgCount = { org: string; n: number };

/** Rows per organisation of a table as relais_app sees them, with no WHERE on the organisation. */
async function visible(table: string, orgId: string | null): Promise<OrgCount[]> {
  const column = table === "organizations" ? "id" : "organization_id";
  return t.db.app.transaction().execute(async (tx) => {
    if (orgId) await sql`select set_config('app.org_id', ${orgId}, true)`.execute(tx);
    const r = await sql<OrgCount>`select ${sql.ref(column)}::text as org, count(*)::int as n from ${sql.table(table)} group by 1`.execute(
      tx,
    );
    return r.rows;
  });
}

/** The same counts as the owner sees them (superuser: no policy applies), for comparison. */
async function actual(table: string, orgId: string): Promise<number> {
  const column = table === "organizations" ? "id" : "organization_id";
  const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${orgId}`.execute(
    t.db.owner,
  );
  return r.rows[0]?.n ?? 0;
}

describe("relais_app without app.org_id", () => {
  it("runs as relais_app", async () => {
    const r = await sql<{ who: string }>`select current_user as who`.execute(t.db.app);
    expect(r.rows[0]?.who).toBe(APP_ROLE);
  });

  for (const table of [...TENANT_TABLES, "organizations"]) {
    it(`sees no row of ${table}`, async () => {
      // The rows exist: the owner sees them.
      expect(await actual(table, a.orgId)).toBeGreaterThan(0);
      expect(await actual(table, b.orgId)).toBeGreaterThan(0);
      expect(await visible(table, null)).toEqual([]);
    });
  }

  it("sees nothing either when app.org_id is set to an empty string or an unknown organisation", async () => {
    const rows = await t.db.app.transaction().execute(async (tx) => {
      await sql`select set_config('app.org_id', '', true)`.execute(tx);
      return (await sql`select id from users`.execute(tx)).rows;
    });
    expect(rows).toEqual([]);
    expect(await visible("users", "7b1d7a52-0b8e-4a33-9f3c-2e5b6c4d8a10")).toEqual([]);
  });

  it("cannot update or delete rows it cannot see", async () => {
    const updated = await sql`update users set name = 'pris' where id = ${a.users.user.id}`.execute(t.db.app);
    expect(Number(updated.numAffectedRows ?? 0)).toBe(0);
    const deleted = await sql`delete from teams where id = ${a.teams.second}`.execute(t.db.app);
    expect(Number(deleted.numAffectedRows ?? 0)).toBe(0);
    expect(await actual("teams", a.orgId)).toBe(2);
  });
});

describe("relais_app with app.org_id of organisation A", () => {
  for (const table of [...TENANT_TABLES, "organizations"]) {
    it(`sees only A's rows of ${table}`, async () => {
      const rows = await visible(table, a.orgId);
      expect(rows).toEqual([{ org: a.orgId, n: await actual(table, a.orgId) }]);
    });
  }

  it("does not find B's row even by its id", async () => {
    const rows = await withTenant(
      t.db.app,
      a.orgId,
      async (tx) => (await sql`select id from users where id = ${b.users.admin.id}`.execute(tx)).rows,
    );
    expect(rows).toEqual([]);
  });

  it("cannot change B's rows by id", async () => {
    const n = await withTenant(t.db.app, a.orgId, async (tx) =>
      Number((await sql`update teams set label = 'volée' where id = ${b.teams.second}`.execute(tx)).numAffectedRows ?? 0),
    );
    expect(n).toBe(0);
    const label = await sql<{ label: string }>`select label from teams where id = ${b.teams.second}`.execute(t.db.owner);
    expect(label.rows[0]?.label).toBe("Hygiène");
  });

  it("refuses to insert a row of organisation B (WITH CHECK)", async () => {
    const insertTeam = withTenant(t.db.app, a.orgId, (tx) =>
      sql`insert into teams (organization_id, label, schedule) values (${b.orgId}, 'Intrus', '{}'::jsonb)`.execute(tx),
    );
    await expect(insertTeam).rejects.toMatchObject({ code: "42501", message: expect.stringContaining("row-level security") });
    const insertAudit = withTenant(t.db.app, a.orgId, (tx) =>
      sql`insert into audit_log (organization_id, action, entity) values (${b.orgId}, 'forge', 'user')`.execute(tx),
    );
    await expect(insertAudit).rejects.toMatchObject({ code: "42501" });
    const insertMember = withTenant(t.db.app, a.orgId, (tx) =>
      sql`insert into team_members (organization_id, team_id, user_id, team_role) values (${b.orgId}, ${b.teams.second}, ${b.users.user.id}, 'admin')`.execute(
        tx,
      ),
    );
    await expect(insertMember).rejects.toMatchObject({ code: "42501" });
    expect(await actual("teams", b.orgId)).toBe(2);
    const labels = await sql<{ n: number }>`select count(*)::int as n from teams where label = 'Intrus'`.execute(t.db.owner);
    expect(labels.rows[0]?.n).toBe(0);
  });

  it("refuses to move one of A's rows into organisation B", async () => {
    const move = withTenant(t.db.app, a.orgId, (tx) =>
      sql`update users set organization_id = ${b.orgId} where id = ${a.users.marketing.id}`.execute(tx),
    );
    await expect(move).rejects.toMatchObject({ code: "42501" });
    const org = await sql<{ o: string }>`select organization_id::text as o from users where id = ${a.users.marketing.id}`.execute(
      t.db.owner,
    );
    expect(org.rows[0]?.o).toBe(a.orgId);
  });

  it("does not carry A's key into the next transaction on the same pool", async () => {
    await withTenant(t.db.app, a.orgId, async (tx) => {
      expect((await sql`select id from users`.execute(tx)).rows.length).toBeGreaterThan(0);
    });
    // Every connection of the pool, after a tenant transaction, sees nothing again.
    const results = await Promise.all(Array.from({ length: 10 }, () => visible("users", null)));
    for (const r of results) expect(r).toEqual([]);
  });
});

describe("the relais_app role", () => {
  it("cannot read the migration tables", async () => {
    await expect(sql`select * from kysely_migration`.execute(t.db.app)).rejects.toMatchObject({ code: "42501" });
    await expect(sql`select * from kysely_migration_lock`.execute(t.db.app)).rejects.toMatchObject({ code: "42501" });
  });

  it("has no BYPASSRLS, is no superuser, creates neither roles nor databases, and owns no table", async () => {
    const role = await sql<{
      rolbypassrls: boolean;
      rolsuper: boolean;
      rolcanlogin: boolean;
      rolcreaterole: boolean;
      rolcreatedb: boolean;
    }>`
      select rolbypassrls, rolsuper, rolcanlogin, rolcreaterole, rolcreatedb from pg_roles where rolname = ${APP_ROLE}
    `.execute(t.db.owner);
    // It logs in (with its own password, so requests never hold an owner's connection).
    expect(role.rows).toEqual([{ rolbypassrls: false, rolsuper: false, rolcanlogin: true, rolcreaterole: false, rolcreatedb: false }]);
    const owned = await sql<{ tablename: string }>`select tablename from pg_tables where tableowner = ${APP_ROLE}`.execute(t.db.owner);
    expect(owned.rows).toEqual([]);
  });

  it("has row-level security enabled and forced on every tenant table", async () => {
    const rows = await sql<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      select relname, relrowsecurity, relforcerowsecurity from pg_class
      where relname in ('users', 'teams', 'team_members', 'sessions', 'refresh_tokens', 'password_resets', 'audit_log', 'organizations') and relkind = 'r'
      order by relname
    `.execute(t.db.owner);
    expect(rows.rows).toHaveLength(8);
    for (const r of rows.rows) expect(r, r.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
  });

  it("every table with an organisation_id column has row-level security", async () => {
    const rows = await sql<{ table_name: string; relrowsecurity: boolean }>`
      select c.table_name, k.relrowsecurity from information_schema.columns c
      join pg_class k on k.relname = c.table_name and k.relkind = 'r'
      where c.table_schema = 'public' and c.column_name = 'organization_id'
    `.execute(t.db.owner);
    expect(rows.rows.length).toBeGreaterThanOrEqual(7);
    for (const r of rows.rows) expect(r.relrowsecurity, r.table_name).toBe(true);
  });

  it("cannot turn row-level security off or drop a policy", async () => {
    await expect(sql`alter table users disable row level security`.execute(t.db.app)).rejects.toMatchObject({ code: "42501" });
    await expect(sql`alter table teams no force row level security`.execute(t.db.app)).rejects.toMatchObject({ code: "42501" });
    await expect(sql`drop policy tenant_isolation on sessions`.execute(t.db.app)).rejects.toMatchObject({ code: "42501" });
  });
});

describe("the app pool's login", () => {
  it("is relais_app itself, which cannot switch back to the owner", async () => {
    const who = await sql<{ current_user: string; session_user: string }>`select current_user, session_user`.execute(t.db.app);
    expect(who.rows[0]).toEqual({ current_user: "relais_app", session_user: "relais_app" });
    await expect(sql`set role postgres`.execute(t.db.app)).rejects.toThrow(/permission denied/);
    await sql`reset role`.execute(t.db.app);
    const after = await sql<{ current_user: string }>`select current_user`.execute(t.db.app);
    expect(after.rows[0]?.current_user).toBe("relais_app");
  });
});

describe("one-round-trip reads (readAsTenant, decision 0042)", () => {
  const usersOf = () => t.db.app.selectFrom("users").select(["organization_id"]);

  it("sees only the named organisation's rows, even with no filter in the query", async () => {
    const rows = await readAsTenant(t.db.app, a.orgId, usersOf());
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.organization_id))).toEqual(new Set([a.orgId]));
  });

  it("leaves no key on the connection after the read, on a pool of one connection", async () => {
    const one = createDatabase(t.databaseUrl, { appUrl: appUrlFor(t.databaseUrl, TEST_APP_PASSWORD), appPoolSize: 1 });
    try {
      await readAsTenant(one.app, a.orgId, one.app.selectFrom("users").select("id"));
      const after = await sql<{ key: string | null }>`select nullif(current_setting('app.org_id', true), '') as key`.execute(one.app);
      expect(after.rows[0]?.key ?? null).toBeNull();
      const seen = await sql<{ n: number }>`select count(*)::int as n from users`.execute(one.app);
      expect(seen.rows[0]?.n).toBe(0);
    } finally {
      await one.close();
    }
  });

  it("refuses a parameter it cannot write into SQL safely, and a transaction instead of the pool", async () => {
    const byEmail = t.db.app.selectFrom("users").select("id").where("email", "=", "x'; drop table users; --");
    await expect(readAsTenant(t.db.app, a.orgId, byEmail)).rejects.toThrow(/UUID/);
    await expect(readAsTenant(t.db.app, "not-a-uuid", usersOf())).rejects.toThrow(/UUID/);
    await expect(withTenant(t.db.app, a.orgId, (tx) => readAsTenant(tx, a.orgId, usersOf()))).rejects.toThrow(/pool/);
  });
});

describe("transactions with their begin sent late (round-trips.ts, decision 0042)", () => {
  /** What the wire tests watch: a read, then an update sent unanswered, with the commit. */
  const readThenUpdateUnanswered = (db: Db, label: string) =>
    withTenant(db, a.orgId, async (tx) => {
      const team = await tx.selectFrom("teams").select("id").where("organization_id", "=", a.orgId).limit(1).executeTakeFirstOrThrow();
      sendUnanswered(tx, tx.updateTable("teams").set({ label }).where("id", "=", team.id));
    });

  it("rolls back everything of a failed transaction whose begin went out with its first statement", async () => {
    const before = await actual("teams", a.orgId);
    await expect(
      withTenant(t.db.app, a.orgId, async (tx) => {
        await tx
          .insertInto("teams")
          .values({ organization_id: a.orgId, label: `Rollback ${Date.now()}`, schedule: JSON.stringify({}), settings: JSON.stringify({}) })
          .execute();
        throw new Error("abandon");
      }),
    ).rejects.toThrow("abandon");
    expect(await actual("teams", a.orgId)).toBe(before);
  });

  it("sends a tenant's begin with its first statement, and an unanswered write with the commit (decision 0054)", async () => {
    const one = createDatabase(t.databaseUrl, { appUrl: appUrlFor(t.databaseUrl, TEST_APP_PASSWORD), appPoolSize: 1 });
    // What crosses the wire, in order, per connection (wire-trace.ts). Other pools of this
    // process (the test app's jobs) write too: only the connection that opens the transaction
    // below counts.
    let wire: { events: WireEvent[]; stop: () => void } | null = null;
    const label = `Pipelined ${Date.now()}`;
    try {
      await withTenant(one.app, a.orgId, (tx) => tx.selectFrom("teams").select("id").limit(1).execute());
      wire = traceWire();
      await readThenUpdateUnanswered(one.app, label);
    } finally {
      wire?.stop();
      await one.close();
    }
    const events = wire?.events ?? [];
    const mine = events.find((e) => e.bytes?.includes(`begin; select set_config('app.org_id', '${a.orgId}'`))?.connection;
    // begin + tenant key with the read, then the update with the commit: two round trips of
    // two answers each, where waiting for each answer takes four.
    const answersPerRoundTrip = roundTrips(events.filter((e) => e.connection === mine));
    expect(answersPerRoundTrip).toEqual([2, 2]);
    expect(
      await sql<{ n: number }>`select count(*)::int as n from teams where label = ${label}`.execute(t.db.owner).then((r) => r.rows[0]?.n),
    ).toBe(1);
  });

  it("writes the statements of one round trip to the socket at once (decision 0058)", async () => {
    const one = createDatabase(t.databaseUrl, { appUrl: appUrlFor(t.databaseUrl, TEST_APP_PASSWORD), appPoolSize: 1 });
    // Every write the sockets of this process hand to the system, with the statements in it.
    const socket = net.Socket.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    const undo: (() => void)[] = [];
    const writes: { socket: unknown; text: string }[] = [];
    const text = (chunk: unknown) => (Buffer.isBuffer(chunk) ? chunk.toString("latin1") : String(chunk));
    const label = `One write ${Date.now()}`;
    try {
      await withTenant(one.app, a.orgId, (tx) => tx.selectFrom("teams").select("id").limit(1).execute());
      undo.push(
        spyOn(socket, "_writev", (self, args) =>
          writes.push({ socket: self, text: (args[0] as { chunk: unknown }[]).map((c) => text(c.chunk)).join("") }),
        ),
      );
      undo.push(spyOn(socket, "_write", (self, args) => writes.push({ socket: self, text: text(args[0]) })));
      await readThenUpdateUnanswered(one.app, label);
    } finally {
      for (const restore of undo) restore();
      await one.close();
    }
    const mine = writes.find((w) => w.text.includes(`select set_config('app.org_id', '${a.orgId}'`))?.socket;
    const sent = writes.filter((w) => w.socket === mine).map((w) => w.text);
    // Two round trips, two writes: the begin, tenant key and read; then the update and commit.
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/begin; select set_config[\s\S]*select "id" from "teams"/);
    expect(sent[1]).toMatch(/update "teams"[\s\S]*commit/);
  });

  it("fails the transaction whose unanswered write failed, and commits nothing of it (decision 0054)", async () => {
    const label = `Never ${Date.now()}`;
    const before = await actual("teams", a.orgId);
    await expect(
      withTenant(t.db.app, a.orgId, async (tx) => {
        await tx
          .insertInto("teams")
          .values({ organization_id: a.orgId, label, schedule: JSON.stringify({}), settings: JSON.stringify({}) })
          .execute();
        // PostgreSQL aborts the transaction.
        sendUnanswered(tx, { compile: () => sql`select 1 / 0`.compile(tx) });
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await actual("teams", a.orgId)).toBe(before);
    // A statement after the failed write fails too; the write's error is the one answered.
    await expect(
      withTenant(t.db.app, a.orgId, async (tx) => {
        sendUnanswered(tx, { compile: () => sql`select 1 / 0`.compile(tx) });
        await tx.selectFrom("teams").select("id").execute();
      }),
    ).rejects.toThrow(/division by zero/);
  });

  it("sends every unanswered write of a transaction before its commit, none waiting for another's answer", async () => {
    const team = await t.db.owner
      .selectFrom("teams")
      .select("id")
      .where("organization_id", "=", a.orgId)
      .limit(1)
      .executeTakeFirstOrThrow();
    const labels = [`First ${Date.now()}`, `Second ${Date.now()}`, `Third ${Date.now()}`];
    await withTenant(t.db.app, a.orgId, async (tx) => {
      for (const label of labels) sendUnanswered(tx, tx.updateTable("teams").set({ label }).where("id", "=", team.id));
    });
    // Kysely lets a transaction's statements out one at a time: were each write to wait for the
    // answer of the one before, the commit would overtake the later ones, which would then run
    // outside the transaction, without the organisation key, and change nothing.
    const row = await t.db.owner.selectFrom("teams").select("label").where("id", "=", team.id).executeTakeFirstOrThrow();
    expect(row.label).toBe(labels[2]);
  });

  it("keeps a statement prepared under one name per text, giving each run its own values", async () => {
    const names = await Promise.all(
      [a, b, a, b, a, b, a, b].map((o) =>
        withTenant(t.db.app, o.orgId, (tx) => tx.selectFrom("organizations").select("id").where("id", "=", o.orgId).executeTakeFirst()),
      ),
    );
    expect(names.map((r) => r?.id)).toEqual([a, b, a, b, a, b, a, b].map((o) => o.orgId));
  });
});
