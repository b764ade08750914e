import { z } from "zod";
import { surveyQuestion, type SurveyQuestion, type SurveyRun, type SurveyRunStatus, type SurveySettings } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { canUpdateSurveySettings } from "./policy.ts";
import type { SurveyRunRow, SurveySettingsRow } from "./repo.ts";

/** What an organisation that never wrote its survey starts from: two questions, in French (fr-CA first). */
export const DEFAULT_SURVEY = {
  enabled: false,
  title: "Sondage de satisfaction",
  questions: [
    {
      kind: "score",
      text: "Bonjour {{firstName}}, merci d'avoir choisi {{organizationName}}. De 1 à 5, êtes-vous satisfait(e) de votre dernière visite ? Répondez par un chiffre.",
    },
    { kind: "text", text: "Merci ! Avez-vous un commentaire à nous laisser ?" },
  ] satisfies SurveyQuestion[],
  thanks: "Merci pour vos réponses : elles nous aident à mieux vous servir.",
  retry: "Désolé, nous n'avons pas compris. Répondez par un chiffre de 1 à 5.",
};

const storedQuestions = z.array(surveyQuestion);
const storedAnswers = z.array(z.string());

/** Stored questions; the table's check keeps them an array, the schema keeps their shape honest. */
export function questionsOf(stored: unknown): SurveyQuestion[] {
  return storedQuestions.parse(stored);
}

export function answersOf(stored: unknown): string[] {
  return storedAnswers.parse(stored);
}

export function presentSettings(row: SurveySettingsRow | undefined, ctx: Pick<Ctx, "role">): SurveySettings {
  const abilities = { update: canUpdateSurveySettings(ctx) };
  if (!row) return { ...DEFAULT_SURVEY, updatedAt: null, abilities };
  return {
    enabled: row.enabled,
    title: row.title,
    questions: questionsOf(row.questions),
    thanks: row.thanks,
    retry: row.retry,
    updatedAt: row.updated_at.toISOString(),
    abilities,
  };
}

/** An open run past its expiry is shown expired before the job that closes it has run. */
function statusOf(row: SurveyRunRow, now: Date): SurveyRunStatus {
  if (row.end_reason) return row.end_reason as SurveyRunStatus;
  return row.expires_at <= now ? "expired" : "active";
}

export function presentRun(row: SurveyRunRow, now: Date): SurveyRun {
  return {
    id: row.id,
    threadId: row.thread_id,
    status: statusOf(row, now),
    step: answersOf(row.answers).length,
    questionCount: questionsOf(row.questions).length,
    startedAt: row.started_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    endedAt: row.ended_at?.toISOString() ?? null,
  };
}
