import {
  SCHEDULED_REMINDERS,
  pastReminders,
  scheduledSendTime,
  skipsScheduledLookup,
  typedPhoneToE164,
  type ScheduledMessage,
  type ScheduledMessageRequest,
  type ScheduledMessagesQuery,
  type ScheduledReminder,
} from "@relais/shared";
import { z } from "zod";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { addJob, removeJob } from "../../platform/jobs/jobs.ts";
import { contactsByPhones } from "../contacts/index.ts";
import { outboundOutcomes, refuseQuickMessageWithFile, teamForNewThread } from "../messaging/index.ts";
import { loadOrganization } from "../organizations/index.ts";
import { findTeamFor } from "../teams/index.ts";
import { refuseUnfilledFields } from "../text-blocks/index.ts";
import { canChangeScheduled, canSeeScheduled, isFarEnough, reminderAt, remindersToPlan } from "./policy.ts";
import { presentScheduled } from "./presenter.ts";
import * as repo from "./repo.ts";

/** The jobs of scheduled messages: the text at its time, each reminder before it. */
export const SCHEDULED_SEND_TASK = "scheduled-send";
export const SCHEDULED_REMINDER_TASK = "scheduled-reminder";
/** Payloads as the queue hands them back, checked: orgId is stamped by relais_jobs.add_job. */
export const scheduledSendJob = z.object({ orgId: z.uuid(), id: z.uuid(), runNow: z.boolean().optional() });
export const scheduledReminderJob = z.object({ orgId: z.uuid(), id: z.uuid(), reminder: z.enum(SCHEDULED_REMINDERS) });

/** Job keys: adding a job under the same key replaces the pending one (an edit moves it). */
export const sendJobKey = (id: string) => `scheduled:${id}`;
export const reminderJobKey = (id: string, r: ScheduledReminder) => `scheduled:${id}:reminder:${r}`;

type Input = ScheduledMessageRequest & { reminders?: ScheduledReminder[] };

async function presentRows(tx: Tx, orgId: string, rows: repo.ScheduledRow[]): Promise<ScheduledMessage[]> {
  const ids = rows.flatMap((r) => (r.message_id ? [r.message_id] : []));
  const outcomes = await outboundOutcomes(tx, orgId, ids);
  const contacts = await contactsByPhones(tx, orgId, [...new Set(rows.map((r) => r.to_phone))]);
  return rows.map((r) => presentScheduled(r, r.message_id ? outcomes.get(r.message_id) : undefined, contacts.get(r.to_phone) ?? null));
}

/** A scheduled message the caller may see, locked when asked; 404 for another team's or organisation's. */
async function visibleScheduled(tx: Tx, ctx: Ctx, id: string, lock = false): Promise<repo.ScheduledRow> {
  const row = await repo.findScheduled(tx, ctx.orgId, id, lock);
  if (!row || !canSeeScheduled(ctx, row.team_id)) throw notFound();
  return row;
}

/**
 * The checked fields of a request: the recipient in E.164, a team of the caller with a texting
 * number, the planned instant from the organisation's time zone at least five minutes after `now`,
 * no reminder whose moment is already past (`sent`: those an edited message already sent stay).
 */
async function fieldsOf(tx: Tx, ctx: Ctx, input: Input, now: Date, sent: readonly string[] = []): Promise<repo.ScheduledFields> {
  refuseUnfilledFields(input.message);
  await refuseQuickMessageWithFile(tx, ctx.orgId, input.textBlockId);
  const toPhone = typedPhoneToE164(input.toPhoneNumber);
  if (!toPhone) throw new AppError("error.phone-invalid", 400, undefined, [{ path: "toPhoneNumber", code: "error.phone-invalid" }]);
  const teamId = input.teamId ?? teamForNewThread(ctx);
  if (!teamId) throw new AppError("error.not-member", 403);
  if (!canSeeScheduled(ctx, teamId)) throw notFound();
  const team = await findTeamFor(tx, ctx, teamId);
  if (!team) throw notFound();
  if (!team.phoneNumber) throw conflict("error.no-phones-configured");
  const org = await loadOrganization(tx, ctx.orgId);
  // A date alone goes at the office's opening time that day (decision 0034).
  const time = input.time || null;
  const at = await repo.instantOf(tx, input.date, scheduledSendTime(input.date, time, org.schedule.week), org.timezone);
  if (!isFarEnough(at, now)) {
    throw new AppError("validation.scheduled-too-soon", 400, undefined, [{ path: "time", code: "validation.scheduled-too-soon" }]);
  }
  const reminders = SCHEDULED_REMINDERS.filter((r) => (input.reminders ?? []).includes(r));
  if (pastReminders(at, reminders, now).some((r) => !sent.includes(r))) {
    const code = "error.scheduled-reminder-past";
    throw new AppError(code, 400, undefined, [{ path: "reminders", code }]);
  }
  return { teamId, toPhone, title: input.title, body: input.message, date: input.date, time, at, reminders };
}

/** The message's jobs, added or moved to its (new) time; reminders no longer wanted or too late are removed. */
async function planJobs(tx: Tx, row: repo.ScheduledRow, now: Date): Promise<void> {
  await addJob(tx, SCHEDULED_SEND_TASK, { id: row.id }, { runAt: row.scheduled_at, jobKey: sendJobKey(row.id) });
  const planned = remindersToPlan(row.scheduled_at, row.reminders as ScheduledReminder[], now);
  for (const r of SCHEDULED_REMINDERS) {
    if (planned.includes(r)) {
      await addJob(
        tx,
        SCHEDULED_REMINDER_TASK,
        { id: row.id, reminder: r },
        { runAt: reminderAt(row.scheduled_at, r), jobKey: reminderJobKey(row.id, r) },
      );
    } else {
      await removeJob(tx, reminderJobKey(row.id, r));
    }
  }
}

