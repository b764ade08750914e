import { z } from "zod";
import { CALL_DIRECTIONS, CALL_END_STATUSES, CALL_STATES } from "../rules/calls.ts";
import { MEDIA_LIMITS } from "../rules/media.ts";
import { E164_PATTERN } from "../rules/phone.ts";
import { uuid } from "./common.ts";
import { contactSummary } from "./contacts.ts";
import { messageEmail } from "./email.ts";

/**
 * The text inbox (spec part 1 §3 Conversation thread and Message, §4, §7 messaging/v1).
 * Served under /api/messaging/v1.
 */

export const THREAD_STATES = ["active", "inactive"] as const;
export type ThreadState = (typeof THREAD_STATES)[number];
export const MESSAGE_DIRECTIONS = ["inbound", "outbound"] as const;
export const MESSAGE_STATUSES = ["sending", "sent", "delivered", "failed"] as const;
export const MESSAGE_TYPES = ["text", "media"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Spec part 1 §9: opening a conversation loads the 15 latest messages. */
export const MESSAGE_PAGE_SIZE = 15;
export const THREAD_PAGE_SIZE = 50;
export const THREAD_PAGE_MAX = 1000;
export const MESSAGE_PAGE_MAX = 200;
/** Ten SMS segments: a text longer than that is not a text. */
export const MESSAGE_BODY_MAX = 1600;

/** A phone number as typed: any formatting, checked with toE164 by the server. */
const typedPhone = z.string().max(40, { message: "validation.max-length" });
/** An opaque keyset cursor handed out by the server. */
const cursor = z.string().regex(/^[\w-]{1,400}$/, { message: "validation.invalid" });

/**
 * A file attached to a message, or uploaded and not yet sent. `url` is the authorised route that
 * serves its bytes to staff of the organisation (GET messaging/v1/media/{id}).
 */
export const mediaRef = z.object({
  id: uuid,
  contentType: z.string(),
  size: z.number().int(),
  filename: z.string(),
  url: z.string(),
});
export type MediaRef = z.infer<typeof mediaRef>;

/**
 * A call shown as a message of the thread (spec part 1 §3 Message attributes isCall, direction):
 * one message per call, updated in place as the call moves (`message.updated`).
 */
export const messageCall = z.object({
  callId: uuid,
  direction: z.enum(CALL_DIRECTIONS),
  state: z.enum(CALL_STATES),
  endStatus: z.enum(CALL_END_STATUSES).nullable(),
  /** Seconds from the answer to the end; null while unanswered or still going. */
  durationSeconds: z.number().int().min(0).nullable(),
  answeredAt: z.string().nullable(),
  /** The caller pressed 1 while waiting: they asked for a call back, and were texted (issue 13 §3). */
  callbackRequested: z.boolean().optional(),
  /** The caller left a voicemail: its length as the server measured it; heard through GET voice/v1/calls/{id}/voicemail. */
  voicemail: z.object({ durationSeconds: z.number().int().min(0) }).optional(),
});
export type MessageCall = z.infer<typeof messageCall>;

export const message = z.object({
  id: uuid,
  threadId: uuid,
  direction: z.enum(MESSAGE_DIRECTIONS),
  /** "media" when it carries at least one attachment (spec part 1 §3). */
  type: z.enum(MESSAGE_TYPES),
  from: z.string(),
  to: z.string(),
  /** May be empty for a message that is only media. */
  body: z.string(),
  media: z.array(mediaRef),
  status: z.enum(MESSAGE_STATUSES),
  /** Why the carrier gave up; null unless status is failed. */
  failureReason: z.string().nullable(),
  carrierMessageId: z.string().nullable(),
  /** Null for inbound texts. */
  idempotencyKey: z.string().nullable(),
  authorId: uuid.nullable(),
  /** Set when this message is a call (the spec's attributes.isCall); absent or null for a text. */
  call: messageCall.nullable().optional(),
  /** Set when this message is an email (the spec's attributes.type = email); absent for a text. */
  email: messageEmail.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof message>;

export const threadAttributes = z.object({
  pinned: z.boolean(),
  /** Unread. */
  hasNotification: z.boolean(),
  hasIncompleteFollowup: z.boolean(),
  /** The thread's latest call (spec attributes.voice): when it started and its status code; set by the server only. */
  voice: z.object({ time: z.string(), status: z.string() }).nullable().optional(),
});
export type ThreadAttributes = z.infer<typeof threadAttributes>;

/** The organisation's contact with the thread's number, as the list and the header name it. */
export const threadContact = contactSummary.pick({ id: true, firstname: true, lastname: true, fullName: true });
export type ThreadContact = z.infer<typeof threadContact>;

export const thread = z.object({
  id: uuid,
  teamId: uuid,
  /** The team's number the texts go from. */
  from: z.string().nullable(),
  /** The contact's number, E.164 (the spec's friendlyName). */
  contactPhone: z.string(),
  /** The contact with that number, if the organisation has one; else the web shows the number. */
  contact: threadContact.nullable(),
  state: z.enum(THREAD_STATES),
  attributes: threadAttributes,
  /** 0–100 from the contact's recent texts (rules/sentiment.ts); null before any inbound text. */
  sentiment: z.number().int().min(0).max(100).nullable(),
  lastMessage: message.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Thread = z.infer<typeof thread>;

const attributesPatch = threadAttributes.omit({ voice: true }).partial().strict();

/** Uploaded media (POST messaging/v1/media) to attach, in order. */
const mediaIds = z.array(uuid).max(MEDIA_LIMITS.perMessage, { message: "error.too-many" });

/** A text needs words or at least one attachment. */
function hasContent(m: { body: string; mediaIds?: string[] | undefined }): boolean {
  return m.body.length > 0 || (m.mediaIds?.length ?? 0) > 0;
}
const optionalBody = z.string().trim().max(MESSAGE_BODY_MAX, { message: "validation.max-length" }).default("");
const contentRequired = { message: "validation.required", path: ["body"] };

/** POST messaging/v1/threads: a new thread in the caller's current team, with its first text. */
export const createThreadRequest = z
  .object({
    to: typedPhone,
    body: optionalBody,
    mediaIds: mediaIds.optional(),
    /** The quick message inserted: its file (the "document") goes with the text. */
    textBlockId: uuid.optional(),
    attributes: attributesPatch.optional(),
  })
  .strict()
  .refine(hasContent, contentRequired);
export type CreateThreadRequest = z.infer<typeof createThreadRequest>;

export const createThreadResponse = z.object({ thread, message });
export type CreateThreadResponse = z.infer<typeof createThreadResponse>;

/** PUT messaging/v1/threads/{id}: state is checked by the server ('Invalid state'). */
export const updateThreadRequest = z
  .object({
    state: z.string().max(40, { message: "validation.max-length" }).optional(),
    attributes: attributesPatch.optional(),
  })
  .strict();
export type UpdateThreadRequest = z.infer<typeof updateThreadRequest>;

export const threadsQuery = z
  .object({
    state: z.enum(THREAD_STATES).default("active"),
    /** Search (spec part 1 §5: at least 3 characters, else error.min-search-characters). */
    q: z.string().trim().max(100, { message: "validation.max-length" }).optional(),
    cursor: cursor.optional(),
    limit: z.coerce.number().int().min(1).max(THREAD_PAGE_MAX).default(THREAD_PAGE_SIZE),
  })
  .strict();
export type ThreadsQuery = z.infer<typeof threadsQuery>;

export const threadsPage = z.object({
  threads: z.array(thread),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Unread threads of the caller's teams, kept apart for active and archived (spec part 1 §4). */
  unread: z.object({ active: z.number().int(), inactive: z.number().int() }),
});
export type ThreadsPage = z.infer<typeof threadsPage>;

export const messagesQuery = z
  .object({
    before: cursor.optional(),
    limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
  })
  .strict();
export type MessagesQuery = z.infer<typeof messagesQuery>;

export const messagesPage = z.object({
  /** Newest first. */
  messages: z.array(message),
  /** Pass as `before` for the older page; null when there is none. */
  nextCursor: z.string().nullable(),
});
export type MessagesPage = z.infer<typeof messagesPage>;

/** POST messaging/v1/threads/{id}/messages; `to`, when given, must be the thread's contact. */
export const sendMessageRequest = z
  .object({
    body: optionalBody,
    mediaIds: mediaIds.optional(),
    /** The quick message inserted: its file (the "document") goes with the text (never with mediaIds, spec part 2 §5). */
    textBlockId: uuid.optional(),
    to: typedPhone.optional(),
  })
  .strict()
  .refine(hasContent, contentRequired);
export type SendMessageRequest = z.infer<typeof sendMessageRequest>;

export const messageParams = z.object({ id: uuid, messageId: uuid }).strict();

// ---- Sandbox carrier (development and tests only) ----------------------------------------

const e164 = z.string().regex(E164_PATTERN, { message: "error.phone-invalid" });

/** POST sandbox/inbound: a text as if the phone `from` sent it to the clinic number `to`. */
/** A file a simulated phone attaches, its bytes in base64 (the sandbox only; Twilio gives URLs). */
export const sandboxMediaUpload = z
  .object({
    filename: z.string().trim().min(1).max(200, { message: "validation.max-length" }),
    dataBase64: z.string().max(7_000_000, { message: "error.media-size" }),
  })
  .strict();
export type SandboxMediaUpload = z.infer<typeof sandboxMediaUpload>;

export const sandboxInboundRequest = z
  .object({
    from: typedPhone,
    to: typedPhone,
    body: optionalBody,
    media: z.array(sandboxMediaUpload).max(MEDIA_LIMITS.perMessage, { message: "error.too-many" }).optional(),
  })
  .strict()
  .refine((m) => m.body.length > 0 || (m.media?.length ?? 0) > 0, contentRequired);
export type SandboxInboundRequest = z.infer<typeof sandboxInboundRequest>;

export const sandboxInboundResponse = z.object({ carrierMessageId: z.string() });

export const sandboxOutboxQuery = z.object({ to: e164 }).strict();

export const sandboxOutboxEntry = z.object({
  carrierMessageId: z.string(),
  from: z.string(),
  to: z.string(),
  body: z.string(),
  /** What the phone received: each file's type and a link the simulator can show. */
  media: z.array(z.object({ contentType: z.string(), url: z.string() })),
  status: z.enum(MESSAGE_STATUSES),
  failureReason: z.string().nullable(),
  sentAt: z.string(),
});
export type SandboxOutboxEntry = z.infer<typeof sandboxOutboxEntry>;

/** The signed public link's query (platform/storage/signed-links.ts): expiry in epoch seconds, HMAC in base64url. */
export const mediaLinkQuery = z
  .object({
    exp: z.coerce.number().int().min(0).max(99_999_999_999),
    sig: z.string().regex(/^[\w-]{43}$/),
  })
  .strict();
