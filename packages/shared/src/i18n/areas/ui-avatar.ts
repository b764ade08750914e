import { defineMessages } from "../define.ts";

/** The contact avatar: the accessible names of its sentiment emoji (spec part 1 §4, §2). */
export const uiAvatar = defineMessages({
  "avatar.sentiment-positive": ["Sentiment positif", "Positive sentiment"],
  "avatar.sentiment-negative": ["Sentiment négatif", "Negative sentiment"],
});
