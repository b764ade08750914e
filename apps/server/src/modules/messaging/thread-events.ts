import type { Message, Thread, ThreadContact } from "@relais/shared";
import type { Tx } from "../../db/database.ts";
import { notFound } from "../../platform/errors.ts";
import { recordEvent } from "../../platform/realtime/record-event.ts";
import { contactsByPhones } from "../contacts/index.ts";
import { mediaByMessage } from "./media.ts";
import type { MediaRow } from "./media-repo.ts";
import { presentMessage, presentThread } from "./presenter.ts";
import * as repo from "./repo.ts";

/**
 * The events every change of a thread or message records for its team (thread.created /
 * thread.updated, message.created / message.updated), with the thread or message as payload.
 */

/**
 * A message the caller has just written, with its files: presenting it needs no read. `contact`:
 * the thread's contact, when the caller read it already (null: it has none).
 */
export type KnownMessage = { row: repo.MessageRow; media: MediaRow[]; contact?: ThreadContact | null };

export async function presentOne(tx: Tx, orgId: string, row: repo.ThreadRow, known?: KnownMessage): Promise<Thread> {
  const isKnown = known !== undefined && known.row.id === row.last_message_id;
  const last = isKnown ? known.row : row.last_message_id ? await repo.findMessage(tx, orgId, row.last_message_id) : undefined;
  const media = isKnown ? known.media : last ? ((await mediaByMessage(tx, orgId, [last.id])).get(last.id) ?? []) : [];
  const contact =
    known?.contact !== undefined
      ? known.contact
      : ((await contactsByPhones(tx, orgId, [row.contact_phone])).get(row.contact_phone) ?? null);
  return presentThread(row, last, media, contact);
}

/** Re-reads the thread and records `type` with it as payload, for its team only. */
export async function announceThread(
  tx: Tx,
  orgId: string,
  threadId: string,
  type: "thread.created" | "thread.updated",
  known?: KnownMessage,
): Promise<Thread> {
  const row = await repo.findThread(tx, orgId, threadId);
  if (!row) throw notFound();
  return announceThreadRow(tx, orgId, row, type, known);
}

/** announceThread for a thread row the caller has just read or written. */
export async function announceThreadRow(
  tx: Tx,
  orgId: string,
  row: repo.ThreadRow,
  type: "thread.created" | "thread.updated",
  known?: KnownMessage,
): Promise<Thread> {
  const thread = await presentOne(tx, orgId, row, known);
  await recordEvent(tx, orgId, { type, teamId: row.team_id, payload: thread });
  return thread;
}

/** Records `type` with the message as payload, for its team; `knownMedia` spares reading its files. */
export async function announceMessage(
  tx: Tx,
  orgId: string,
  teamId: string,
  row: repo.MessageRow,
  type: "message.created" | "message.updated",
  knownMedia?: MediaRow[],
): Promise<Message> {
  const media = knownMedia ?? (await mediaByMessage(tx, orgId, [row.id])).get(row.id) ?? [];
  const message = presentMessage(row, media);
  await recordEvent(tx, orgId, { type, teamId, payload: message });
  return message;
}

/**
 * The events of many new texts written at once (queueSystemTexts), in their order: for each, its
 * thread as it now stands (thread.created the first time a new thread shows, else thread.updated)
 * then message.created; a text's files are none. The threads' contacts are read in one query.
 */
export async function announceNewTexts(
  tx: Tx,
  orgId: string,
  texts: readonly { thread: repo.ThreadRow; created: boolean; message: repo.MessageRow }[],
): Promise<Message[]> {
  const contacts = await contactsByPhones(tx, orgId, [...new Set(texts.map((t) => t.thread.contact_phone))]);
  const lastOf = new Map(texts.map((t) => [t.message.id, t.message]));
  const shown = new Set<string>();
  const messages: Message[] = [];
  for (const { thread, created, message } of texts) {
    const type = created && !shown.has(thread.id) ? "thread.created" : "thread.updated";
    shown.add(thread.id);
    const last = thread.last_message_id ? lastOf.get(thread.last_message_id) : undefined;
    const payload = presentThread(thread, last, [], contacts.get(thread.contact_phone) ?? null);
    await recordEvent(tx, orgId, { type, teamId: thread.team_id, payload });
    const presented = presentMessage(message, []);
    await recordEvent(tx, orgId, { type: "message.created", teamId: thread.team_id, payload: presented });
    messages.push(presented);
  }
  return messages;
}
