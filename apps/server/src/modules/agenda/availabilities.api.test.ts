import { describe, expect, it } from "vitest";
import { apiSuite, expectError } from "../../../test/helpers.ts";
import { putWeek, WEEK } from "./agenda-test-kit.ts";

const { t, org, other } = apiSuite();

const url = (memberId: string) => `/api/members/${memberId}/availabilities`;
const put = (token: string, memberId: string, slots: object[]) =>
  t.request({ method: "PUT", url: url(memberId), token, payload: { slots } });
const get = (token: string, memberId: string) => t.request({ method: "GET", url: url(memberId), token });

describe("members/{id}/availabilities", () => {
  it("lets a member set their own week and reads it back in order", async () => {
    const token = await t.as(org.users.user);
    const week = await putWeek(t, token, org.users.user.id, [...WEEK].reverse());
    expect(week).toMatchObject({ memberId: org.users.user.id, slots: WEEK, canEdit: true });
    const read = await get(token, org.users.user.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(week);
  });

  it("replaces the whole week, an empty list clearing it", async () => {
    const token = await t.as(org.users.admin);
    await putWeek(t, token, org.users.other.id, WEEK);
    expect((await putWeek(t, token, org.users.other.id, [{ day: 5, start: "08:00", end: "10:30" }])).slots).toEqual([
      { day: 5, start: "08:00", end: "10:30" },
    ]);
    expect((await putWeek(t, token, org.users.other.id, [])).slots).toEqual([]);
  });

  it("refuses overlapping slots with the spec's message, and nothing changes", async () => {
    const token = await t.as(org.users.admin);
    await putWeek(t, token, org.users.devops.id, WEEK);
    const res = await put(token, org.users.devops.id, [
      { day: 3, start: "09:00", end: "12:00" },
      { day: 3, start: "11:30", end: "13:00" },
    ]);
    expectError(res, 400, "validation.availability-overlap");
    expect(res.json().error.message).toBe("Les disponibilités ne doivent pas se chevaucher.");
    expect(res.json().error.fields).toEqual([{ path: "slots.1.start", code: "validation.availability-overlap" }]);
    expect((await get(token, org.users.devops.id)).json().slots).toEqual(WEEK);
  });

  it("refuses a slot whose start is not before its end, and a time not written HH:mm", async () => {
    const token = await t.as(org.users.admin);
    const same = await put(token, org.users.devops.id, [{ day: 1, start: "10:00", end: "10:00" }]);
    expectError(same, 400, "validation.start-before-end");
    expect(same.json().error.fields).toEqual([{ path: "slots.0.end", code: "validation.start-before-end" }]);
    const before = await put(token, org.users.devops.id, [{ day: 1, start: "14:00", end: "09:00" }]);
    expect(before.json().error.fields).toEqual([{ path: "slots.0.end", code: "validation.start-before-end" }]);
    const format = await put(token, org.users.devops.id, [{ day: 1, start: "9h", end: "10:00" }]);
    expectError(format, 400, "validation.time-format");
    expect(format.json().error.fields).toEqual([{ path: "slots.0.start", code: "validation.time-format" }]);
  });

  it("the database itself refuses overlapping slots of one member", async () => {
    const token = await t.as(org.users.admin);
    await putWeek(t, token, org.users.superAdmin.id, [{ day: 4, start: "09:00", end: "12:00" }]);
    await expect(
      t.db.owner
        .insertInto("availabilities")
        .values({ organization_id: org.orgId, member_id: org.users.superAdmin.id, day: 4, start_minute: 600, end_minute: 700 })
        .execute(),
    ).rejects.toMatchObject({ code: "23P01", constraint: "availabilities_no_overlap" });
  });

  it("keeps another member's week to them and administrators (403)", async () => {
    const user = await t.as(org.users.user);
    expectError(await put(user, org.users.other.id, WEEK), 403, "error.forbidden");
    // Reading it is allowed, and says it cannot be changed.
    const read = await get(user, org.users.other.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().canEdit).toBe(false);
  });

  it("answers 404 for a member of another organisation, reading or writing", async () => {
    const admin = await t.as(org.users.admin);
    expectError(await get(admin, other.users.user.id), 404, "error.not-found");
    expectError(await put(admin, other.users.user.id, WEEK), 404, "error.not-found");
    const foreign = await t.as(other.users.admin);
    expect((await get(foreign, other.users.user.id)).json().slots).toEqual([]);
  });
});
