import { agenda, type AppointmentChanged, type RealtimeEvent } from "@relais/shared";
import { isEvent } from "../../app/realtime/typed-events.ts";

/**
 * Which cached agenda reads a real-time event makes stale (keys of agendaKeys in keys.ts). Pure, so
 * the rule is tested without a browser; live-sync.tsx applies it to the query cache.
 */

export type AgendaChange = { kind: "appointment"; change: AppointmentChanged } | { kind: "availability"; memberId: string };

/** The members a cached range shows: its member, or the members of its team as last read. */
function membersOf(key: readonly unknown[], data: unknown): string[] | null {
  if (key[2] === "member" && typeof key[3] === "string") {
    return [key[3]];
  }
  const read = agenda.safeParse(data);
  // A team's range not read yet (or unreadable): re-reading it is the safe answer.
  return read.success ? read.data.members.map((m) => m.memberId) : null;
}

/** Does the cached query (its key and data) show something the change touched? */
export function isStaleAfter(change: AgendaChange, key: readonly unknown[], data: unknown): boolean {
  if (key[0] !== "agenda") {
    return false;
  }
  if (key[1] === "range") {
    const members = membersOf(key, data);
    const shows = (memberId: string) => members === null || members.includes(memberId);
    if (change.kind === "availability") {
      // A range shows its members' weekly availabilities on every day.
      return shows(change.memberId);
    }
    const [from, to] = [key[4], key[5]];
    if (typeof from !== "string" || typeof to !== "string") {
      return true;
    }
    return change.change.days.some((d) => shows(d.memberId) && d.date >= from && d.date <= to);
  }
  if (key[1] === "availabilities") {
    return change.kind === "availability" && key[2] === change.memberId;
  }
  if (key[1] === "contact") {
    return change.kind === "appointment" && key[2] === change.change.contactId;
  }
  return false;
}

/** An event as a change, or null when it is not one of the agenda's (or its payload is of another shape). */
export function agendaChangeOf(event: RealtimeEvent): AgendaChange | null {
  if (isEvent(event, "availability.changed")) {
    return { kind: "availability", memberId: event.payload.memberId };
  }
  if (isEvent(event, "appointment.changed")) {
    const { id, contactId, change, days } = event.payload;
    return { kind: "appointment", change: { id, contactId, change, days } };
  }
  return null;
}
