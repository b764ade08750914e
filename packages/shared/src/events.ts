import { z } from "zod";
import { contactSummary, type ContactSummary } from "./contracts/contacts.ts";
import { message, thread, type Message, type Thread } from "./contracts/messaging.ts";

/**
 * Real-time events (DESIGN §5): every name a server writes to the `events` log, with its payload,
 * typed like Immich's EventMap. The server records them with `recordEvent(tx, orgId, {type,
 * payload})`; the web receives them on /api/realtime or from GET /api/events. A name is added
 * here when its module emits it.
 *
 * The text inbox's events carry the whole presented record (`Thread`, `Message`), exactly as its
 * endpoints answer it to a member of the thread's team, so an open screen shows the change without
 * another read. The others carry ids and small facts: a browser that needs more re-reads the
 * resource through its own endpoint, which applies the same permissions as any other read.
 */

/** Why a session ended; the same reasons as the sessions table. */
export const SESSION_REVOKE_REASONS = ["logout", "superseded", "reuse", "idle", "password", "removed"] as const;
export type SessionRevokeReason = (typeof SESSION_REVOKE_REASONS)[number];

export type EventMap = {
  /** A session of the target user ended; a socket of that session is closed (4440 if superseded). */
  "session.revoked": { sessionId: string; reason: SessionRevokeReason };
  /** The target user joined or left a team: what they may see changes. */
  "team.membership": { teamId: string; change: "added" | "removed" };
  // Text inbox (apps/server/src/modules/messaging), scoped to the thread's team: the thread or
  // message as presented to that team, once the change is made.
  "thread.created": Thread;
  "thread.updated": Thread;
  /** The thread and its messages were deleted. */
  "thread.removed": { id: string; teamId: string };
  "message.created": Message;
  "message.updated": Message;
  // Contacts (apps/server/src/modules/contacts), organisation-wide: every staff member may read
  // contacts, and the conversation list shows their names.
  "contact.created": ContactSummary;
  "contact.updated": ContactSummary;
  "contact.removed": { id: string };
  // Satisfaction survey (apps/server/src/modules/surveys): a run of the thread started, moved on
  // or ended; scoped to the thread's team, whose screens re-read GET threads/{id}/survey.
  "survey.updated": { threadId: string; teamId: string };
  // Agenda (apps/server/src/modules/agenda), organisation-wide like the agenda itself: every staff
  // member may read any member's days. Screens showing one of `days` (or the contact's
  // appointments) re-read them; a move names both the day it left and the day it went to.
  "appointment.changed": AppointmentChanged;
  "availability.changed": { memberId: string };
};

/** An appointment was booked, moved or cancelled: the member days it touched, and its contact. */
export type AppointmentChanged = {
  id: string;
  contactId: string;
  change: "booked" | "moved" | "cancelled";
  days: { memberId: string; date: string }[];
};

export type EventName = keyof EventMap;

/**
 * Each payload's schema, for a client to check what it received before trusting its type (a
 * newer server may send another shape during a rolling deploy). The inbox's and the contacts'
 * are their endpoints' schemas; the rest ask only for the types of their fields.
 */
export const EVENT_PAYLOADS = {
  "session.revoked": z.object({ sessionId: z.string(), reason: z.enum(SESSION_REVOKE_REASONS) }),
  "team.membership": z.object({ teamId: z.string(), change: z.enum(["added", "removed"]) }),
  "thread.created": thread,
  "thread.updated": thread,
  "thread.removed": z.object({ id: z.string(), teamId: z.string() }),
  "message.created": message,
  "message.updated": message,
  "contact.created": contactSummary,
  "contact.updated": contactSummary,
  "contact.removed": z.object({ id: z.string() }),
  "survey.updated": z.object({ threadId: z.string(), teamId: z.string() }),
  "appointment.changed": z.object({
    id: z.string(),
    contactId: z.string(),
    change: z.enum(["booked", "moved", "cancelled"]),
    days: z.array(z.object({ memberId: z.string(), date: z.string() })),
  }),
  "availability.changed": z.object({ memberId: z.string() }),
} satisfies { [N in EventName]: z.ZodType<EventMap[N]> };

export const EVENT_NAMES = [
  "session.revoked",
  "team.membership",
  "thread.created",
  "thread.updated",
  "thread.removed",
  "message.created",
  "message.updated",
  "contact.created",
  "contact.updated",
  "contact.removed",
  "survey.updated",
  "appointment.changed",
  "availability.changed",
] as const satisfies readonly EventName[];

// Every name of the map is listed above (`satisfies` checks nothing else is): else a compile error.
type AssertNever<T extends never> = T;
type _EveryNameListed = AssertNever<Exclude<EventName, (typeof EVENT_NAMES)[number]>>;

/** Close codes of /api/realtime beyond the standard ones. */
export const REALTIME_CLOSE = {
  /** No valid auth message within 10 s, bad token, or the session ended (not replaced). */
  unauthorized: 4401,
  /** The session was replaced by a newer sign-in: the web shows the forced-disconnect dialog. */
  sessionReplaced: 4440,
  /** The client read too slowly; reconnect with `after` to resume. */
  tooSlow: 4408,
} as const;

// ---- Wire messages ------------------------------------------------------------------------

const position = z.number().int().min(0);

/**
 * The first message a client sends on /api/realtime (a browser cannot set an Authorization
 * header on a WebSocket). `after`: the last position it saw; omitted, the stream starts now.
 */
export const realtimeAuthMessage = z
  .object({
    type: z.literal("auth"),
    token: z.string().min(1).max(4096),
    after: position.optional(),
  })
  .strict();
export type RealtimeAuthMessage = z.infer<typeof realtimeAuthMessage>;

/** One event as a client receives it, on the socket or from GET /api/events. */
export const realtimeEvent = z.object({
  position,
  // Any name, not only EVENT_NAMES: during a rolling deploy a newer node may write a name this
  // one does not know yet; clients switch on the names they know and skip the rest.
  type: z.string(),
  /** Null: every staff member of the organisation may see it. */
  teamId: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type RealtimeEvent = z.infer<typeof realtimeEvent>;

/**
 * Sent once the missed events (after `after`) are sent; live events follow. `position` is where
 * the client stands now: resume from the highest of it and the positions of events received.
 * `resync`: the client was too far behind (or ahead, after a restore): it must re-read its
 * lists, then carry on from `position`.
 */
export const realtimeReady = z.object({
  type: z.literal("ready"),
  position,
  resync: z.boolean(),
});
export type RealtimeReady = z.infer<typeof realtimeReady>;

/** Every message the server sends: `ready` or an event (event names always hold a dot). */
export const realtimeServerMessage = z.union([realtimeReady, realtimeEvent]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessage>;

// ---- Polling fallback: GET /api/events ----------------------------------------------------

export const EVENTS_PAGE_MAX = 500;

export const eventsQuery = z
  .object({
    /** The last position seen; omitted, the answer is only the current position. */
    after: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_MAX).default(100),
  })
  .strict();
export type EventsQuery = z.infer<typeof eventsQuery>;

export const eventsPage = z.object({
  events: z.array(realtimeEvent),
  /** Ask next with `after` = this. */
  position,
  /** More events wait after `position`: ask again at once. */
  hasMore: z.boolean(),
  /** Same meaning as on `ready`. */
  resync: z.boolean(),
});
export type EventsPage = z.infer<typeof eventsPage>;
