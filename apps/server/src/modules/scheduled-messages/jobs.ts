import { withTenant, type Tx } from "../../db/database.ts";
import { addJob, removeJobs, type JobTasks } from "../../platform/jobs/jobs.ts";
import {
  contactHeldUntil,
  contactsHeldUntil,
  openSystemThread,
  queueSystemText,
  queueSystemTexts,
  SYSTEM_TEXTS_BATCH,
  type MessagingDeps,
  type SystemText,
} from "../messaging/index.ts";
import { teamPhoneOf } from "../teams/index.ts";
import { signSystemText, systemTextSigner } from "../text-blocks/index.ts";
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
 * Most messages one job queues: its own and the organisation's others due with it. Their own
 * jobs are removed in the same transaction (one that a worker already holds finds its message
 * queued and stops), so 10 000 messages due in the same minute take about 50 transactions, not
 * 10 000 (decision 0048).
 */
const DUE_BATCH = SYSTEM_TEXTS_BATCH;

/**
 * The scheduled message's text, queued in the conversation with the recipient (created if
 * missing) through the messaging service, whose send job then hands it to the carrier, with every
 * other message of the organisation due by now. The rows are locked and marked queued in the same
 * transaction, and each text's idempotency key is derived from its row, so a job run twice
 * (crash, retry) queues it once.
 */
async function sendScheduled(deps: MessagingDeps, payload: unknown): Promise<void> {
  const { orgId, id, runNow } = scheduledSendJob.parse(payload);
  await withTenant(deps.db, orgId, async (tx) => {
    // Its own row waits for whoever holds it (an edit, another batch): after them, it may be gone or sent.
    const row = await repo.findScheduled(tx, orgId, id, true);
    if (!row || row.status !== "scheduled") return;
    // runNow: moved forward by the development route only (never in production); it goes alone.
    if (!runNow && row.scheduled_at.getTime() > Date.now() + EARLY_SLACK_MS) return;
    // The others only once their own time has come: the slack is for this job's clock, not theirs.
    const others = runNow ? [] : await repo.claimDue(tx, orgId, id, new Date(), DUE_BATCH - 1);
    await removeJobs(
      tx,
      others.map((o) => sendJobKey(o.id)),
    );
    // In the order they were planned, its own among them: two texts to one contact arrive in that order.
    const batch = [row, ...others].sort(
      (x, y) =>
        x.scheduled_at.getTime() - y.scheduled_at.getTime() || x.created_at.getTime() - y.created_at.getTime() || (x.id < y.id ? -1 : 1),
    );
    await queueDue(deps, tx, orgId, batch);
  });
}

/**
 * Queues the texts of `rows`, locked and due: a message whose team has no number fails
 * (no-phones-configured); one whose contact is answering a survey waits for the hold to end
 * (its job moved there), not sent in the middle of it.
 */
async function queueDue(deps: MessagingDeps, tx: Tx, orgId: string, rows: readonly repo.ScheduledRow[]): Promise<void> {
  const phones = new Map<string, string | null>();
  const held = await contactsHeldUntil(
    deps,
    tx,
    orgId,
    rows.map((r) => r.to_phone),
  );
  const sign = systemTextSigner(tx, orgId);
  const ready: { id: string; text: SystemText }[] = [];
  for (const row of rows) {
    let from = phones.get(row.team_id);
    if (from === undefined) {
      from = (await teamPhoneOf(tx, orgId, row.team_id)) ?? null;
      phones.set(row.team_id, from);
    }
    if (!from) {
      await repo.markFailed(tx, orgId, row.id, "no-phones-configured");
      continue;
    }
    const heldUntil = held.get(row.to_phone);
    if (heldUntil) {
      await addJob(tx, SCHEDULED_SEND_TASK, { id: row.id }, { runAt: heldUntil, jobKey: sendJobKey(row.id) });
      continue;
    }
    const body = await sign(row.created_by, row.body);
    ready.push({
      id: row.id,
      text: { teamId: row.team_id, from, to: row.to_phone, body, authorId: row.created_by, idempotencyKey: `scheduled:${row.id}` },
    });
  }
  const messages = await queueSystemTexts(
    tx,
    orgId,
    ready.map((r) => r.text),
  );
  await repo.markManyQueued(
    tx,
    orgId,
    ready.map((r) => {
      const message = messages.get(r.text.idempotencyKey);
      if (!message) throw new Error("queueDue: text not queued");
      return { id: r.id, messageId: message.id };
    }),
  );
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
