import { sql, type Selectable } from "kysely";
import type { Tx } from "../../db/database.ts";
import type { ScheduledMessagesTable } from "../../db/schema.ts";

/** SQL of scheduled messages; every query names its organisation (row-level security holds too). */

export type ScheduledRow = Selectable<ScheduledMessagesTable>;

export type ScheduledFields = {
  teamId: string;
  toPhone: string;
  title: string;
  body: string;
  date: string;
  /** As asked; null: a date alone (scheduledSendTime decided `at`). */
  time: string | null;
  at: Date;
  reminders: string[];
};

/** The instant of a wall-clock date and time in time zone `tz` (PostgreSQL knows the zone rules). */
export async function instantOf(tx: Tx, date: string, time: string, tz: string): Promise<Date> {
  const { rows } = await sql<{ at: Date }>`select ((${date}::date + ${time}::time) at time zone ${tz}) as at`.execute(tx);
  const at = rows[0]?.at;
  if (!at) throw new Error("instantOf: no answer");
  return at;
}

export async function insertScheduled(tx: Tx, orgId: string, createdBy: string, f: ScheduledFields): Promise<ScheduledRow> {
  return tx
    .insertInto("scheduled_messages")
    .values({
      organization_id: orgId,
      team_id: f.teamId,
      to_phone: f.toPhone,
      title: f.title,
      body: f.body,
      scheduled_date: f.date,
      scheduled_time: f.time,
      scheduled_at: f.at,
      reminders: f.reminders,
      created_by: createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateScheduled(tx: Tx, orgId: string, id: string, f: ScheduledFields): Promise<ScheduledRow> {
  return tx
    .updateTable("scheduled_messages")
    .set({
      team_id: f.teamId,
      to_phone: f.toPhone,
      title: f.title,
      body: f.body,
      scheduled_date: f.date,
      scheduled_time: f.time,
      scheduled_at: f.at,
      reminders: f.reminders,
      // A new time means new reminders: those sent for the old one do not count.
      reminders_sent: [],
      updated_at: sql<Date>`now()`,
    })
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findScheduled(tx: Tx, orgId: string, id: string, lock = false): Promise<ScheduledRow | undefined> {
  let q = tx.selectFrom("scheduled_messages").selectAll().where("organization_id", "=", orgId).where("id", "=", id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The scheduled messages of `teamIds`, soonest first, narrowed to one recipient when given. */
export async function listScheduled(tx: Tx, orgId: string, teamIds: string[], toPhone?: string): Promise<ScheduledRow[]> {
  if (!teamIds.length) return [];
  let q = tx
    .selectFrom("scheduled_messages")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("team_id", "in", teamIds)
    .orderBy("scheduled_at")
    .orderBy("id")
    .limit(500);
  if (toPhone) q = q.where("to_phone", "=", toPhone);
  return q.execute();
}

export async function deleteScheduled(tx: Tx, orgId: string, id: string): Promise<void> {
  await tx.deleteFrom("scheduled_messages").where("organization_id", "=", orgId).where("id", "=", id).execute();
}

export async function markQueued(tx: Tx, orgId: string, id: string, messageId: string): Promise<void> {
  await tx
    .updateTable("scheduled_messages")
    .set({ status: "queued", message_id: messageId, failure_reason: null, updated_at: sql<Date>`now()` })
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .execute();
}

/**
 * Other messages of the organisation still to send and due by `dueBy`, soonest (then first
 * written) first, at most `limit`, locked; rows another transaction holds (another batch, an
 * edit) are left to it.
 */
export async function claimDue(tx: Tx, orgId: string, exceptId: string, dueBy: Date, limit: number): Promise<ScheduledRow[]> {
  if (limit <= 0) return [];
  return tx
    .selectFrom("scheduled_messages")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("status", "=", "scheduled")
    .where("scheduled_at", "<=", dueBy)
    .where("id", "<>", exceptId)
    .orderBy("scheduled_at")
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** markQueued for many messages in one statement. */
export async function markManyQueued(tx: Tx, orgId: string, queued: readonly { id: string; messageId: string }[]): Promise<void> {
  if (queued.length === 0) return;
  await sql`
    update scheduled_messages s set status = 'queued', message_id = v.message_id, failure_reason = null, updated_at = now()
    from unnest(${queued.map((q) => q.id)}::uuid[], ${queued.map((q) => q.messageId)}::uuid[]) as v(id, message_id)
    where s.organization_id = ${orgId} and s.id = v.id`.execute(tx);
}

export async function markFailed(tx: Tx, orgId: string, id: string, reason: string): Promise<void> {
  await tx
    .updateTable("scheduled_messages")
    .set({ status: "failed", failure_reason: reason, updated_at: sql<Date>`now()` })
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .execute();
}

export async function markReminderSent(tx: Tx, orgId: string, id: string, reminder: string): Promise<void> {
  await tx
    .updateTable("scheduled_messages")
    .set({ reminders_sent: sql<string[]>`array_append(reminders_sent, ${reminder})` })
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .execute();
}
