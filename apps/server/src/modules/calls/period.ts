import { localClock, minutesOf, type CallPeriod, type Vacation, type WeekSchedule } from "@relais/shared";

/**
 * The team's period at `at` (spec §3 greeting periods): VACATION during the organisation's
 * vacation, OPEN inside the day's hours, BREAK inside one of its breaks, CLOSE otherwise.
 */
export function periodAt(week: WeekSchedule, at: Date, timeZone: string, vacation: Vacation): CallPeriod {
  const clock = localClock(at, timeZone);
  if (vacation && clock.date >= vacation.start && clock.date <= vacation.end) return "VACATION";
  const day = week[clock.day];
  if (!day?.enabled) return "CLOSE";
  if (clock.minutes < minutesOf(day.start) || clock.minutes >= minutesOf(day.end)) return "CLOSE";
  if (day.breaks.some((b) => clock.minutes >= minutesOf(b.start) && clock.minutes < minutesOf(b.end))) return "BREAK";
  return "OPEN";
}
