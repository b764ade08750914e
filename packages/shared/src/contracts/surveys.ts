import { z } from "zod";
import { tokensIn } from "../rules/dynamic-fields.ts";
import { uuid } from "./common.ts";

/**
 * The satisfaction survey by text (spec part 2 §2 "satisfaction survey", §4, §9): an organisation
 * writes its questions once; staff send them to a contact from a conversation; the contact's
 * replies are its answers, recorded on the contact. While the survey runs, nobody else texts
 * that contact, for at most one hour (SURVEY_HOLD_MINUTES).
 */

/** Spec part 2 §9: "Survey flow blocks messages for at most one hour". */
export const SURVEY_HOLD_MINUTES = 60;
export const SURVEY_MAX_QUESTIONS = 3;
/** Two SMS segments: a question stays readable on a phone. */
export const SURVEY_TEXT_MAX = 320;
export const SURVEY_TITLE_MAX = 80;
/** A score question is answered 1 to 5 (stars). */
export const SURVEY_SCORE_MIN = 1;
export const SURVEY_SCORE_MAX = 5;

export const SURVEY_QUESTION_KINDS = ["score", "text"] as const;
export type SurveyQuestionKind = (typeof SURVEY_QUESTION_KINDS)[number];

/** The dynamic fields a survey text may use: the contact and organisation are known when it is sent. */
export const SURVEY_FIELDS = ["firstName", "lastName", "organizationName"] as const;

export const surveyQuestion = z.object({ kind: z.enum(SURVEY_QUESTION_KINDS), text: z.string() });
export type SurveyQuestion = z.infer<typeof surveyQuestion>;

/** GET organizations/{id}/satisfaction-survey: never saved, the defaults, disabled. */
export const surveySettings = z.object({
  enabled: z.boolean(),
  title: z.string(),
  questions: z.array(surveyQuestion),
  thanks: z.string(),
  retry: z.string(),
  updatedAt: z.string().nullable(),
  abilities: z.object({ update: z.boolean() }),
});
export type SurveySettings = z.infer<typeof surveySettings>;

/** A text of the survey: trimmed, required, short, and only the fields a survey can fill. */
const surveyText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: "validation.required" })
    .max(max, { message: "validation.max-length" })
    .superRefine((text, ctx) => {
      const unknown = tokensIn(text).filter((t) => !(SURVEY_FIELDS as readonly string[]).includes(t));
      if (unknown.length) ctx.addIssue({ code: "custom", message: "validation.survey-unknown-field" });
    });

/** PUT organizations/{id}/satisfaction-survey: the whole setting, replaced (administrators only). */
export const updateSurveySettingsRequest = z
  .object({
    enabled: z.boolean(),
    title: surveyText(SURVEY_TITLE_MAX),
    questions: z
      .array(z.object({ kind: z.enum(SURVEY_QUESTION_KINDS), text: surveyText(SURVEY_TEXT_MAX) }).strict())
      .min(1, { message: "validation.survey-questions-count" })
      .max(SURVEY_MAX_QUESTIONS, { message: "validation.survey-questions-count" }),
    thanks: surveyText(SURVEY_TEXT_MAX),
    retry: surveyText(SURVEY_TEXT_MAX),
  })
  .strict();
export type UpdateSurveySettingsRequest = z.infer<typeof updateSurveySettingsRequest>;

/** stopped: by staff; opted-out: the contact answered STOP. */
export const SURVEY_RUN_STATUSES = ["active", "completed", "expired", "stopped", "opted-out"] as const;
export type SurveyRunStatus = (typeof SURVEY_RUN_STATUSES)[number];

/** One sending of the survey to a contact. `step`: the questions answered so far. */
export const surveyRun = z.object({
  id: uuid,
  threadId: uuid,
  status: z.enum(SURVEY_RUN_STATUSES),
  step: z.number().int(),
  questionCount: z.number().int(),
  startedAt: z.string(),
  /** When the hold on the contact ends at the latest (started + SURVEY_HOLD_MINUTES). */
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
});
export type SurveyRun = z.infer<typeof surveyRun>;

/**
 * GET messaging/v1/threads/{id}/survey: the conversation's survey now. `run`: the one running,
 * else the latest; `startable`: why it cannot be sent now, or "yes".
 */
export const threadSurvey = z.object({
  run: surveyRun.nullable(),
  startable: z.enum(["yes", "disabled", "no-contact", "running"]),
});
export type ThreadSurvey = z.infer<typeof threadSurvey>;
