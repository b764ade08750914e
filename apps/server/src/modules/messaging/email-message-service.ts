import { statusesBefore, type Message, type MessageEmail } from "@relais/shared";
import type { Tx } from "../../db/database.ts";
import { notFound } from "../../platform/errors.ts";
import { insertEmailMessage, setMessageEmail } from "./email-message-repo.ts";
import * as repo from "./repo.ts";
import { announceMessage, announceThread } from "./thread-events.ts";

/**
 * An email as a message of its contact's thread (issue 14 §2): the thread named, or the
 * contact's by number (created if missing, like an unknown texter's). An inbound email marks the
 * thread unread and active; both are announced like a text.
 */
export async function recordEmailMessage(
  tx: Tx,
  orgId: string,
  input: {
    teamId: string;
    thread: { id: string } | { contactPhone: string };
    direction: "inbound" | "outbound";
    from: string;
    to: string;
    body: string;
    email: MessageEmail;
    authorId: string | null;
    idempotencyKey: string | null;
  },
): Promise<{ threadId: string; message: Message }> {
  const found =
    "id" in input.thread
      ? { row: await repo.findThread(tx, orgId, input.thread.id, true), created: false }
      : await repo.ensureThread(tx, orgId, input.teamId, input.thread.contactPhone);
  if (!found.row) throw notFound();
  const thread = found.row;
  const inbound = input.direction === "inbound";
  const row = await insertEmailMessage(tx, {
    orgId,
    threadId: thread.id,
    direction: input.direction,
    from: input.from,
    to: input.to,
    body: input.body,
    status: inbound ? "delivered" : "sending",
    idempotencyKey: input.idempotencyKey,
    authorId: input.authorId,
    email: JSON.stringify(input.email),
  });
  const patch: repo.ThreadPatch = inbound
    ? { state: "active", has_notification: true, last_message_id: row.id }
    : { last_message_id: row.id };
  await repo.updateThread(tx, orgId, thread.id, patch, true);
  const message = await announceMessage(tx, orgId, thread.team_id, row, "message.created", []);
  await announceThread(tx, orgId, thread.id, found.created ? "thread.created" : "thread.updated", { row, media: [] });
  return { threadId: thread.id, message };
}

/**
 * The outcome of an outbound email's send (the email module's job): `sent` once the mail server
 * accepted it, or `failed` with the reason and what the thread shows of it (`email.failure`).
 * Moves only forward like a text's status, and announces message.updated; a repeated outcome
 * changes nothing and answers null.
 */
export async function settleEmailMessage(
  tx: Tx,
  orgId: string,
  messageId: string,
  outcome: { status: "sent" } | { status: "failed"; failureReason: string; email: MessageEmail },
): Promise<Message | null> {
  const failed = outcome.status === "failed";
  let row = await repo.advanceStatus(tx, orgId, messageId, {
    status: outcome.status,
    from: statusesBefore(outcome.status),
    failureReason: failed ? outcome.failureReason : null,
    carrierMessageId: null,
  });
  if (!row) return null;
  if (failed) row = (await setMessageEmail(tx, orgId, messageId, JSON.stringify(outcome.email))) ?? row;
  const thread = await repo.findThread(tx, orgId, row.thread_id);
  return thread ? announceMessage(tx, orgId, thread.team_id, row, "message.updated", []) : null;
}
