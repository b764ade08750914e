import { MESSAGE_STATUSES, messageCall, messageEmail, type MediaRef, type Message, type Thread, type ThreadContact } from "@relais/shared";
import type { MediaRow } from "./media-repo.ts";
import type { MessageRow, ThreadRow } from "./repo.ts";

/** The route that serves a file's bytes to staff (spec: file download is a GET with a blob answer). */
function mediaPath(id: string): string {
  return `/api/messaging/v1/media/${id}`;
}

export function presentMedia(row: MediaRow): MediaRef {
  return { id: row.id, contentType: row.content_type, size: row.size, filename: row.filename, url: mediaPath(row.id) };
}

/** `media`: the message's files in order (media.ts mediaByMessage loads a page's in one query). */
export function presentMessage(row: MessageRow, media: readonly MediaRow[]): Message {
  return {
    id: row.id,
    threadId: row.thread_id,
    direction: row.direction === "inbound" ? "inbound" : "outbound",
    from: row.from_phone,
    to: row.to_phone,
    type: media.length > 0 ? "media" : "text",
    body: row.body,
    media: media.map(presentMedia),
    status: MESSAGE_STATUSES.find((s) => s === row.status) ?? "failed",
    failureReason: row.failure_reason,
    carrierMessageId: row.carrier_message_id,
    idempotencyKey: row.idempotency_key,
    authorId: row.author_id,
    ...callOf(row.call),
    ...emailOf(row.email),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A call's message carries `call` (the spec's isCall); a text none, so its answer stays as it was. */
function callOf(stored: unknown): { call?: Message["call"] } {
  if (stored === null || stored === undefined) return {};
  const parsed = messageCall.safeParse(stored);
  return parsed.success ? { call: parsed.data } : {};
}

/** An email's message carries `email` (subject, files); a text none. */
function emailOf(stored: unknown): { email?: Message["email"] } {
  if (stored === null || stored === undefined) return {};
  const parsed = messageEmail.safeParse(stored);
  return parsed.success ? { email: parsed.data } : {};
}

/** The thread's latest call (attributes.voice), when it has had one. */
function voiceOf(stored: unknown): { voice?: { time: string; status: string } } {
  const v = stored as { time?: unknown; status?: unknown } | null | undefined;
  return v && typeof v.time === "string" && typeof v.status === "string" ? { voice: { time: v.time, status: v.status } } : {};
}

export function presentThread(
  row: ThreadRow,
  lastMessage: MessageRow | null | undefined,
  lastMedia: readonly MediaRow[],
  contact: ThreadContact | null,
): Thread {
  return {
    id: row.id,
    teamId: row.team_id,
    from: row.team_phone,
    contactPhone: row.contact_phone,
    contact,
    state: row.state === "inactive" ? "inactive" : "active",
    attributes: {
      pinned: row.pinned,
      hasNotification: row.has_notification,
      hasIncompleteFollowup: row.has_incomplete_followup,
      ...voiceOf(row.voice),
    },
    lastMessage: lastMessage ? presentMessage(lastMessage, lastMedia) : null,
    sentiment: row.sentiment,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
