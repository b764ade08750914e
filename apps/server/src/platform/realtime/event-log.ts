import type { EventsPage, EventsQuery, RealtimeEvent } from "@relais/shared";
import { withTenant, type Db } from "../../db/database.ts";
import { currentPosition, prunedThrough, visibleEventsBetween, type HubEvent, type LogEvent } from "./event-repo.ts";
import type { Viewer } from "./visibility.ts";

/** An event as a client receives it (never the user id: a targeted event reaches only its user). */
export function toWire(e: LogEvent): RealtimeEvent {
  return { position: e.position, type: e.type, teamId: e.teamId, payload: e.payload, createdAt: e.createdAt.toISOString() };
}

/**
 * A hub event as the wire text a socket receives: toWire's JSON, with the payload spliced in as
 * PostgreSQL sent it instead of parsed and serialised again for every event.
 */
export function hubWire(e: HubEvent): string {
  const createdAt = JSON.stringify(e.createdAt.toISOString());
  return `{"position":${e.position},"type":${JSON.stringify(e.type)},"teamId":${JSON.stringify(e.teamId)},"payload":${e.payloadJson},"createdAt":${createdAt}}`;
}

export type Missed = { events: LogEvent[]; position: number; resync: boolean };

/**
 * What a reconnecting socket missed: the events after `after` it may see, up to the
 * organisation's current position. Further behind than `limit` events, replaying them is
 * pointless: the answer is `resync` (re-read the lists, carry on from `position`). A position
 * ahead of the log (a database restored from a backup), or one whose next events the retention
 * job has deleted (decision 0014), is a resync too.
 */
export async function readMissed(db: Db, viewer: Viewer, after: number | undefined, limit: number): Promise<Missed> {
  return withTenant(db, viewer.orgId, async (tx) => {
    // The cursor first: every event at or below it is committed, so the next read sees them all.
    const position = await currentPosition(tx);
    if (after === undefined) return { events: [], position, resync: false };
    if (after > position) return { events: [], position, resync: true };
    const events = await visibleEventsBetween(tx, viewer, after, position, limit + 1);
    if (events.length > limit || after < (await prunedThrough(tx, viewer.orgId))) return { events: [], position, resync: true };
    return { events, position, resync: false };
  });
}

/**
 * GET /api/events: the polling fallback, by cursor, from the same log and with the same
 * visibility as the socket. Without `after`, only the current position (start from now).
 */
export async function readEventsPage(db: Db, viewer: Viewer, query: EventsQuery): Promise<EventsPage> {
  return withTenant(db, viewer.orgId, async (tx) => {
    const position = await currentPosition(tx);
    const after = query.after;
    if (after === undefined) return { events: [], position, hasMore: false, resync: false };
    if (after > position) return { events: [], position, hasMore: false, resync: true };
    const rows = await visibleEventsBetween(tx, viewer, after, position, query.limit + 1);
    if (after < (await prunedThrough(tx, viewer.orgId))) return { events: [], position, hasMore: false, resync: true };
    const hasMore = rows.length > query.limit;
    const events = rows.slice(0, query.limit);
    // With more to come, resume after the last one answered; else everything up to the
    // organisation's position has been seen (invisible events included), so skip past them.
    const last = events.at(-1);
    return { events: events.map(toWire), position: hasMore && last ? last.position : position, hasMore, resync: false };
  });
}
