import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Appointment, RealtimeEvent } from "@relais/shared";
import { createTestApp, type Tenant, type TestApp } from "../../../test/helpers.ts";
import { databaseUrlOf, newSigner, record, startNode, TestSocket, type Node } from "../../platform/realtime/realtime.test-kit.ts";
import { bookingOf, MONDAY, TUESDAY, WEEK } from "./agenda-test-kit.ts";

let t: TestApp;
/** A listening server on the test database, so browsers' sockets can connect to it. */
let node: Node;
let org: Tenant;
let foreign: Tenant;
const open: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  node = await startNode(await databaseUrlOf(t), { signer: newSigner() });
  org = await t.tenant();
  foreign = await t.tenant();
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
  await node.close();
  await t.close();
});

async function socketOf(email: string): Promise<TestSocket> {
  const socket = await TestSocket.connect(node.socketUrl, (await node.login(email)).jwt);
  open.push(socket);
  return socket;
}

async function call(jwt: string, method: "POST" | "PUT", url: string, payload?: object) {
  const res = await node.app.inject({ method, url, headers: { authorization: `Bearer ${jwt}` }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

const ofType = (s: TestSocket, type: string): RealtimeEvent[] => s.events.filter((e) => e.type === type);

describe("agenda real-time events", () => {
  it("reach every staff member of the organisation, with the days to re-read, and nobody of another", async () => {
    // "other" is in the second team only: the agenda is organisation-wide, so are its events.
    const colleague = await socketOf(org.users.other.email);
    const stranger = await socketOf(foreign.users.admin.email);
    const dentist = org.users.admin.id;
    const admin = (await node.login(org.users.admin.email)).jwt;
    const booker = (await node.login(org.users.user.email)).jwt;

    await call(admin, "PUT", `/api/members/${dentist}/availabilities`, { slots: WEEK });
    await colleague.waitFor((m) => "payload" in m && m.type === "availability.changed");
    expect(ofType(colleague, "availability.changed").map((e) => e.payload)).toEqual([{ memberId: dentist }]);

    const booked = (await call(booker, "POST", "/api/appointments", bookingOf(dentist, "09:00"))).json<Appointment>();
    await call(booker, "PUT", `/api/appointments/${booked.id}`, { memberId: dentist, date: TUESDAY, start: "10:00", duration: 30 });
    await call(booker, "POST", `/api/appointments/${booked.id}/cancel`);
    await colleague.waitFor((m) => "payload" in m && m.type === "appointment.changed" && m.payload["change"] === "cancelled");

    const base = { id: booked.id, contactId: booked.contactId };
    expect(ofType(colleague, "appointment.changed").map((e) => [e.teamId, e.payload])).toEqual([
      [null, { ...base, change: "booked", days: [{ memberId: dentist, date: MONDAY }] }],
      // A move names the day it went to and the day it left.
      [
        null,
        {
          ...base,
          change: "moved",
          days: [
            { memberId: dentist, date: TUESDAY },
            { memberId: dentist, date: MONDAY },
          ],
        },
      ],
      [null, { ...base, change: "cancelled", days: [{ memberId: dentist, date: TUESDAY }] }],
    ]);

    // Events arrive in order: once its own organisation's marker is in, nothing else is coming.
    await record(node.db, foreign.orgId, { payload: { mark: "end" } });
    await stranger.waitForMark("end");
    expect(stranger.events.map((e) => e.type)).toEqual(["thread.updated"]);
  });

  it("are not written when the change is refused", async () => {
    const colleague = await socketOf(org.users.devops.email);
    const marketing = (await node.login(org.users.marketing.email)).jwt;
    const res = await node.app.inject({
      method: "POST",
      url: "/api/appointments",
      headers: { authorization: `Bearer ${marketing}` },
      payload: bookingOf(org.users.admin.id, "11:00"),
    });
    expect(res.statusCode).toBe(403);
    await record(node.db, org.orgId, { payload: { mark: "after-refusal" } });
    await colleague.waitForMark("after-refusal");
    expect(ofType(colleague, "appointment.changed")).toEqual([]);
  });
});
