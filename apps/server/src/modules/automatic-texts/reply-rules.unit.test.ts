import { describe, expect, it } from "vitest";
import { defaultWeekSchedule, type WeekSchedule } from "@relais/shared";
import { missedCallReplyDue, outsideHoursReplyDue, type Office } from "./reply-rules.ts";

/** Monday to Friday 09:00–17:00 with a lunch break 12:00–13:00, in Toronto. */
function office(overrides: Partial<Office> = {}): Office {
  const week: WeekSchedule = defaultWeekSchedule().map((day) =>
    day.enabled ? { ...day, breaks: [{ start: "12:00", end: "13:00" }] } : day,
  );
  return { week, timeZone: "America/Toronto", vacation: null, ...overrides };
}

const on = { enabled: true, text: "Nous sommes fermés." };

// 2026-03-16 is a Monday; Toronto is UTC−4 then (daylight saving time began on 2026-03-08).
const mondayAt = (hhmm: string) => new Date(`2026-03-16T${hhmm}:00-04:00`);

describe("outsideHoursReplyDue", () => {
  it("is not due while the team is open", () => {
    expect(outsideHoursReplyDue(on, office(), mondayAt("10:30"))).toBe(false);
    expect(outsideHoursReplyDue(on, office(), mondayAt("09:00"))).toBe(false);
    expect(outsideHoursReplyDue(on, office(), mondayAt("16:59"))).toBe(false);
  });

  it("is due before opening, from closing time on, and during a break", () => {
    expect(outsideHoursReplyDue(on, office(), mondayAt("08:59"))).toBe(true);
    expect(outsideHoursReplyDue(on, office(), mondayAt("17:00"))).toBe(true);
    expect(outsideHoursReplyDue(on, office(), mondayAt("12:00"))).toBe(true);
    expect(outsideHoursReplyDue(on, office(), mondayAt("12:59"))).toBe(true);
    expect(outsideHoursReplyDue(on, office(), mondayAt("13:00"))).toBe(false);
  });

  it("is due all day on a disabled day", () => {
    // 2026-03-15 is a Sunday.
    expect(outsideHoursReplyDue(on, office(), new Date("2026-03-15T10:30:00-04:00"))).toBe(true);
  });

  it("reads the hours in the organisation's time zone, not the server's", () => {
    // 10:30 in Toronto is 07:30 in Vancouver: open in one, closed in the other.
    const at = mondayAt("10:30");
    expect(outsideHoursReplyDue(on, office({ timeZone: "America/Toronto" }), at)).toBe(false);
    expect(outsideHoursReplyDue(on, office({ timeZone: "America/Vancouver" }), at)).toBe(true);
  });

  it("is due on every day of the organisation's vacation, first and last included", () => {
    const vacation = { start: "2026-03-16", end: "2026-03-20" };
    expect(outsideHoursReplyDue(on, office({ vacation }), mondayAt("10:30"))).toBe(true);
    expect(outsideHoursReplyDue(on, office({ vacation }), new Date("2026-03-20T10:30:00-04:00"))).toBe(true);
    expect(outsideHoursReplyDue(on, office({ vacation }), new Date("2026-03-23T10:30:00-04:00"))).toBe(false);
    // The vacation date is the organisation's: 23:30 on the 15th in Toronto is already the 16th in UTC.
    const lateSunday = new Date("2026-03-15T23:30:00-04:00");
    expect(
      outsideHoursReplyDue(on, office({ vacation: { start: "2026-03-16", end: "2026-03-16" }, week: openAllWeek() }), lateSunday),
    ).toBe(false);
  });

  it("is never due when the text is off or empty", () => {
    expect(outsideHoursReplyDue({ enabled: false, text: "Fermé" }, office(), mondayAt("20:00"))).toBe(false);
    expect(outsideHoursReplyDue({ enabled: true, text: "  \n " }, office(), mondayAt("20:00"))).toBe(false);
  });
});

describe("missedCallReplyDue", () => {
  it("is due whenever it is on with a text, at any hour", () => {
    expect(missedCallReplyDue(on)).toBe(true);
    expect(missedCallReplyDue({ enabled: false, text: "Rappel" })).toBe(false);
    expect(missedCallReplyDue({ enabled: true, text: " " })).toBe(false);
  });
});

function openAllWeek(): WeekSchedule {
  return defaultWeekSchedule().map((day) => ({ ...day, enabled: true, start: "00:00", end: "23:59" }));
}
