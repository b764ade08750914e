import { hash } from "node:crypto";
import Sentiment from "sentiment";
import { detect } from "tinyld/light";
import { SENTIMENT_THRESHOLDS, keepUpTo } from "@relais/shared";
import type { Tx } from "../../db/database.ts";
import { DEGREE_WORDS, LABELS, NEGATORS, type LexiconLanguage } from "./sentiment-lexicon.ts";
import * as repo from "./repo.ts";

/**
 * The mood of a conversation (spec part 1 §4 Sentiment): each inbound text gets a 0–100 score from
 * the AFINN word lists of its language, and a thread's score blends its contact's recent texts.
 * Why this library and these numbers: docs/decisions/0007-sentiment.md.
 */

/** Which texts make a thread's mood: its contact's last five within thirty days. */
const SENTIMENT_WINDOW = { texts: 5, days: 30 } as const;

/**
 * A text with no opinion word sits in the middle of the neutral band (40 < s < 70), so the first
 * opinion word of some weight (±2, "merci", "déçu") is what leaves it, either way.
 */
const NEUTRAL = (SENTIMENT_THRESHOLDS.positive + SENTIMENT_THRESHOLDS.negative) / 2;
/** Raw AFINN sums are squashed with tanh(raw / SPREAD): ±2 reaches the thresholds, ±5 nears the ends. */
const SPREAD = 4;
/** One long rant must not outweigh every later text: a text's sum is capped like one AFINN word. */
const RAW_CAP = 5;

const LANGUAGE_CODE: Record<LexiconLanguage, string> = { fr: "relais-fr", en: "relais-en" };

const analyzer = new Sentiment();
for (const language of ["fr", "en"] as const) {
  analyzer.registerLanguage(LANGUAGE_CODE[language], {
    labels: LABELS[language],
    scoringStrategy: { apply: (tokens, cursor, score) => (negated(language, tokens, cursor) ? -score : score) },
  });
}

/** Whether a negator stands before tokens[cursor], degree words apart ("pas très content"). */
function negated(language: LexiconLanguage, tokens: string[], cursor: number): boolean {
  for (let i = cursor - 1; i >= 0 && i >= cursor - 3; i--) {
    const token = tokens[i] ?? "";
    if (NEGATORS[language].has(token)) return true;
    if (!DEGREE_WORDS[language].has(token)) return false;
  }
  return false;
}

/**
 * The engine splits words on spaces only: emoji stuck together or to a word ("merci🙏", "😡😡")
 * are set apart, typographic apostrophes made plain, and French elisions split from their word
 * ("l'équipe" → "l' équipe").
 */
