import { MESSAGE_STATUSES, type Message, type Thread } from "@relais/shared";
import type { MessageRow, ThreadRow } from "./repo.ts";

export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    threadId: row.thread_id,
    direction: row.direction === "inbound" ? "inbound" : "outbound",
    from: row.from_phone,
    to: row.to_phone,
    body: row.body,
    status: MESSAGE_STATUSES.find((s) => s === row.status) ?? "failed",
    failureReason: row.failure_reason,
    carrierMessageId: row.carrier_message_id,
    idempotencyKey: row.idempotency_key,
    authorId: row.author_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentThread(row: ThreadRow, lastMessage: MessageRow | null | undefined): Thread {
  return {
    id: row.id,
    teamId: row.team_id,
    from: row.team_phone,
    contactPhone: row.contact_phone,
    state: row.state === "inactive" ? "inactive" : "active",
    attributes: {
      pinned: row.pinned,
      hasNotification: row.has_notification,
      hasIncompleteFollowup: row.has_incomplete_followup,
    },
    lastMessage: lastMessage ? presentMessage(lastMessage) : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
