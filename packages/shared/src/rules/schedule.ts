import { z } from "zod";

/** HH:mm, 00:00 to 23:59 (spec part 1 §5). */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const timeOfDay = z.string().regex(TIME_PATTERN, { message: "validation.time-format" });

export const timeRange = z.object({ start: timeOfDay, end: timeOfDay });
export type TimeRange = z.infer<typeof timeRange>;

export const daySchedule = z.object({
  day: z.number().int().min(0).max(6),
  enabled: z.boolean(),
  start: timeOfDay,
  end: timeOfDay,
  breaks: z.array(timeRange).max(10).default([]),
});
export type DaySchedule = z.infer<typeof daySchedule>;

/** Minutes since midnight of an HH:mm value already checked by TIME_PATTERN. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export type ScheduleProblem = { path: (string | number)[]; key: string };

/**
 * Problems of one day: start before end; each break starts before it ends, lies inside the
 * working hours and overlaps no other break (spec part 1 §5). A disabled day is not checked,
 * so a person can switch a day off without first repairing it.
 */
export function dayScheduleProblems(day: DaySchedule): ScheduleProblem[] {
  if (!day.enabled) return [];
  const problems: ScheduleProblem[] = [];
  const start = minutesOf(day.start);
  const end = minutesOf(day.end);
  if (start >= end) problems.push({ path: ["end"], key: "validation.start-before-end" });
  const sorted = day.breaks
    .map((b, index) => ({ index, start: minutesOf(b.start), end: minutesOf(b.end) }))
    .sort((a, b) => a.start - b.start);
  for (const b of sorted) {
    if (b.start >= b.end) {
      problems.push({ path: ["breaks", b.index, "end"], key: "validation.start-before-end" });
    } else if (b.start < start || b.end > end) {
      problems.push({ path: ["breaks", b.index], key: "error.invalid-break-time" });
    }
  }
  // Compare each break with the latest end so far, not only its neighbour: a long break may
  // cover several later ones.
  let latestEnd = -1;
  for (const cur of sorted) {
    if (cur.start < latestEnd) {
      problems.push({ path: ["breaks", cur.index], key: "validation.breaks-overlap" });
    }
    latestEnd = Math.max(latestEnd, cur.end);
  }
  return problems;
}

export const weekSchedule = z
  .array(daySchedule)
  .length(7)
  .superRefine((days, ctx) => {
    days.forEach((day, index) => {
      if (day.day !== index) {
        ctx.addIssue({ code: "custom", path: [index, "day"], message: "validation.invalid" });
      }
      // zod still runs this refinement when a time failed its HH:mm check; such a day has only
      // its format problems, not misleading ones computed from a malformed time.
      const times = [day.start, day.end, ...day.breaks.flatMap((b) => [b.start, b.end])];
      if (!times.every((t) => TIME_PATTERN.test(t))) return;
      for (const p of dayScheduleProblems(day)) {
        ctx.addIssue({ code: "custom", path: [index, ...p.path], message: p.key });
      }
    });
  });
export type WeekSchedule = z.infer<typeof weekSchedule>;

/** Default week: 09:00 to 17:00, Monday to Friday enabled (spec part 1 §3). */
export function defaultWeekSchedule(): WeekSchedule {
  return Array.from({ length: 7 }, (_, day) => ({
    day,
    enabled: day >= 1 && day <= 5,
    start: "09:00",
    end: "17:00",
    breaks: [],
  }));
}

/** The weekday (0 Sunday) and minutes since midnight of an instant in a time zone. */
export function localClock(at: Date, timeZone: string): { day: number; minutes: number; date: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    weekday: "short",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  return {
    day: weekdays.indexOf(get("weekday")),
    minutes: Number(get("hour")) * 60 + Number(get("minute")),
    date: `${get("year")}-${get("month")}-${get("day")}`,
  };
}

export type Vacation = { start: string; end: string } | null | undefined;

/**
 * Is the office open at `at`, in its time zone: the day is enabled, the time is inside its hours
 * and outside its breaks, and the date is outside the vacation (inclusive dates, YYYY-MM-DD).
 */
export function isOpenAt(week: WeekSchedule, at: Date, timeZone: string, vacation?: Vacation): boolean {
  const clock = localClock(at, timeZone);
  if (vacation && clock.date >= vacation.start && clock.date <= vacation.end) return false;
  const day = week[clock.day];
  if (!day?.enabled) return false;
  if (clock.minutes < minutesOf(day.start) || clock.minutes >= minutesOf(day.end)) return false;
  return !day.breaks.some((b) => clock.minutes >= minutesOf(b.start) && clock.minutes < minutesOf(b.end));
}
