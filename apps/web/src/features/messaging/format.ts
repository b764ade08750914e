import type { IntlShape } from "react-intl";
import { formatPhoneForDisplay, type MessageCall, type Thread } from "@relais/shared";
import { formatDate, formatTime, sameOfficeDay } from "../../ui/dates.ts";

/** The browser's own zone: for screens that are no office's (the phone simulator). */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** What the list and the thread header call a contact: its name when it is one, else the number. */
export function threadName(thread: Pick<Thread, "contactPhone" | "contact">): string {
  return thread.contact?.fullName || formatPhoneForDisplay(thread.contactPhone);
}

/** At most two initials (spec part 1 §9), from the words of a name or the groups of a number. */
export function avatarInitials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return picked
    .map((w) => Array.from(w ?? "")[0] ?? "")
    .join("")
    .toUpperCase()
    .slice(0, 2);
}

/** A list row's time, on the office's clock (ui/dates.ts): the hour today, else the date. */
export function shortTime(intl: IntlShape, iso: string, timeZone = browserZone(), now = new Date()): string {
  return sameOfficeDay(iso, now, timeZone) ? formatTime(intl, iso, timeZone) : formatDate(intl, iso, timeZone);
}

/** A message's time, on the office's clock: the hour, after the date when not today. */
export function messageTime(intl: IntlShape, iso: string, timeZone = browserZone(), now = new Date()): string {
  const time = formatTime(intl, iso, timeZone);
  return sameOfficeDay(iso, now, timeZone) ? time : `${formatDate(intl, iso, timeZone)} ${time}`;
}

/** What a call in the list's preview was: placed by the office, received, or an inbound one nobody answered. */
export function lastCallKind(call: Pick<MessageCall, "direction" | "state" | "answeredAt">): "inbound" | "outbound" | "missed" {
  if (call.direction === "outbound") return "outbound";
  return call.answeredAt === null && call.state === "ended" ? "missed" : "inbound";
}
