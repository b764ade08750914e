import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSuite } from "../../test/helpers.ts";
import "./database.ts";

/**
 * node-pg's results with row shapes shared (row-shapes.ts, installed where database.ts is
 * imported): the same rows as node-pg makes them, the parsers of each description made once.
 */

const { t } = apiSuite({ tenants: 0 });

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
});
afterAll(async () => {
  await client.end();
});

/** What node-pg's Result keeps of the description, to tell a shared shape from a rebuilt one. */
type Internals = { _parsers?: unknown[]; _prebuiltEmptyResultObject: object };
const internals = (result: pg.QueryResult) => result as unknown as Internals;

describe("result rows with shared shapes", () => {
  it("makes a description's parsers once: a statement answered twice uses the same ones", async () => {
    const text = "select 1::int8 as n, now() as at, 'x'::text as s, current_date as d";
    const first = await client.query(text);
    const second = await client.query({ text, values: [] });
    expect(internals(second)._parsers).toBe(internals(first)._parsers);
    expect(internals(second)._prebuiltEmptyResultObject).toBe(internals(first)._prebuiltEmptyResultObject);
    // The process's own parsers (database.ts): int8 as a number, a date as its text.
    const row = second.rows[0] as { n: unknown; at: unknown; s: unknown; d: unknown };
    expect(row.n).toBe(1);
    expect(row.at).toBeInstanceOf(Date);
    expect(row.s).toBe("x");
    expect(row.d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("keeps columns of the same name but another type apart", async () => {
    const asNumber = await client.query("select 7::int4 as v, true as w");
    const asText = await client.query("select '7'::text as v, 'true'::text as w");
    expect(asNumber.rows[0]).toEqual({ v: 7, w: true });
    expect(asText.rows[0]).toEqual({ v: "7", w: "true" });
  });

  it("keeps a row's columns in the statement's order, as plain objects, with __proto__ a column like any other", async () => {
    const result = await client.query(`select 2 as b, 1 as a, 'p' as "__proto__", null::text as z`);
    const row = result.rows[0] as Record<string, unknown>;
    expect(Object.keys(row)).toEqual(["b", "a", "__proto__", "z"]);
    expect(Object.getOwnPropertyDescriptor(row, "__proto__")?.value).toBe("p");
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row.z).toBeNull();
    // Each row its own object: changing one leaves the next untouched.
    row.a = 99;
    const again = await client.query(`select 2 as b, 1 as a, 'p' as "__proto__", null::text as z`);
    expect((again.rows[0] as Record<string, unknown>).a).toBe(1);
  });

  it("uses a query's own type parsers, not a shape made with the process's", async () => {
    const text = "select 5::int4 as v";
    await client.query(text);
    const own = { getTypeParser: (oid: number) => (oid === 23 ? (v: string) => `int4:${v}` : (v: string) => v) };
    const result = await client.query({ text, types: own });
    expect(result.rows[0]).toEqual({ v: "int4:5" });
    expect((await client.query(text)).rows[0]).toEqual({ v: 5 });
  });

  it("answers a statement without columns and a multi-statement query as node-pg does", async () => {
    const none = await client.query("create temporary table if not exists shape_probe (x int)");
    expect(none.fields).toEqual([]);
    expect(internals(none)._parsers).toBeUndefined();
    const both = (await client.query("select 1 as one; select 'two' as two")) as unknown as pg.QueryResult[];
    expect(both.map((r) => r.rows[0])).toEqual([{ one: 1 }, { two: "two" }]);
  });
});
