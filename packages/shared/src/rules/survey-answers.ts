import { SURVEY_SCORE_MAX, SURVEY_SCORE_MIN, type SurveyQuestionKind } from "../contracts/surveys.ts";

/**
 * Reading a contact's reply to a survey question, typed on a phone: "4", "4/5", "4 sur 5",
 * "Quatre", "⭐⭐⭐⭐". A score is read only when the reply names one number in range and nothing
 * else that could be a number, so "entre 3 et 4" is asked again rather than guessed.
 */

const NUMBER_WORDS: Record<string, number> = {
  un: 1,
  une: 1,
  one: 1,
  deux: 2,
  two: 2,
  trois: 3,
  three: 3,
  quatre: 4,
  four: 4,
  cinq: 5,
  five: 5,
};

/** Stop words of carriers and people: the contact wants no more texts of this survey. */
const STOP_WORDS = new Set(["stop", "arret", "arreter", "unsubscribe", "cancel", "annuler", "end", "fin", "quit"]);

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/** True when the reply asks to stop (STOP, ARRÊT…), whatever the question. */
export function isStopReply(body: string): boolean {
  return STOP_WORDS.has(fold(body).replace(/[.!\s]+$/u, ""));
}

/** The score 1–5 a reply gives, or null when it does not give exactly one. */
export function readScore(body: string): number | null {
  const text = fold(body)
    // "4/5", "4 sur 5", "4 out of 5": the scale is not a second number.
    .replace(new RegExp(`\\s*(?:/|sur|out of|on)\\s*${SURVEY_SCORE_MAX}\\b`, "gu"), "")
    .trim();
  const numbers = [...text.matchAll(/\d+/gu)].map((m) => Number(m[0]));
  const words = text
    .split(/[^a-z]+/u)
    .filter((w) => w in NUMBER_WORDS)
    .map((w) => NUMBER_WORDS[w] as number);
  const stars = [...body].filter((c) => c === "⭐" || c === "★").length;
  const candidates = [...numbers, ...words, ...(stars ? [stars] : [])];
  if (candidates.length !== 1) return null;
  const score = candidates[0] as number;
  return score >= SURVEY_SCORE_MIN && score <= SURVEY_SCORE_MAX ? score : null;
}

/** The answer recorded for a reply to a question of `kind`, or null when it must be asked again. */
export function readSurveyAnswer(kind: SurveyQuestionKind, body: string): string | null {
  if (kind === "score") {
    const score = readScore(body);
    return score === null ? null : String(score);
  }
  const text = body.trim();
  return text === "" ? null : text;
}
