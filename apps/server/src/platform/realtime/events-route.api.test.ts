import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventsPage } from "@relais/shared";
import { createTestApp, type Session, type Tenant, type TestApp } from "../../../test/helpers.ts";
import { record } from "./realtime.test-kit.ts";

let t: TestApp;
let org: Tenant;
let foreign: Tenant;
let user: Session;
let other: Session;
let stranger: Session;
/** Positions of org's events, by name. */
const at: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  org = await t.tenant();
  foreign = await t.tenant();
  user = await t.login(org.users.user.email);
  other = await t.login(org.users.other.email);
  stranger = await t.login(foreign.users.user.email);
  const write = async (n: string, scope: { teamId?: string; userId?: string } = {}) => {
    at[n] = await record(t.db, org.orgId, { ...scope, payload: { n } });
  };
  await write("everyone");
  await write("main", { teamId: org.teams.main });
  await write("second", { teamId: org.teams.second });
  await write("to-user", { userId: org.users.user.id });
  await write("to-other", { userId: org.users.other.id });
  await write("everyone-again");
  at["foreign"] = await record(t.db, foreign.orgId, { payload: { n: "foreign" } });
});
afterAll(() => t.close());

async function page(session: Session, query: string) {
  const res = await t.request({ method: "GET", url: `/api/events${query}`, token: session.jwt });
  return { status: res.statusCode, body: res.json<EventsPage>() };
}
const namesOf = (p: EventsPage) => p.events.map((e) => e.payload["n"]);

describe("GET events", () => {
  it("answers the events the caller may see after a position, with the organisation's position", async () => {
    const { status, body } = await page(user, "?after=0");
    expect(status).toBe(200);
    expect(namesOf(body)).toEqual(["everyone", "main", "to-user", "everyone-again"]);
    expect(body).toMatchObject({ hasMore: false, resync: false });
    // The reader's mark (decision 0017): at or past the last event, below anything still in flight.
    expect(body.position).toBeGreaterThanOrEqual(at["everyone-again"] ?? Infinity);
    expect(body.events[1]).toMatchObject({ position: at["main"], type: "thread.updated", teamId: org.teams.main });
    expect(namesOf((await page(other, "?after=0")).body)).toEqual(["everyone", "second", "to-other", "everyone-again"]);
  });

  it("serves the same feed as the spec's messaging/v1/polling", async () => {
    const res = await t.request({ method: "GET", url: "/api/messaging/v1/polling?after=0", token: other.jwt });
    expect(res.statusCode).toBe(200);
    expect(namesOf(res.json<EventsPage>())).toEqual(["everyone", "second", "to-other", "everyone-again"]);
    expect((await t.request({ method: "GET", url: "/api/messaging/v1/polling?after=0" })).statusCode).toBe(401);
  });

  it("never answers another organisation's events", async () => {
    const { body } = await page(stranger, "?after=0");
    expect(namesOf(body)).toEqual(["foreign"]);
    expect(body.position).toBeGreaterThanOrEqual(at["foreign"] ?? Infinity);
  });

  it("pages by position until nothing is left", async () => {
    const first = (await page(user, "?after=0&limit=2")).body;
    expect(namesOf(first)).toEqual(["everyone", "main"]);
    expect(first).toMatchObject({ position: at["main"], hasMore: true });
    const second = (await page(user, `?after=${first.position}&limit=2`)).body;
    expect(namesOf(second)).toEqual(["to-user", "everyone-again"]);
    // Exactly at the limit: one more (empty) page says there is nothing more.
    const third = (await page(user, `?after=${second.position}&limit=2`)).body;
    expect(third).toMatchObject({ events: [], hasMore: false, resync: false });
    expect(third.position).toBeGreaterThanOrEqual(at["everyone-again"] ?? Infinity);
  });

  it("moves past events the caller may not see, so polling does not stall on them", async () => {
    const { body } = await page(user, `?after=${at["to-user"]}`);
    expect(namesOf(body)).toEqual(["everyone-again"]);
    const skipped = await record(t.db, org.orgId, { teamId: org.teams.second, payload: { n: "second-again" } });
    const next = (await page(user, `?after=${body.position}`)).body;
    expect(next).toMatchObject({ events: [], hasMore: false, resync: false });
    expect(next.position).toBeGreaterThanOrEqual(skipped);
  });

  it("answers only the position without `after`, and resync for a position ahead of the log", async () => {
    const now = (await page(user, "")).body;
    expect(now.events).toEqual([]);
    expect(now.position).toBeGreaterThanOrEqual(at["everyone-again"] ?? Infinity);
    expect((await page(user, `?after=${now.position + 4096 * 1_000_000}`)).body).toMatchObject({ events: [], resync: true });
  });

  it("requires a session and refuses a malformed query", async () => {
    expect((await t.request({ method: "GET", url: "/api/events?after=0" })).statusCode).toBe(401);
    for (const query of ["?after=-1", "?after=x", "?limit=0", "?limit=501", "?after=0&team=x"]) {
      const res = await t.request({ method: "GET", url: `/api/events${query}`, token: user.jwt });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toMatch(/^(error|validation)\./);
    }
  });
});
