import {
  SCHEDULED_REMINDERS,
  type Message,
  type ThreadContact,
  type ScheduledMessage,
  type ScheduledReminder,
  type ScheduledStatus,
} from "@relais/shared";
import type { ScheduledRow } from "./repo.ts";

type Outcome = { status: Message["status"]; failureReason: string | null };

const asReminders = (values: string[]): ScheduledReminder[] =>
  values.filter((v): v is ScheduledReminder => (SCHEDULED_REMINDERS as readonly string[]).includes(v));

/**
 * The outcome shown: waiting, or failed before a text existed, from the row; once its text is in
 * the conversation, that text's status (a deleted conversation keeps "sent": it was handed over).
 */
function outcomeOf(row: ScheduledRow, text: Outcome | undefined): { status: ScheduledStatus; failureReason: string | null } {
  if (row.status === "scheduled") return { status: "scheduled", failureReason: null };
  if (row.status === "failed") return { status: "failed", failureReason: row.failure_reason };
  if (!text) return { status: "sent", failureReason: null };
  if (text.status === "failed") return { status: "failed", failureReason: text.failureReason };
  return { status: text.status === "sending" ? "sending" : "sent", failureReason: null };
}

export function presentScheduled(row: ScheduledRow, text: Outcome | undefined, contact: ThreadContact | null): ScheduledMessage {
  return {
    id: row.id,
    teamId: row.team_id,
    title: row.title,
    message: row.body,
    date: row.scheduled_date,
    time: row.scheduled_time,
    scheduledAt: row.scheduled_at.toISOString(),
    toPhoneNumber: row.to_phone,
    contact,
    reminders: asReminders(row.reminders),
    remindersSent: asReminders(row.reminders_sent),
    ...outcomeOf(row, text),
    messageId: row.message_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