async function removeJobs(tx: Tx, id: string): Promise<void> {
  await removeJob(tx, sendJobKey(id));
  for (const r of SCHEDULED_REMINDERS) await removeJob(tx, reminderJobKey(id, r));
}

/** POST scheduled-messages: a text planned for a date and time of the organisation, with its jobs. */
export async function createScheduled(db: Db, ctx: Ctx, input: Input, now: Date): Promise<ScheduledMessage> {
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await repo.insertScheduled(tx, ctx.orgId, ctx.userId, await fieldsOf(tx, ctx, input, now));
    await planJobs(tx, row, now);
    return (await presentRows(tx, ctx.orgId, [row]))[0] as ScheduledMessage;
  });
}

/** GET scheduled-messages: the caller's teams' (or one of them), soonest first, by outcome when asked. */
export async function listScheduled(db: Db, ctx: Ctx, query: ScheduledMessagesQuery): Promise<ScheduledMessage[]> {
  if (query.teamId && !canSeeScheduled(ctx, query.teamId)) throw notFound();
  const teamIds = query.teamId ? [query.teamId] : ctx.teams.map((t) => t.id);
  const all = await withTenant(db, ctx.orgId, async (tx) => presentRows(tx, ctx.orgId, await repo.listScheduled(tx, ctx.orgId, teamIds)));
  return query.status ? all.filter((s) => s.status === query.status) : all;
}

/**
 * GET scheduled-messages/phone/{phone}: those to one number, for a conversation. Emergency numbers
 * and anonymous callers are not looked up (spec part 1 §7): an empty list, no query.
 */
export async function listScheduledForPhone(db: Db, ctx: Ctx, phone: string): Promise<ScheduledMessage[]> {
  if (skipsScheduledLookup(phone)) return [];
  const toPhone = typedPhoneToE164(phone);
  if (!toPhone) throw badRequest("error.phone-invalid");
  const teamIds = ctx.teams.map((t) => t.id);
  return withTenant(db, ctx.orgId, async (tx) => presentRows(tx, ctx.orgId, await repo.listScheduled(tx, ctx.orgId, teamIds, toPhone)));
}

export async function getScheduled(db: Db, ctx: Ctx, id: string): Promise<ScheduledMessage> {
  return withTenant(
    db,
    ctx.orgId,
    async (tx) => (await presentRows(tx, ctx.orgId, [await visibleScheduled(tx, ctx, id)]))[0] as ScheduledMessage,
  );
}

/** A message still waiting, that the caller may change; else 403, or 409 once it has gone. */
async function changeable(tx: Tx, ctx: Ctx, id: string): Promise<repo.ScheduledRow> {
  const row = await visibleScheduled(tx, ctx, id, true);
  if (!canChangeScheduled(ctx, row)) throw forbidden();
  if (row.status !== "scheduled") throw conflict("error.scheduled-message-save");
  return row;
}

/** PUT scheduled-messages/{id}: replaced while still waiting; its jobs move with it (same keys). */
export async function updateScheduled(db: Db, ctx: Ctx, id: string, input: Input, now: Date): Promise<ScheduledMessage> {
  return withTenant(db, ctx.orgId, async (tx) => {
    const before = await changeable(tx, ctx, id);
    const row = await repo.updateScheduled(tx, ctx.orgId, id, await fieldsOf(tx, ctx, input, now, before.reminders_sent));
    await planJobs(tx, row, now);
    return (await presentRows(tx, ctx.orgId, [row]))[0] as ScheduledMessage;
  });
}

/** DELETE scheduled-messages/{id}: cancelled while still waiting; its jobs go with it. */
export async function deleteScheduled(db: Db, ctx: Ctx, id: string): Promise<void> {
  await withTenant(db, ctx.orgId, async (tx) => {
    const row = await changeable(tx, ctx, id);
    await removeJobs(tx, id);
    await repo.deleteScheduled(tx, ctx.orgId, id);
    await recordAudit(tx, ctx, "delete", "scheduled_message", id, { teamId: row.team_id, toPhone: row.to_phone });
  });
}

/**
 * Development and test only (the route exists only with DEV_TOOLS): the message's send job is
 * moved to now, marked to go before its planned time, so a journey sees it arrive without waiting
 * the five minutes the rules require. Same checks as an edit: the caller's organisation and team.
 */
export async function runScheduledNow(db: Db, ctx: Ctx, id: string): Promise<void> {
  await withTenant(db, ctx.orgId, async (tx) => {
    await changeable(tx, ctx, id);
    await addJob(tx, SCHEDULED_SEND_TASK, { id, runNow: true }, { jobKey: sendJobKey(id) });
  });
}

/**
 * A scheduled message that already left (the demo seed's history): its row, queued as the text
 * `messageId` it became, with the reminders it sent before. No job: its time is past.
 */
export async function storePastScheduled(
  tx: Tx,
  orgId: string,
  createdBy: string,
  past: repo.ScheduledFields & { remindersSent: ScheduledReminder[]; messageId: string },
): Promise<void> {
  const { remindersSent, messageId, ...fields } = past;
  const row = await repo.insertScheduled(tx, orgId, createdBy, fields);
  for (const r of remindersSent) await repo.markReminderSent(tx, orgId, row.id, r);
  await repo.markQueued(tx, orgId, row.id, messageId);
}

/**
 * The instant of a wall-clock date and time in the time zone `tz` (what a scheduled message's date and time mean).
 * In the caller's transaction.
 */
export function scheduledInstant(tx: Tx, date: string, time: string, tz: string): Promise<Date> {
  return repo.instantOf(tx, date, time, tz);
}
