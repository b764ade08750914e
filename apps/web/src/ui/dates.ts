import { useMemo } from "react";
import { useIntl, type IntlShape } from "react-intl";
import { useSession } from "../app/session/session.tsx";

/**
 * How Relais shows dates (spec part 1 §9: "DD / MM / YYYY or YYYY-MM-DD"): always YYYY-MM-DD —
 * the numeric form the Office québécois de la langue française recommends, read the same in
 * French and English, and the form the date fields take — with an optional weekday in words, and
 * the time in the person's language. An instant is shown on the office's wall clock (its
 * organisation's time zone), never the browser's: a receptionist working from home sees the
 * clinic's day. The one place the web formats a date; nothing else calls Intl for one.
 */

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The office's calendar date of an instant (or a calendar date as it is), YYYY-MM-DD. */
export function calendarDate(value: string | Date, timeZone: string): string {
  if (typeof value === "string" && CALENDAR_DATE.test(value)) {
    return value;
  }
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(value));
}

/** A calendar date as a moment the weekday can be read from, whatever the time zone. */
const noonUtc = (date: string): Date => new Date(`${date}T12:00:00Z`);

/**
 * A date as shown: YYYY-MM-DD, after its weekday in words when asked ("mercredi 2027-03-17",
 * "Wed 2027-03-17"). `value`: a calendar date (YYYY-MM-DD) or an instant, read in `timeZone`.
 */
export function formatDate(intl: IntlShape, value: string | Date, timeZone: string, weekday?: "long" | "short"): string {
  const date = calendarDate(value, timeZone);
  if (!weekday) {
    return date;
  }
  return `${intl.formatDate(noonUtc(date), { timeZone: "UTC", weekday })} ${date}`;
}

/** The time of an instant on the office's clock, in the person's language ("14 h 05", "2:05 p.m."). */
export function formatTime(intl: IntlShape, value: string | Date, timeZone: string): string {
  return intl.formatTime(new Date(value), { timeZone, hour: "2-digit", minute: "2-digit" });
}

/** Date and time of an instant on the office's clock: "2026-11-26 14 h 05". */
export function formatDateTime(intl: IntlShape, value: string | Date, timeZone: string): string {
  return `${formatDate(intl, value, timeZone)} ${formatTime(intl, value, timeZone)}`;
}

/** Whether two instants fall on the same day of the office. */
export function sameOfficeDay(a: string | Date, b: string | Date, timeZone: string): boolean {
  return calendarDate(a, timeZone) === calendarDate(b, timeZone);
}

/** The formatters above, bound to the person's language and the office's time zone. */
export function useDates() {
  const intl = useIntl();
  const timeZone = useSession().organization.timezone;
  return useMemo(
    () => ({
      timeZone,
      date: (value: string | Date, weekday?: "long" | "short") => formatDate(intl, value, timeZone, weekday),
      time: (value: string | Date) => formatTime(intl, value, timeZone),
      dateTime: (value: string | Date) => formatDateTime(intl, value, timeZone),
    }),
    [intl, timeZone],
  );
}
