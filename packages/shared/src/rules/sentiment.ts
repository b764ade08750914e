/**
 * The mood of a conversation (spec part 1 §4 Sentiment, §9): a 0–100 score computed by the server
 * from the contact's recent texts; 70 or more is positive, 40 or less is negative, else neutral.
 * A thread with no inbound text yet has no score and shows no emoji, as a neutral one.
 */
export const SENTIMENT_THRESHOLDS = { positive: 70, negative: 40 } as const;

export type SentimentLabel = "positive" | "neutral" | "negative";

export function sentimentOf(score: number | null | undefined): SentimentLabel {
  if (score === null || score === undefined) return "neutral";
  if (score >= SENTIMENT_THRESHOLDS.positive) return "positive";
  if (score <= SENTIMENT_THRESHOLDS.negative) return "negative";
  return "neutral";
}
