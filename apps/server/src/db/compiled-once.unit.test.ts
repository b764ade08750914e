import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { compiledOnce } from "./compiled-once.ts";
import type { Db } from "./database.ts";
import type { DB } from "./schema.ts";

// Kysely's documented way to compile without a database: the statements are only compiled here.
const db: Db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const ORG = "3870b2d9-ec7a-44f5-b059-74d63b000001";
const OTHER_ORG = "3870b2d9-ec7a-44f5-b059-74d63b000002";

function touch(k: Db, v: { orgId: string; id: string; sentiment: number | null }) {
  return k
    .updateTable("threads")
    .set({ sentiment: v.sentiment, state: "active" })
    .where("organization_id", "=", v.orgId)
    .where("id", "=", v.id)
    .where("team_id", "in", k.selectFrom("teams").select("id").where("organization_id", "=", v.orgId))
    .returningAll();
}

describe("compiledOnce", () => {
  it("answers the text and parameters the builder gives for the same values, constants and repeated values included", () => {
    const statement = compiledOnce(touch);
    for (const values of [
      { orgId: ORG, id: "a1", sentiment: 70 },
      { orgId: OTHER_ORG, id: "b2", sentiment: null },
    ]) {
      const direct = touch(db, values).compile();
      const once = statement(db, values).compile();
      expect(once.sql).toBe(direct.sql);
      expect(once.parameters).toEqual(direct.parameters);
    }
    expect(statement(db, { orgId: OTHER_ORG, id: "c3", sentiment: 12 }).compile().parameters).toEqual([
      12,
      "active",
      OTHER_ORG,
      "c3",
      OTHER_ORG,
    ]);
  });

  it("builds the statement once, at its first run", () => {
    let built = 0;
    const statement = compiledOnce((k: Db, v: { orgId: string; id: string; sentiment: number | null }) => {
      built++;
      return touch(k, v);
    });
    expect(built).toBe(0);
    for (let i = 0; i < 5; i++) statement(db, { orgId: ORG, id: `t${i}`, sentiment: i }).compile();
    expect(built).toBe(1);
  });

  it("takes raw SQL templates, as the same text and values", () => {
    const raw = (k: Db, v: { orgId: string; days: number }) => {
      const query = sql<{
        id: string;
      }>`select id from messages where organization_id = ${v.orgId} and created_at > now() - make_interval(days => ${v.days}) and organization_id = ${v.orgId}`;
      return { compile: () => query.compile(k) };
    };
    const once = compiledOnce(raw)(db, { orgId: ORG, days: 30 }).compile();
    const direct = raw(db, { orgId: ORG, days: 30 }).compile();
    expect(once.sql).toBe(direct.sql);
    expect(once.parameters).toEqual([ORG, 30, ORG]);
  });

  it("refuses a value written into the statement's text", () => {
    const statement = compiledOnce((k: Db, v: { column: string }) => k.selectFrom("threads").select(sql.raw(String(v.column)).as("x")));
    expect(() => statement(db, { column: "id" }).compile()).toThrow(/written into the statement's text/);
  });

  it("refuses a value that does not become a parameter (it shapes the statement)", () => {
    const statement = compiledOnce((k: Db, v: { orgId: string; lock: boolean }) => {
      const q = k.selectFrom("threads").selectAll().where("organization_id", "=", v.orgId);
      return v.lock ? q.forUpdate() : q;
    });
    expect(() => statement(db, { orgId: ORG, lock: false }).compile()).toThrow(/not made parameters.*lock/);
  });

  it("refuses a parameter built from several values (a list)", () => {
    const statement = compiledOnce((k: Db, v: { a: string; b: string }) => {
      const query = sql`select ${[v.a, v.b]}::text[] as list`;
      return { compile: () => query.compile(k) };
    });
    expect(() => statement(db, { a: "x", b: "y" }).compile()).toThrow(/inside a parameter/);
  });
});
