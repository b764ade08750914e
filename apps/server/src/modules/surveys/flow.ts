import { z } from "zod";
import { isStopReply, readSurveyAnswer, type SurveyAnswer } from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import { together } from "../../db/send-together.ts";
import { addJob, removeJob, type JobTasks } from "../../platform/jobs/jobs.ts";
import { recordEvent } from "../../platform/realtime/record-event.ts";
import { recordSurveyIn } from "../contacts/index.ts";
import { queueSystemText, type AfterInbound, type ContactHold, type MessagingDeps, type RecordedInbound } from "../messaging/index.ts";
import { answersOf, questionsOf } from "./presenter.ts";
import * as repo from "./repo.ts";

/**
 * The survey as it runs by text: each reply of the contact answers the current question, the
 * next one (or the thanks) goes back; a reply that does not answer is asked again. It ends
 * completed, stopped by staff, opted out (STOP) or expired after the hold; whatever was answered
 * by then is recorded on the contact.
 */

export const SURVEY_EXPIRE_TASK = "survey-expire";
const surveyExpireJob = z.object({ orgId: z.uuid(), runId: z.uuid() });
const expireJobKey = (runId: string) => `survey-expire:${runId}`;
/** The expiry job may be taken a little before the database's clock reaches the run's expiry. */
const EARLY_SLACK_MS = 30_000;

/** The job that ends the run at its expiry if nothing ended it before. */
export async function planExpiry(tx: Tx, run: repo.SurveyRunRow): Promise<void> {
  await addJob(tx, SURVEY_EXPIRE_TASK, { runId: run.id }, { runAt: run.expires_at, jobKey: expireJobKey(run.id) });
}

export async function announceSurvey(tx: Tx, orgId: string, run: Pick<repo.SurveyRunRow, "thread_id" | "team_id">): Promise<void> {
  await recordEvent(tx, orgId, { type: "survey.updated", teamId: run.team_id, payload: { threadId: run.thread_id, teamId: run.team_id } });
}

/** Ends an open run, records the answers given so far on the contact, and says so to the team. */
export async function closeRun(
  tx: Tx,
  orgId: string,
  run: repo.SurveyRunRow,
  reason: repo.EndReason,
  by: string | null,
): Promise<repo.SurveyRunRow> {
  const ended = await repo.endRun(tx, orgId, run.id, reason, by);
  if (reason !== "expired") await removeJob(tx, expireJobKey(run.id));
  const questions = questionsOf(run.questions);
  const answers: SurveyAnswer[] = answersOf(ended.answers).map((answer, i) => ({ question: questions[i]?.text ?? "", answer }));
  if (answers.length) await recordSurveyIn(tx, orgId, { contactId: run.contact_id, title: run.title, answers });
  await announceSurvey(tx, orgId, ended);
  return ended;
}

/** Queues one text of the survey in the conversation; `key` makes a repeated step text once. */
export async function sendSurveyText(
  deps: MessagingDeps,
  tx: Tx,
  orgId: string,
  run: repo.SurveyRunRow,
  text: { from: string; body: string; key: string; authorId: string | null },
): Promise<void> {
  await queueSystemText(deps, tx, orgId, {
    thread: { id: run.thread_id, created: false },
    teamId: run.team_id,
    from: text.from,
    to: run.contact_phone,
    body: text.body,
    authorId: text.authorId,
    idempotencyKey: `survey:${run.id}:${text.key}`,
    ignoreHolds: true,
  });
}

/**
 * Run by messaging in an inbound text's transaction, before the automatic replies: a text of a
 * contact whose survey runs in this thread is its answer ("handled": no automatic reply to it).
 * A run found past its expiry is closed and the text is an ordinary one. The contact's open run
 * is read (and locked) with the text's own statements.
 */
export const answerSurvey: AfterInbound = (tx, text) =>
  together(
    repo.lockOpenRunStatement(tx, { orgId: text.orgId, contactPhone: text.contactPhone }),
    (runs) => (deps, t, inbound) => answerWithRun(deps, t, inbound, runs[0]),
  );

async function answerWithRun(
  deps: MessagingDeps,
  tx: Tx,
  inbound: RecordedInbound,
  run: repo.SurveyRunRow | undefined,
): Promise<void | "handled"> {
  if (!run || run.thread_id !== inbound.threadId) return;
  if (run.expires_at.getTime() <= Date.now()) {
    await closeRun(tx, inbound.orgId, run, "expired", null);
    return;
  }
  if (isStopReply(inbound.body)) {
    await closeRun(tx, inbound.orgId, run, "opted-out", null);
    return "handled";
  }
  const questions = questionsOf(run.questions);
  const answers = answersOf(run.answers);
  const question = questions[answers.length];
  const reply = { from: inbound.teamPhone, authorId: null };
  if (!question) return;
  const answer = readSurveyAnswer(question.kind, inbound.body);
  if (answer === null) {
    await sendSurveyText(deps, tx, inbound.orgId, run, { ...reply, body: run.retry, key: `retry:${inbound.messageId}` });
    return "handled";
  }
  const updated = await repo.setAnswers(tx, inbound.orgId, run.id, JSON.stringify([...answers, answer]));
  const next = questions[answers.length + 1];
  if (next) {
    await sendSurveyText(deps, tx, inbound.orgId, run, { ...reply, body: next.text, key: `q${answers.length + 1}` });
    await announceSurvey(tx, inbound.orgId, run);
  } else {
    await sendSurveyText(deps, tx, inbound.orgId, run, { ...reply, body: run.thanks, key: "thanks" });
    await closeRun(tx, inbound.orgId, updated, "completed", null);
  }
  return "handled";
}

/** The hold the survey puts on a contact's line, for messaging (registered in app.ts). */
export const surveyHold: ContactHold = (tx, orgId, contactPhones) => repo.findHoldEnds(tx, orgId, contactPhones);

async function expireRun(db: Db, payload: unknown): Promise<void> {
  const { orgId, runId } = surveyExpireJob.parse(payload);
  await withTenant(db, orgId, async (tx) => {
    const run = await repo.findRun(tx, orgId, runId, true);
    if (!run || run.ended_at) return;
    if (run.expires_at.getTime() > Date.now() + EARLY_SLACK_MS) return;
    await closeRun(tx, orgId, run, "expired", null);
  });
}

/** The tasks this module gives the job worker (app.ts). */
export function surveyTasks(db: Db): JobTasks {
  return { [SURVEY_EXPIRE_TASK]: (p) => expireRun(db, p) };
}
