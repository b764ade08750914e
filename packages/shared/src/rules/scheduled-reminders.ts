import { REMINDER_OFFSET_MINUTES, type ScheduledReminder } from "../contracts/scheduled-messages.ts";
import { localClock, type WeekSchedule } from "./schedule.ts";

/**
 * Reminders of a scheduled message (spec part 2 §3, issue 15 §6): a reminder whose moment is
 * already past — 24 hours before a text due in 6 minutes — cannot be planned. The server refuses
 * it (error.scheduled-reminder-past) and the form greys it out with the reason.
 */

const MINUTE = 60_000;

/** When reminder `r` of a message planned at `at` goes. */
export function reminderAt(at: Date, r: ScheduledReminder): Date {
  return new Date(at.getTime() - REMINDER_OFFSET_MINUTES[r] * MINUTE);
}

/** The reminders of `reminders` whose moment is not after `now`. */
export function pastReminders(at: Date, reminders: readonly ScheduledReminder[], now: Date): ScheduledReminder[] {
  return reminders.filter((r) => reminderAt(at, r).getTime() <= now.getTime());
}

/**
 * The instant of a local date (YYYY-MM-DD) and time (HH:mm) in a time zone, or null when they
 * are not both complete. A time a daylight-saving change skips is read as the one after it.
 */
export function instantInZone(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const target = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  let guess = target;
  // Two corrections settle any offset, a daylight-saving change included.
  for (let i = 0; i < 2; i++) {
    const clock = localClock(new Date(guess), timeZone);
    const [y, m, day] = clock.date.split("-").map(Number);
    const shown = Date.UTC(y ?? 0, (m ?? 1) - 1, day ?? 1) + clock.minutes * MINUTE;
    guess += target - shown;
  }
  return new Date(guess);
}

/**
 * When a message planned for a date alone goes (spec part 2 §3: the time is optional; decision
 * 0034): at the office's opening time that day, from the organisation's week; a day the office
 * is closed, at 09:00, the spec's default opening. A time given is kept as it is.
 */
export const SCHEDULED_CLOSED_DAY_TIME = "09:00";

export function scheduledSendTime(date: string, time: string | null | undefined, week: WeekSchedule): string {
  if (time) return time;
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!d) return SCHEDULED_CLOSED_DAY_TIME;
  const weekday = new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]))).getUTCDay();
  const day = week.find((w) => w.day === weekday);
  return day?.enabled ? day.start : SCHEDULED_CLOSED_DAY_TIME;
}
