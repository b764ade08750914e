import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScheduledMessage } from "@relais/shared";
import { createTestApp, expectError, uniquePhone, type Tenant, type TestApp, type TestUser } from "../../../test/helpers.ts";
import { givePhones, until } from "../messaging/messaging-test-kit.ts";
import { jobsOf, request, URL } from "./scheduled-test-kit.ts";

/** The development route that sends a scheduled message now: only with DEV_TOOLS, only for its organisation. */

const ZONE = "America/Toronto";
const runNow = (id: string) => `/api/dev/scheduled-messages/${id}/run-now`;
let t: TestApp;
let org: Tenant;
let other: Tenant;

beforeAll(async () => {
  t = await createTestApp({ devTools: true });
  org = await t.tenant({ timezone: ZONE });
  other = await t.tenant({ timezone: ZONE });
  await givePhones(t, org);
  await givePhones(t, other);
});
afterAll(() => t.close());

async function post(who: TestUser | null, url: string, payload?: object) {
  return t.request({ method: "POST", url, ...(who ? { token: await t.as(who) } : {}), ...(payload ? { payload } : {}) });
}

async function schedule(who: TestUser, to: string): Promise<ScheduledMessage> {
  const res = await post(who, URL, request(to, 60, ZONE, { reminders: [] }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("POST dev/scheduled-messages/{id}/run-now", () => {
  it("sends the message now, an hour before its time, and shows it sent", async () => {
    const to = uniquePhone();
    const s = await schedule(org.users.user, to);
    const res = await post(org.users.user, runNow(s.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await until(() => Promise.resolve(t.carrier.outboxFor(to).some((e) => e.body === s.message)), "scheduled text at the carrier");
    const sent = await until(async () => {
      const got = (await t.request({ method: "GET", url: `${URL}/${s.id}`, token: await t.as(org.users.user) })).json<ScheduledMessage>();
      return got.status === "sent" ? got : null;
    }, "scheduled message marked sent");
    expect(sent.messageId).not.toBeNull();
    expect(await jobsOf(t, org.orgId, `scheduled:${s.id}`)).toEqual([]);
  });

  it("answers 404 for another organisation's message and an unknown one, 403 to a colleague, 401 signed out", async () => {
    const to = uniquePhone();
    const s = await schedule(org.users.user, to);
    expectError(await post(other.users.admin, runNow(s.id)), 404, "error.not-found");
    expectError(await post(org.users.user, runNow("00000000-0000-4000-8000-000000000000")), 404, "error.not-found");
    const colleague = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
    expectError(await post(colleague, runNow(s.id)), 403, "error.forbidden");
    expect((await post(null, runNow(s.id))).statusCode).toBe(401);
    // Nothing moved: the job still waits for its time.
    const [job] = await jobsOf(t, org.orgId, `scheduled:${s.id}`);
    expect(job?.payload).not.toHaveProperty("runNow");
    expect(t.carrier.outboxFor(to)).toEqual([]);
  });
});

describe("without DEV_TOOLS", () => {
  it("is not served", async () => {
    const off = await createTestApp({ jobs: false });
    try {
      const tenant = await off.tenant({ timezone: ZONE });
      await givePhones(off, tenant);
      const token = await off.as(tenant.users.user);
      const created = await off.request({ method: "POST", url: URL, token, payload: request(uniquePhone(), 60, ZONE) });
      expect(created.statusCode, created.body).toBe(201);
      const res = await off.request({ method: "POST", url: runNow(created.json<ScheduledMessage>().id), token });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
