import { describe, expect, it } from "vitest";
import {
  TIME_PATTERN,
  dayScheduleProblems,
  defaultWeekSchedule,
  isOpenAt,
  localClock,
  minutesOf,
  weekSchedule,
  type DaySchedule,
  type WeekSchedule,
} from "./schedule.ts";

const day = (over: Partial<DaySchedule> = {}): DaySchedule => ({
  day: 1,
  enabled: true,
  start: "09:00",
  end: "17:00",
  breaks: [],
  ...over,
});

/** A week whose every day is `d` (with its own day number). */
const week = (d: Partial<DaySchedule> = {}): WeekSchedule => Array.from({ length: 7 }, (_, i) => day({ ...d, day: i }));

/** The issues of weekSchedule as `path -> message`, or [] when it parses. */
function issues(value: unknown): { path: string; message: string }[] {
  const result = weekSchedule.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

describe("time of day", () => {
  it.each(["00:00", "09:05", "12:30", "23:59"])("accepts %s", (t) => {
    expect(TIME_PATTERN.test(t)).toBe(true);
  });

  it.each(["9:00", "24:00", "12:60", "12:5", "12h30", "12:30:00", "", " 12:30"])("rejects %j", (t) => {
    expect(TIME_PATTERN.test(t)).toBe(false);
  });

  it("counts minutes since midnight", () => {
    expect(minutesOf("00:00")).toBe(0);
    expect(minutesOf("09:30")).toBe(570);
    expect(minutesOf("23:59")).toBe(1439);
  });
});

describe("weekSchedule", () => {
  it("accepts the default week: Monday to Friday, 09:00 to 17:00", () => {
    const w = defaultWeekSchedule();
    expect(issues(w)).toEqual([]);
    expect(w).toHaveLength(7);
    expect(w.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(w.map((d) => d.enabled)).toEqual([false, true, true, true, true, true, false]);
    for (const d of w) {
      expect(d.start).toBe("09:00");
      expect(d.end).toBe("17:00");
      expect(d.breaks).toEqual([]);
    }
  });

  it("needs exactly seven days, each in its place", () => {
    expect(issues(week().slice(0, 6)).length).toBeGreaterThan(0);
    const swapped = week();
    swapped[2] = { ...swapped[2]!, day: 3 };
    expect(issues(swapped)).toEqual([{ path: "2.day", message: "validation.invalid" }]);
  });

  it("needs HH:mm times", () => {
    const w = week();
    w[1] = { ...w[1]!, start: "9:00" };
    w[3] = { ...w[3]!, breaks: [{ start: "12:00", end: "24:00" }] };
    expect(issues(w)).toEqual([
      { path: "1.start", message: "validation.time-format" },
      { path: "3.breaks.0.end", message: "validation.time-format" },
    ]);
  });

  it("needs the start before the end", () => {
    const w = week();
    w[1] = { ...w[1]!, start: "17:00", end: "09:00" };
    w[2] = { ...w[2]!, start: "09:00", end: "09:00" };
    expect(issues(w)).toEqual([
      { path: "1.end", message: "validation.start-before-end" },
      { path: "2.end", message: "validation.start-before-end" },
    ]);
  });

  it("needs each break to start before it ends", () => {
    const w = week();
    w[4] = { ...w[4]!, breaks: [{ start: "13:00", end: "12:00" }] };
    expect(issues(w)).toEqual([{ path: "4.breaks.0.end", message: "validation.start-before-end" }]);
  });

  it("needs breaks inside the working hours", () => {
    const w = week();
    w[1] = { ...w[1]!, breaks: [{ start: "08:30", end: "09:30" }] };
    w[2] = { ...w[2]!, breaks: [{ start: "16:30", end: "17:30" }] };
    w[3] = { ...w[3]!, breaks: [{ start: "09:00", end: "17:00" }] };
    expect(issues(w)).toEqual([
      { path: "1.breaks.0", message: "error.invalid-break-time" },
      { path: "2.breaks.0", message: "error.invalid-break-time" },
    ]);
  });

  it("rejects overlapping breaks but accepts breaks that only touch", () => {
    const w = week();
    w[1] = {
      ...w[1]!,
      breaks: [
        { start: "12:00", end: "13:00" },
        { start: "10:00", end: "10:15" },
        { start: "12:30", end: "13:30" },
      ],
    };
    w[2] = {
      ...w[2]!,
      breaks: [
        { start: "12:00", end: "12:30" },
        { start: "12:30", end: "13:00" },
      ],
    };
    expect(issues(w)).toEqual([{ path: "1.breaks.2", message: "validation.breaks-overlap" }]);
  });

  it("flags every break that overlaps an earlier one, not only its neighbour", () => {
    const problems = dayScheduleProblems(
      day({
        breaks: [
          { start: "10:00", end: "15:00" },
          { start: "11:00", end: "12:00" },
          { start: "13:00", end: "14:00" },
        ],
      }),
    );
    expect(problems).toEqual([
      { path: ["breaks", 1], key: "validation.breaks-overlap" },
      { path: ["breaks", 2], key: "validation.breaks-overlap" },
    ]);
  });

  it("does not check a disabled day", () => {
    const w = week();
    w[0] = {
      ...w[0]!,
      enabled: false,
      start: "18:00",
      end: "08:00",
      breaks: [
        { start: "20:00", end: "21:00" },
        { start: "20:30", end: "21:30" },
      ],
    };
    expect(issues(w)).toEqual([]);
    expect(dayScheduleProblems(w[0])).toEqual([]);
    expect(dayScheduleProblems({ ...w[0], enabled: true }).length).toBeGreaterThan(0);
  });

  it("still checks the HH:mm format of a disabled day", () => {
    const w = week();
    w[6] = { ...w[6]!, enabled: false, end: "25:00" };
    expect(issues(w)).toEqual([{ path: "6.end", message: "validation.time-format" }]);
  });
});

describe("localClock", () => {
  it("reads weekday, minutes and date in the given time zone, midnight as 0", () => {
    // Monday 2025-03-10 00:30 EDT.
    expect(localClock(new Date("2025-03-10T04:30:00Z"), "America/Toronto")).toEqual({
      day: 1,
      minutes: 30,
      date: "2025-03-10",
    });
    // The same instant is 05:30 in Paris.
    expect(localClock(new Date("2025-03-10T04:30:00Z"), "Europe/Paris")).toEqual({
      day: 1,
      minutes: 330,
      date: "2025-03-10",
    });
  });
});

describe("isOpenAt", () => {
  const office = defaultWeekSchedule();
  const at = (iso: string) => new Date(iso);

  it("opens at the start and closes at the end (end exclusive)", () => {
    // Wednesday 2025-01-15, EST (UTC-5).
    expect(isOpenAt(office, at("2025-01-15T13:59:00Z"), "America/Toronto")).toBe(false); // 08:59
    expect(isOpenAt(office, at("2025-01-15T14:00:00Z"), "America/Toronto")).toBe(true); // 09:00
    expect(isOpenAt(office, at("2025-01-15T21:59:00Z"), "America/Toronto")).toBe(true); // 16:59
    expect(isOpenAt(office, at("2025-01-15T22:00:00Z"), "America/Toronto")).toBe(false); // 17:00
  });

  it("is closed on disabled days", () => {
    expect(isOpenAt(office, at("2025-01-18T15:00:00Z"), "America/Toronto")).toBe(false); // Saturday 10:00
    expect(isOpenAt(office, at("2025-01-19T15:00:00Z"), "America/Toronto")).toBe(false); // Sunday 10:00
  });

  it("follows daylight saving time in America/Toronto (2025-03-09)", () => {
    // Monday 2025-03-03, EST (UTC-5): 13:30Z is 08:30, 14:00Z is 09:00.
    expect(isOpenAt(office, at("2025-03-03T13:30:00Z"), "America/Toronto")).toBe(false);
    expect(isOpenAt(office, at("2025-03-03T14:00:00Z"), "America/Toronto")).toBe(true);
    // Monday 2025-03-10, EDT (UTC-4): 13:30Z is 09:30, 20:30Z is 16:30, 21:00Z is 17:00.
    expect(isOpenAt(office, at("2025-03-10T13:30:00Z"), "America/Toronto")).toBe(true);
    expect(isOpenAt(office, at("2025-03-10T20:30:00Z"), "America/Toronto")).toBe(true);
    expect(isOpenAt(office, at("2025-03-10T21:00:00Z"), "America/Toronto")).toBe(false);
    // Back to EST on Monday 2025-11-03: 13:30Z is 08:30 again.
    expect(isOpenAt(office, at("2025-11-03T13:30:00Z"), "America/Toronto")).toBe(false);
    expect(isOpenAt(office, at("2025-11-03T14:00:00Z"), "America/Toronto")).toBe(true);
  });

  it("follows daylight saving time in Europe/Paris (2025-03-30)", () => {
    // Monday 2025-03-24, CET (UTC+1): 07:30Z is 08:30, 08:00Z is 09:00, 16:00Z is 17:00.
    expect(isOpenAt(office, at("2025-03-24T07:30:00Z"), "Europe/Paris")).toBe(false);
    expect(isOpenAt(office, at("2025-03-24T08:00:00Z"), "Europe/Paris")).toBe(true);
    expect(isOpenAt(office, at("2025-03-24T16:00:00Z"), "Europe/Paris")).toBe(false);
    // Monday 2025-03-31, CEST (UTC+2): 07:00Z is 09:00, 15:00Z is 17:00.
    expect(isOpenAt(office, at("2025-03-31T07:00:00Z"), "Europe/Paris")).toBe(true);
    expect(isOpenAt(office, at("2025-03-31T15:00:00Z"), "Europe/Paris")).toBe(false);
    expect(isOpenAt(office, at("2025-03-31T14:59:00Z"), "Europe/Paris")).toBe(true);
  });

  it("judges the same instant by each office's own clock and weekday", () => {
    // 2025-03-08T03:30Z is Friday 22:30 in Toronto and Saturday 04:30 in Paris.
    const lateFriday = week({ start: "00:00", end: "23:59" });
    lateFriday[6] = { ...lateFriday[6]!, enabled: false };
    expect(isOpenAt(lateFriday, at("2025-03-08T03:30:00Z"), "America/Toronto")).toBe(true);
    expect(isOpenAt(lateFriday, at("2025-03-08T03:30:00Z"), "Europe/Paris")).toBe(false);
    // Monday 2025-01-13 15:00Z: 10:00 in Toronto, 16:00 in Paris, 00:00 Tuesday in Tokyo.
    const t = at("2025-01-13T15:00:00Z");
    expect(isOpenAt(office, t, "America/Toronto")).toBe(true);
    expect(isOpenAt(office, t, "Europe/Paris")).toBe(true);
    expect(isOpenAt(office, t, "Asia/Tokyo")).toBe(false);
  });

  it("is closed during breaks (break end exclusive)", () => {
    const lunch = week({ breaks: [{ start: "12:00", end: "13:00" }] });
    // Wednesday 2025-01-15, EST.
    expect(isOpenAt(lunch, at("2025-01-15T16:59:00Z"), "America/Toronto")).toBe(true); // 11:59
    expect(isOpenAt(lunch, at("2025-01-15T17:00:00Z"), "America/Toronto")).toBe(false); // 12:00
    expect(isOpenAt(lunch, at("2025-01-15T17:59:00Z"), "America/Toronto")).toBe(false); // 12:59
    expect(isOpenAt(lunch, at("2025-01-15T18:00:00Z"), "America/Toronto")).toBe(true); // 13:00
  });

  it("is closed during the vacation, both dates included", () => {
    const vacation = { start: "2025-03-11", end: "2025-03-13" };
    const zone = "America/Toronto";
    expect(isOpenAt(office, at("2025-03-10T14:00:00Z"), zone, vacation)).toBe(true); // Mon 10:00
    expect(isOpenAt(office, at("2025-03-11T13:00:00Z"), zone, vacation)).toBe(false); // Tue 09:00, first day
    expect(isOpenAt(office, at("2025-03-12T14:00:00Z"), zone, vacation)).toBe(false); // Wed
    expect(isOpenAt(office, at("2025-03-13T20:59:00Z"), zone, vacation)).toBe(false); // Thu 16:59, last day
    expect(isOpenAt(office, at("2025-03-14T13:00:00Z"), zone, vacation)).toBe(true); // Fri 09:00
    expect(isOpenAt(office, at("2025-03-12T14:00:00Z"), zone, null)).toBe(true);
    expect(isOpenAt(office, at("2025-03-12T14:00:00Z"), zone, undefined)).toBe(true);
  });

  it("reads the vacation dates in the office's time zone", () => {
    const always = week({ start: "00:00", end: "23:59" });
    const vacation = { start: "2025-03-09", end: "2025-03-09" };
    // 2025-03-09T03:00Z is Saturday 2025-03-08 22:00 in Toronto, Sunday 2025-03-09 04:00 in Paris.
    expect(isOpenAt(always, at("2025-03-09T03:00:00Z"), "America/Toronto", vacation)).toBe(true);
    expect(isOpenAt(always, at("2025-03-09T03:00:00Z"), "Europe/Paris", vacation)).toBe(false);
  });
});
