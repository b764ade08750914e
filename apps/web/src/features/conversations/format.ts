import type { IntlShape } from "react-intl";
import { formatPhoneForDisplay, type Thread } from "@relais/shared";

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

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** A list row's time: the hour today, else the date. */
export function shortTime(intl: IntlShape, iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (sameDay(date, now)) {
    return intl.formatTime(date, { hour: "2-digit", minute: "2-digit" });
  }
  return intl.formatDate(date, { day: "numeric", month: "short" });
}

/** A message's time: the hour, with the date when not today. */
export function messageTime(intl: IntlShape, iso: string, now = new Date()): string {
  const date = new Date(iso);
  const time = intl.formatTime(date, { hour: "2-digit", minute: "2-digit" });
  return sameDay(date, now) ? time : `${intl.formatDate(date, { day: "numeric", month: "short" })} ${time}`;
}
