import { describe, expect, it } from "vitest";
import { canChangeScheduled, isFarEnough, reminderAt, remindersToPlan } from "./policy.ts";

const at = new Date("2026-12-10T15:00:00.000Z");
const minutes = (n: number) => new Date(at.getTime() - n * 60_000);

describe("the five-minute rule", () => {
  it("takes exactly five minutes ahead and refuses less", () => {
    expect(isFarEnough(at, minutes(5))).toBe(true);
    expect(isFarEnough(at, new Date(minutes(5).getTime() + 1))).toBe(false);
    expect(isFarEnough(at, minutes(-10))).toBe(false);
  });
});

describe("reminders", () => {
  it("go 24 h, 48 h or 7 days before the planned time", () => {
    expect(reminderAt(at, "24h").toISOString()).toBe("2026-12-09T15:00:00.000Z");
    expect(reminderAt(at, "48h").toISOString()).toBe("2026-12-08T15:00:00.000Z");
    expect(reminderAt(at, "7d").toISOString()).toBe("2026-12-03T15:00:00.000Z");
  });

  it("are planned only while their moment is still ahead", () => {
    expect(remindersToPlan(at, ["24h", "48h", "7d"], minutes(8 * 24 * 60))).toEqual(["24h", "48h", "7d"]);
    expect(remindersToPlan(at, ["24h", "48h", "7d"], minutes(3 * 24 * 60))).toEqual(["24h", "48h"]);
    expect(remindersToPlan(at, ["24h", "48h", "7d"], minutes(24 * 60))).toEqual([]);
  });
});

describe("who changes a scheduled message", () => {
  const row = { team_id: "t1", created_by: "author" };
  it("its author, a team administrator, an organisation administrator; not another member", () => {
    expect(canChangeScheduled({ userId: "author", role: "user", teams: [{ id: "t1", teamRole: "user" }] }, row)).toBe(true);
    expect(canChangeScheduled({ userId: "x", role: "user", teams: [{ id: "t1", teamRole: "admin" }] }, row)).toBe(true);
    expect(canChangeScheduled({ userId: "x", role: "super-admin", teams: [] }, row)).toBe(true);
    expect(canChangeScheduled({ userId: "x", role: "user", teams: [{ id: "t1", teamRole: "user" }] }, row)).toBe(false);
    expect(canChangeScheduled({ userId: "x", role: "marketing", teams: [{ id: "t2", teamRole: "admin" }] }, row)).toBe(false);
  });
});
