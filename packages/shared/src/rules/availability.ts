import { minutesOf } from "./schedule.ts";

/** One weekly slot of a member: day 0 (Sunday) to 6 (Saturday), HH:mm start and end. */
export type WeeklySlot = { day: number; start: string; end: string };

export type SlotProblem = { index: number; key: "validation.start-before-end" | "validation.availability-overlap" };

/**
 * Problems of a member's week (spec part 2 §5): each slot starts before it ends, and no two
 * slots of one day overlap (touching ends, 09:00–12:00 then 12:00–15:00, do not overlap).
 */
export function weeklySlotProblems(slots: readonly WeeklySlot[]): SlotProblem[] {
  const problems: SlotProblem[] = [];
  const valid: { index: number; day: number; start: number; end: number }[] = [];
  slots.forEach((s, index) => {
    const start = minutesOf(s.start);
    const end = minutesOf(s.end);
    if (start >= end) problems.push({ index, key: "validation.start-before-end" });
    else valid.push({ index, day: s.day, start, end });
  });
  valid.sort((a, b) => a.day - b.day || a.start - b.start);
  // Compare with the latest end of the day so far: a long slot may cover several later ones.
  let day = -1;
  let latestEnd = -1;
  for (const cur of valid) {
    if (cur.day !== day) {
      day = cur.day;
      latestEnd = -1;
    }
    if (cur.start < latestEnd) problems.push({ index: cur.index, key: "validation.availability-overlap" });
    latestEnd = Math.max(latestEnd, cur.end);
  }
  return problems;
}

/**
 * Does an appointment of `day` from `start` for `duration` minutes lie inside one of the slots?
 * An appointment is booked in a member's availability, never across two of them.
 */
export function fitsAvailability(slots: readonly WeeklySlot[], day: number, start: string, duration: number): boolean {
  const from = minutesOf(start);
  const to = from + duration;
  return slots.some((s) => s.day === day && minutesOf(s.start) <= from && to <= minutesOf(s.end));
}

/** The day of the week (0 Sunday) of a YYYY-MM-DD calendar date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** HH:mm of minutes since midnight (0 to 1439). */
export function timeOfMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}
