import type { SurveyQuestion } from "@relais/shared";
import type { Tx } from "../../db/database.ts";
import { fillSurveyText, holdEndsAt } from "./policy.ts";
import { DEFAULT_SURVEY } from "./presenter.ts";
import * as repo from "./repo.ts";

/** The default survey's texts filled for one contact, as a run keeps them (startSurvey). */
export type FilledSurvey = { title: string; questions: SurveyQuestion[]; thanks: string; retry: string };

export function filledDefaultSurvey(values: { firstName: string | null; lastName: string | null; organizationName: string }): FilledSurvey {
  return {
    title: DEFAULT_SURVEY.title,
    questions: DEFAULT_SURVEY.questions.map((q) => ({ kind: q.kind, text: fillSurveyText(q.text, values) })),
    thanks: fillSurveyText(DEFAULT_SURVEY.thanks, values),
    retry: fillSurveyText(DEFAULT_SURVEY.retry, values),
  };
}

/**
 * A survey run completed in the past, in a conversation whose texts are already written (the demo
 * seed's history): the conversation then shows it answered. The answers are not recorded on the
 * contact here: the caller's contact already holds them (the seed's contacts).
 */
export async function storePastSurveyRun(
  tx: Tx,
  orgId: string,
  run: {
    teamId: string;
    threadId: string;
    contactId: string;
    contactPhone: string;
    startedBy: string;
    survey: FilledSurvey;
    answers: string[];
    startedAt: Date;
    endedAt: Date;
  },
): Promise<void> {
  const row = await repo.insertRun(tx, {
    orgId,
    teamId: run.teamId,
    threadId: run.threadId,
    contactId: run.contactId,
    contactPhone: run.contactPhone,
    title: run.survey.title,
    questions: JSON.stringify(run.survey.questions),
    thanks: run.survey.thanks,
    retry: run.survey.retry,
    startedBy: run.startedBy,
    startedAt: run.startedAt,
    expiresAt: holdEndsAt(run.startedAt),
  });
  await repo.endRunAt(tx, orgId, row.id, { answers: JSON.stringify(run.answers), reason: "completed", at: run.endedAt });
}
