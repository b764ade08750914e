import { typedPhoneToE164 } from "./phone.ts";

/** Rules of a contact's fields (spec part 2 §3, §5), shared by the server and the web's forms. */

/** The day it is now somewhere on Earth (UTC+14, the latest time zone), as YYYY-MM-DD. */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD naming a day that exists (no February 30), from year 1900 on. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A birthday is a calendar date that is not in the future. "Future" is judged against the latest
 * time zone, so that nobody's today is ever refused.
 */
export function isValidBirthday(value: string, now: Date = new Date()): boolean {
  return isCalendarDate(value) && value <= latestToday(now);
}

/** Spec part 2 §5: a phone is a valid international number or empty (any formatting typed). */
export function isPhoneOrEmpty(value: string): boolean {
  return value.trim() === "" || typedPhoneToE164(value) !== null;
}

/** The phone as stored: E.164, or null when empty. Call only on a value isPhoneOrEmpty accepted. */
export function contactPhoneOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  return typedPhoneToE164(value);
}

/**
 * A contact is named by a first name, a last name or a business: one of them at least, so that a
 * list of contacts never shows a blank line (validation.required-contact-name).
 */
export function hasContactName(c: { firstname?: string | null; lastname?: string | null; business?: string | null }): boolean {
  return [c.firstname, c.lastname, c.business].some((v) => typeof v === "string" && v.trim() !== "");
}

/** First and last name as one line, or the business when there is no name. */
export function contactDisplayName(c: { firstname: string | null; lastname: string | null; business: string | null }): string {
  const name = [c.firstname, c.lastname].filter((v): v is string => !!v && v.trim() !== "").join(" ");
  return name || c.business || "";
}
