import { sql, type Selectable } from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { Tx } from "../../db/database.ts";
import type { SurveyRunsTable, SurveySettingsTable } from "../../db/schema.ts";

/** Every query takes the organisation id and filters by it; row-level security backs it up. */

export type SurveySettingsRow = Selectable<SurveySettingsTable>;
export type SurveyRunRow = Selectable<SurveyRunsTable>;

export async function findSettings(tx: Tx, orgId: string): Promise<SurveySettingsRow | undefined> {
  return tx.selectFrom("survey_settings").selectAll().where("organization_id", "=", orgId).executeTakeFirst();
}

export type SettingsValues = { enabled: boolean; title: string; questions: string; thanks: string; retry: string };

export async function saveSettings(tx: Tx, orgId: string, values: SettingsValues, userId: string): Promise<SurveySettingsRow> {
  const row = { ...values, updated_by: userId, updated_at: sql<Date>`now()` };
  return tx
    .insertInto("survey_settings")
    .values({ organization_id: orgId, ...row })
    .onConflict((oc) => oc.column("organization_id").doUpdateSet(row))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The open run of a contact number, if any, locked when asked (open: not ended, expired or not). */
export async function findOpenRun(tx: Tx, orgId: string, contactPhone: string, lock = false): Promise<SurveyRunRow | undefined> {
  return openRunQuery(tx, orgId, contactPhone, lock).executeTakeFirst();
}

/**
 * The open run of a contact number, locked, as a statement to send with others (sendTogether):
 * read for every inbound text, so built and compiled once (decision 0068).
 */
export const lockOpenRunStatement = compiledOnce((tx: Tx, s: { orgId: string; contactPhone: string }) =>
  openRunQuery(tx, s.orgId, s.contactPhone, true),
);

/** findOpenRun's statement, not run. */
function openRunQuery(tx: Tx, orgId: string, contactPhone: string, lock = false) {
  const q = tx
    .selectFrom("survey_runs")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("contact_phone", "=", contactPhone)
    .where("ended_at", "is", null);
  return lock ? q.forUpdate() : q;
}

/** The end of the hold on each of `contactPhones` that has one: its open run's expiry while still ahead, by the database clock. */
export async function findHoldEnds(tx: Tx, orgId: string, contactPhones: readonly string[]): Promise<Map<string, Date>> {
  if (contactPhones.length === 0) return new Map();
  const rows = await tx
    .selectFrom("survey_runs")
    .select(["contact_phone", "expires_at"])
    .where("organization_id", "=", orgId)
    .where("contact_phone", "in", [...contactPhones])
    .where("ended_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .execute();
  const ends = new Map<string, Date>();
  for (const r of rows) {
    const seen = ends.get(r.contact_phone);
    if (!seen || r.expires_at > seen) ends.set(r.contact_phone, r.expires_at);
  }
  return ends;
}

export async function findRun(tx: Tx, orgId: string, runId: string, lock = false): Promise<SurveyRunRow | undefined> {
  let q = tx.selectFrom("survey_runs").selectAll().where("organization_id", "=", orgId).where("id", "=", runId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The thread's latest run, open or ended. */
export async function findLatestRunOfThread(tx: Tx, orgId: string, threadId: string): Promise<SurveyRunRow | undefined> {
  return tx
    .selectFrom("survey_runs")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("thread_id", "=", threadId)
    .orderBy("started_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function insertRun(
  tx: Tx,
  values: {
    orgId: string;
    teamId: string;
    threadId: string;
    contactId: string;
    contactPhone: string;
    title: string;
    questions: string;
    thanks: string;
    retry: string;
    startedBy: string;
    startedAt: Date;
    expiresAt: Date;
  },
): Promise<SurveyRunRow> {
  return tx
    .insertInto("survey_runs")
    .values({
      organization_id: values.orgId,
      team_id: values.teamId,
      thread_id: values.threadId,
      contact_id: values.contactId,
      contact_phone: values.contactPhone,
      title: values.title,
      questions: values.questions,
      thanks: values.thanks,
      retry: values.retry,
      started_by: values.startedBy,
      started_at: values.startedAt,
      expires_at: values.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setAnswers(tx: Tx, orgId: string, runId: string, answers: string): Promise<SurveyRunRow> {
  return tx
    .updateTable("survey_runs")
    .set({ answers })
    .where("organization_id", "=", orgId)
    .where("id", "=", runId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type EndReason = "completed" | "expired" | "stopped" | "opted-out";

/** Ends an open run; an expired one ends at its expiry, not at the late moment it is noticed. */
export async function endRun(tx: Tx, orgId: string, runId: string, reason: EndReason, by: string | null): Promise<SurveyRunRow> {
  return tx
    .updateTable("survey_runs")
    .set({
      ended_at: reason === "expired" ? sql<Date>`least(now(), expires_at)` : sql<Date>`now()`,
      end_reason: reason,
      ended_by: by,
    })
    .where("organization_id", "=", orgId)
    .where("id", "=", runId)
    .where("ended_at", "is", null)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A run that ended in the past (the demo seed's history): its answers and when and how it ended. */
export async function endRunAt(
  tx: Tx,
  orgId: string,
  runId: string,
  ended: { answers: string; reason: EndReason; at: Date },
): Promise<void> {
  await tx
    .updateTable("survey_runs")
    .set({ answers: ended.answers, end_reason: ended.reason, ended_at: ended.at, ended_by: null })
    .where("organization_id", "=", orgId)
    .where("id", "=", runId)
    .execute();
}
