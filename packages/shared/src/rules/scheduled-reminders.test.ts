import { describe, expect, it } from "vitest";
import { instantInZone, pastReminders, reminderAt, scheduledSendTime } from "./scheduled-reminders.ts";
import { defaultWeekSchedule } from "./schedule.ts";

describe("reminders already past", () => {
  const now = new Date("2026-11-25T14:00:00Z");

  it("a 24 h reminder on a text due in 6 minutes is past; 7 days before a text due in 8 days is not", () => {
    const soon = new Date(now.getTime() + 6 * 60_000);
    expect(pastReminders(soon, ["24h", "48h", "7d"], now)).toEqual(["24h", "48h", "7d"]);
    const later = new Date(now.getTime() + 8 * 24 * 3_600_000);
    expect(pastReminders(later, ["24h", "48h", "7d"], now)).toEqual([]);
    const inThreeDays = new Date(now.getTime() + 3 * 24 * 3_600_000);
    expect(pastReminders(inThreeDays, ["24h", "48h", "7d"], now)).toEqual(["7d"]);
  });

  it("a reminder due exactly now is past", () => {
    const at = new Date(now.getTime() + 24 * 3_600_000);
    expect(reminderAt(at, "24h")).toEqual(now);
    expect(pastReminders(at, ["24h"], now)).toEqual(["24h"]);
  });
});

describe("instantInZone", () => {
  it("reads a local date and time of the office's time zone", () => {
    expect(instantInZone("2026-11-25", "09:30", "America/Toronto")?.toISOString()).toBe("2026-11-25T14:30:00.000Z");
    expect(instantInZone("2026-07-01", "09:30", "America/Toronto")?.toISOString()).toBe("2026-07-01T13:30:00.000Z");
    expect(instantInZone("2026-07-01", "09:30", "Europe/Paris")?.toISOString()).toBe("2026-07-01T07:30:00.000Z");
  });

  it("answers null for a date or time not complete", () => {
    expect(instantInZone("", "09:30", "America/Toronto")).toBeNull();
    expect(instantInZone("2026-11-25", "", "America/Toronto")).toBeNull();
  });
});

describe("a date without a time (decision 0034)", () => {
  const week = defaultWeekSchedule().map((d) => (d.day === 2 ? { ...d, start: "07:45" } : d));

  it("goes at the office's opening time that day, 09:00 on a day it is closed, and keeps a time given", () => {
    // 2026-12-01 is a Tuesday (opens 07:45 here), 2026-12-05 a Saturday (closed), 2026-12-07 a Monday.
    expect(scheduledSendTime("2026-12-01", null, week)).toBe("07:45");
    expect(scheduledSendTime("2026-12-01", "", week)).toBe("07:45");
    expect(scheduledSendTime("2026-12-05", undefined, week)).toBe("09:00");
    expect(scheduledSendTime("2026-12-07", null, week)).toBe("09:00");
    expect(scheduledSendTime("2026-12-01", "16:30", week)).toBe("16:30");
  });
});
