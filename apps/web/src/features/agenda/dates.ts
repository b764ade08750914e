import { localClock, minutesOf, timeOfMinutes } from "@relais/shared";

/** Calendar arithmetic on YYYY-MM-DD strings: no time zone can shift a day. */

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the week of `date` (weeks start on Monday in Quebec calendars). */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, day === 0 ? -6 : 1 - day);
}

/** Today in the organisation's time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return localClock(now, timeZone).date;
}

export type AgendaView = "day" | "week";

/** The days a view shows around `date`. */
export function daysOf(view: AgendaView, date: string): string[] {
  if (view === "day") return [date];
  const monday = mondayOf(date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** Rows of the time grid: one per STEP minutes. */
export const STEP = 15;

/**
 * The hours the grid shows: from the earliest slot start to the latest slot or appointment end,
 * rounded to the hour, 08:00–18:00 when there is nothing to show.
 */
export function gridHours(times: { start: string; end: string }[]): { from: number; to: number } {
  if (times.length === 0) return { from: 8 * 60, to: 18 * 60 };
  const from = Math.min(...times.map((t) => minutesOf(t.start)));
  const to = Math.max(...times.map((t) => minutesOf(t.end)));
  return { from: Math.floor(from / 60) * 60, to: Math.min(24 * 60, Math.ceil(to / 60) * 60) };
}

/** The free starts (every STEP minutes) of a slot that an appointment of `duration` fits from. */
export function freeStarts(slot: { start: string; end: string }, taken: { start: string; end: string }[], step = STEP): string[] {
  const out: string[] = [];
  const end = minutesOf(slot.end);
  for (let m = minutesOf(slot.start); m + step <= end; m += step) {
    const busy = taken.some((a) => minutesOf(a.start) < m + step && m < minutesOf(a.end));
    if (!busy) out.push(timeOfMinutes(m));
  }
  return out;
}
