import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import { apiSuite } from "../../test/helpers.ts";
import { isUrgent, prioritisePool, urgently } from "./priority-pool.ts";

/** The priority queue in front of a real pool on the test database (decision 0046). */

const { t } = apiSuite({ tenants: 0 });
const pools: pg.Pool[] = [];

function poolOf(max: number, connectionString = t.databaseUrl) {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 2_000 });
  pool.on("error", () => undefined);
  pools.push(pool);
  return { pool, queue: prioritisePool(pool, max) };
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.end()));
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe("the app pool's priority queue", () => {
  it("hands the next free connection to urgent work first, the rest in arrival order", async () => {
    const { pool, queue } = poolOf(1);
    const held = await pool.connect();
    const order: string[] = [];
    const run = (name: string) => async () => {
      const client = await pool.connect();
      order.push(name);
      await client.query("select 1");
      client.release();
    };
    const waiting = [run("text 1")(), run("text 2")(), urgently(run("call")), run("text 3")()];
    await until(() => queue.waiting().urgent === 1 && queue.waiting().others === 3);
    held.release();
    await Promise.all(waiting);
    expect(order).toEqual(["call", "text 1", "text 2", "text 3"]);
    expect(queue.waiting()).toEqual({ urgent: 0, others: 0 });
    expect(pool.totalCount).toBe(1);
  });

  it("keeps the context through the awaits of urgent work, and only there", async () => {
    expect(isUrgent()).toBe(false);
    const seen = await urgently(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return isUrgent();
    });
    expect(seen).toBe(true);
    expect(isUrgent()).toBe(false);
  });

  it("serves pg's callback form (pool.query) through the same queue, releasing once", async () => {
    const { pool, queue } = poolOf(2);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => pool.query<{ n: number }>("select $1::int as n", [i])));
    expect(answers.map((a) => a.rows[0]?.n)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    const client = await pool.connect();
    client.release();
    // A second release is pg's error to raise; the queue must not count it twice.
    expect(() => client.release()).toThrow();
    const again = await Promise.all([pool.query("select 1"), pool.query("select 2"), pool.query("select 3")]);
    expect(again).toHaveLength(3);
    expect(queue.waiting()).toEqual({ urgent: 0, others: 0 });
  });

  it("gives the place back when a connection cannot be made", async () => {
    const { pool } = poolOf(1, "postgres://nobody@127.0.0.1:1/none");
    await expect(pool.connect()).rejects.toThrow();
    // Were the failed attempt still counted, this one would wait forever instead of failing.
    await expect(pool.connect()).rejects.toThrow();
  });

  it("lets a released-with-error connection go and the next waiter in", async () => {
    const { pool } = poolOf(1);
    const broken = await pool.connect();
    const next = pool.connect();
    broken.release(true);
    const client = await next;
    expect((await client.query<{ one: number }>("select 1 as one")).rows[0]?.one).toBe(1);
    client.release();
  });
});
