import { withTenant } from "../../db/database.ts";
import { addJob, type JobTasks } from "../../platform/jobs/jobs.ts";
import { contactHeldUntil, openSystemThread, queueSystemText, type MessagingDeps } from "../messaging/index.ts";
import { teamPhoneOf } from "../teams/index.ts";
import { signSystemText } from "../text-blocks/index.ts";
import { reminderAt } from "./policy.ts";
import * as repo from "./repo.ts";
import {
  reminderJobKey,
  SCHEDULED_REMINDER_TASK,
  SCHEDULED_SEND_TASK,
  scheduledReminderJob,
  scheduledSendJob,
  sendJobKey,
} from "./service.ts";

/**
 * A job that meets a row moved later than its own time (an edit committed while the job was
 * already taken) leaves it: the edit added the job of the new time. Some slack covers the clocks
 * of the worker's node and of PostgreSQL, which decides when a job is due.
 */
const EARLY_SLACK_MS = 30_000;

/** What a reminder texts: the message itself, announced as a reminder (docs/decisions/0009-jobs.md). */
const reminderText = (body: string) => `Rappel : ${body}`;

/**
 * The scheduled message's text, queued in the conversation with the recipient (created if
 * missing) through the messaging service, whose send-text job then hands it to the carrier. The
 * row is locked and marked queued in the same transaction, and the text's idempotency key is
 * derived from the row, so a job run twice (crash, retry) queues it once.
 */
async function sendScheduled(deps: MessagingDeps, payload: unknown): Promise<void> {
  const { orgId, id, runNow } = scheduledSendJob.parse(payload);
  await withTenant(deps.db, orgId, async (tx) => {
    const row = await repo.findScheduled(tx, orgId, id, true);
    if (!row || row.status !== "scheduled") return;
    // runNow: moved forward by the development route only (never in production).
    if (!runNow && row.scheduled_at.getTime() > Date.now() + EARLY_SLACK_MS) return;
    const from = await teamPhoneOf(tx, orgId, row.team_id);
    if (!from) return repo.markFailed(tx, orgId, id, "no-phones-configured");
    // The contact is answering a survey: the message leaves when the hold ends, not in the middle.
    const heldUntil = await contactHeldUntil(deps, tx, orgId, row.to_phone);
    if (heldUntil) return addJob(tx, SCHEDULED_SEND_TASK, { id }, { runAt: heldUntil, jobKey: sendJobKey(id) });
    const thread = await openSystemThread(tx, orgId, row.team_id, row.to_phone);
    const text = await queueSystemText(deps, tx, orgId, {
      thread,
      teamId: row.team_id,
      from,
      to: row.to_phone,
      body: await signSystemText(tx, orgId, row.created_by, row.body),
      authorId: row.created_by,
      idempotencyKey: `scheduled:${id}`,
    });
    await repo.markQueued(tx, orgId, id, text.id);
  });
}

/**
 * A reminder before a message still waiting: once per reminder and planned time (an edit that
 * moves the time plans the reminders again, with new keys).
 */
async function sendReminder(deps: MessagingDeps, payload: unknown): Promise<void> {
  const { orgId, id, reminder } = scheduledReminderJob.parse(payload);
  await withTenant(deps.db, orgId, async (tx) => {
    const row = await repo.findScheduled(tx, orgId, id, true);
    if (!row || row.status !== "scheduled") return;
    if (!row.reminders.includes(reminder) || row.reminders_sent.includes(reminder)) return;
    const at = reminderAt(row.scheduled_at, reminder);
    if (at.getTime() > Date.now() + EARLY_SLACK_MS) return;
    const from = await teamPhoneOf(tx, orgId, row.team_id);
    if (!from) return;
    const heldUntil = await contactHeldUntil(deps, tx, orgId, row.to_phone);
    if (heldUntil) return addJob(tx, SCHEDULED_REMINDER_TASK, { id, reminder }, { runAt: heldUntil, jobKey: reminderJobKey(id, reminder) });
    const thread = await openSystemThread(tx, orgId, row.team_id, row.to_phone);
    await queueSystemText(deps, tx, orgId, {
      thread,
      teamId: row.team_id,
      from,
      to: row.to_phone,
      body: await signSystemText(tx, orgId, row.created_by, reminderText(row.body)),
      authorId: row.created_by,
      idempotencyKey: `scheduled:${id}:reminder:${reminder}:${row.scheduled_at.getTime()}`,
    });
    await repo.markReminderSent(tx, orgId, id, reminder);
  });
}

/** The tasks this module gives the job worker (app.ts). */
export function scheduledMessageTasks(deps: MessagingDeps): JobTasks {
  return {
    [SCHEDULED_SEND_TASK]: (p) => sendScheduled(deps, p),
    [SCHEDULED_REMINDER_TASK]: (p) => sendReminder(deps, p),
  };
}
