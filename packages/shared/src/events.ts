import { z } from "zod";
import {
  callOffer,
  callSignal,
  callView,
  OFFER_REVOKE_REASONS,
  type CallOffer,
  queuedCall,
  transferUpdated,
  type TransferUpdated,
  type CallView,
  type OfferRevokeReason,
  type QueuedCall,
} from "./contracts/calls.ts";
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
  // Browser phone (apps/server/src/modules/calls, VOICE.md §6). An offer and its revocation are
  // for the offered user only; a call's changes are for the members of its team (the queue, the
  // owner's in-call panel, the thread's call message all follow them). Each carries the call's
  // version: a browser ignores a view older than the one it shows.
  /** Ring this person's tabs; each tab acks with `call.offer.received` or the offer is declined. */
  "call.offer": CallOffer;
  /** Stop ringing: someone answered, the caller hung up, the round ended, or this person declined. */
  "call.offer.revoked": { callId: string; reason: OfferRevokeReason };
  "call.updated": CallView;
  /** The call reached `ended`; the last view of it. */
  "call.ended": CallView;
  // The call queue (issue 13 §1), for the members of the call's team: a call entered the queue
  // view or moved in it (queued, ringing, in progress, parked), or left it (ended, voicemail).
  "queue.updated": QueuedCall;
  "queue.removed": { id: string; teamId: string };
  /** For the person who transferred a call (issue 13 §2): its target is ringing, took it, or it came back to them held. */
  "transfer.updated": TransferUpdated;
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
  "call.offer": callOffer,
  "call.offer.revoked": z.object({ callId: z.string(), reason: z.enum(OFFER_REVOKE_REASONS) }),
  "call.updated": callView,
  "call.ended": callView,
  "queue.updated": queuedCall,
  "queue.removed": z.object({ id: z.string(), teamId: z.string() }),
  "transfer.updated": transferUpdated,
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
  "call.offer",
  "call.offer.revoked",
  "call.updated",
  "call.ended",
  "queue.updated",
  "queue.removed",
  "transfer.updated",
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
 * The socket's address query. `frames=batch`: the events of one read of the log come as one
 * frame, a JSON array of events, instead of one frame each (fewer frames for the server to write
 * and the tab to read when many events come at once). Asked in the address, not in `auth`: a
 * node of an older release ignores an unknown query and sends single events, which a client
 * that asked still reads, where its strict `auth` would refuse an unknown field.
 */
export const realtimeSocketQuery = z.object({ frames: z.enum(["batch"]).optional() });
export type RealtimeSocketQuery = z.infer<typeof realtimeSocketQuery>;

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

// ---- After `ready`: the browser phone's messages (issue 12, decisions 0021 and 0022) --------
// A tab sends these once it received `ready`; earlier ones may be dropped.

/** How often a tab says it is alive; a tab silent for PRESENCE_TTL_MS is not offered calls. */
export const PRESENCE_HEARTBEAT_MS = 10_000;
export const PRESENCE_TTL_MS = 25_000;
/** An offer not acknowledged by any tab of the person within this time is declined for that person. */
export const OFFER_ACK_TIMEOUT_MS = 4_000;

/**
 * The tab's heartbeat, every PRESENCE_HEARTBEAT_MS and at once on `visibilitychange`. `tabId`:
 * random per tab, kept for its life. `canAnswer`: this tab could take a call now (a microphone
 * is there and permitted); false, it is not offered calls, but still counts as present.
 */
export const presenceMessage = z
  .object({ type: z.literal("presence"), tabId: z.string().regex(/^[\w-]{8,64}$/), canAnswer: z.boolean() })
  .strict();
export type PresenceMessage = z.infer<typeof presenceMessage>;

/**
 * The tab received a `call.offer` (its ack, within OFFER_ACK_TIMEOUT_MS). `busy`: this browser
 * already has a call connected or ringing, so the offer is declined for this person only (spec
 * §4) and keeps ringing the others.
 */
export const offerReceivedMessage = z
  .object({ type: z.literal("call.offer.received"), callId: z.uuid(), tabId: z.string().regex(/^[\w-]{8,64}$/), busy: z.boolean() })
  .strict();
export type OfferReceivedMessage = z.infer<typeof offerReceivedMessage>;

/** WebRTC signalling for a call this person owns, relayed to the simulated phone (sandbox carrier). */
export const callSignalMessage = z.object({ type: z.literal("call.signal"), callId: z.uuid(), signal: callSignal }).strict();
export type CallSignalMessage = z.infer<typeof callSignalMessage>;

/** Every message a tab may send after its `auth`; anything else is ignored. */
export const realtimeClientMessage = z.discriminatedUnion("type", [presenceMessage, offerReceivedMessage, callSignalMessage]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessage>;

/** Why this person is not offered calls now (the "ready for calls" control shows them). */
export const NOT_OFFERED_REASONS = ["web-calls-off", "offline", "incoming-calls-off", "no-microphone", "on-call"] as const;
export type NotOfferedReason = (typeof NOT_OFFERED_REASONS)[number];

/** The server's answer to each `presence`: whether this tab can be offered calls, and if not, why. */
export const presenceAck = z.object({
  type: z.literal("presence.ok"),
  serverNow: z.string(),
  offered: z.boolean(),
  reasons: z.array(z.enum(NOT_OFFERED_REASONS)),
});
export type PresenceAck = z.infer<typeof presenceAck>;

/** Signalling from the simulated phone for the call this person owns. */
export const callSignalRelay = z.object({ type: z.literal("call.signal"), callId: z.uuid(), signal: callSignal });
export type CallSignalRelay = z.infer<typeof callSignalRelay>;

/**
 * Messages sent to one socket only, outside the log: no `position`, never replayed. Told apart
 * from events by having no `position`.
 */
export const realtimeDirectMessage = z.discriminatedUnion("type", [presenceAck, callSignalRelay]);
export type RealtimeDirectMessage = z.infer<typeof realtimeDirectMessage>;

/** Every message the server sends: `ready`, a direct message, or an event (event names always hold a dot; events have a `position`). */
export const realtimeServerMessage = z.union([realtimeReady, realtimeDirectMessage, realtimeEvent]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessage>;

/** A frame of events in position order, to a socket that asked for `frames=batch`. */
export const realtimeEventBatch = z.array(realtimeEvent);

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