function prepare(text: string, language: LexiconLanguage): string {
  const plain = text.replace(/\p{Extended_Pictographic}/gu, " $& ").replace(/[’‘`]/g, "'");
  return language === "fr" ? plain.replace(/\b(qu|[cdjlmnst])'/giu, "$1' ") : plain;
}

function rawScore(text: string, language: LexiconLanguage): { raw: number; words: number } {
  const result = analyzer.analyze(prepare(text, language), { language: LANGUAGE_CODE[language] });
  return { raw: result.score, words: result.positive.length + result.negative.length };
}

/**
 * The language of a text, from its letters (tinyld), not from the contact's or the organisation's
 * setting: a French-speaking clinic's patients text in English too. Too short to tell ("Ok!"):
 * the list that recognises more of its words, French on a tie. `scores`: the text's raw score
 * under each list, already taken.
 */
function languageOf(text: string, scores: Record<LexiconLanguage, { words: number }>): LexiconLanguage {
  const detected = detect(text, { only: ["fr", "en"] });
  if (detected === "fr" || detected === "en") return detected;
  return scores.en.words > scores.fr.words ? "en" : "fr";
}

export type TextSentiment = {
  /** 0–100; 55 for a text with no opinion word. */
  score: number;
  /** The capped AFINN sum the score comes from. */
  raw: number;
  /** Whether any word of the text carries a valence. */
  opinionated: boolean;
  /**
   * The list the text was scored with; null when neither list knows any of its words: its score
   * is then 55 whatever its language, and telling the language (tinyld, 3 % of the server's
   * time at 500 inbound texts a second) is skipped.
   */
  language: LexiconLanguage | null;
};

/** A raw sum onto 0–100, the neutral centre at 55, so thresholds 70 and 40 sit ±2 away. */
function toScore(raw: number): number {
  const t = Math.tanh(raw / SPREAD);
  const span = raw >= 0 ? 100 - NEUTRAL : NEUTRAL;
  return Math.min(100, Math.max(0, Math.round(NEUTRAL + span * t)));
}

/**
 * Texts scored lately, by a digest of their words (not the words themselves: a patient's text is
 * not kept in memory for this). Each inbound text re-reads its contact's four previous ones for
 * the thread's score; without this, every one of them went through language detection and
 * scoring again, about 3 % of the server's time at 200 texts a second.
 */
const SCORED_KEPT = 10_000;
const scored = new Map<string, TextSentiment>();

/** A text with no word of either list (or none at all): the middle of the neutral band. */
const NO_OPINION: TextSentiment = Object.freeze({ score: Math.round(NEUTRAL), raw: 0, opinionated: false, language: null });

/** The sentiment of one text, French or English. */
export function scoreText(text: string): TextSentiment {
  const trimmed = text.trim();
  if (!trimmed) return NO_OPINION;
  // One call, no Hash object: this runs for every inbound text and each of its recent ones.
  const key = hash("sha256", trimmed, "base64");
  const known = scored.get(key);
  if (known) return known;
  const scores = { fr: rawScore(trimmed, "fr"), en: rawScore(trimmed, "en") };
  if (scores.fr.words === 0 && scores.en.words === 0) return keepUpTo(scored, SCORED_KEPT, key, NO_OPINION);
  const language = languageOf(trimmed, scores);
  const { raw, words } = scores[language];
  const capped = Math.max(-RAW_CAP, Math.min(RAW_CAP, raw));
  return keepUpTo(scored, SCORED_KEPT, key, { score: toScore(capped), raw: capped, opinionated: words > 0, language });
}

/**
 * A thread's score from its contact's recent texts, newest first: null with none. Texts without an
 * opinion are left out, so a complaint stays visible while the contact then only settles a time;
 * the others weigh half as much at each step back, so the latest mood leads. None opinionated: 55.
 */
export function threadSentiment(textsNewestFirst: string[]): number | null {
  if (textsNewestFirst.length === 0) return null;
  let sum = 0;
  let weights = 0;
  textsNewestFirst.forEach((text, rank) => {
    const s = scoreText(text);
    if (!s.opinionated) return;
    const weight = 2 ** -rank;
    sum += weight * s.raw;
    weights += weight;
  });
  return weights === 0 ? Math.round(NEUTRAL) : toScore(sum / weights);
}

/** The recent inbound texts an inbound text's thread reads before it (repo.upsertInboundThread). */
export const SENTIMENT_BEFORE_NEW_TEXT = { texts: SENTIMENT_WINDOW.texts - 1, days: SENTIMENT_WINDOW.days } as const;

/**
 * The thread's score once `body` has come in after `previousNewestFirst` (read with
 * SENTIMENT_BEFORE_NEW_TEXT): the same window threadSentimentNow reads, without reading it again.
 */
export function sentimentWithNewText(body: string, previousNewestFirst: readonly string[]): number | null {
  return threadSentiment([body, ...previousNewestFirst.slice(0, SENTIMENT_BEFORE_NEW_TEXT.texts)]);
}

/** The thread's score from its recent inbound texts as the transaction sees them, not written. */
export async function threadSentimentNow(tx: Tx, orgId: string, threadId: string): Promise<number | null> {
  return threadSentiment(await repo.recentInboundBodies(tx, orgId, threadId, SENTIMENT_WINDOW));
}
