import { sentimentOf, type MessageId } from "@relais/shared";
import { initialsOf } from "./initials.ts";

/**
 * Spec part 1 §5: a caller name of 1 to 19 characters that are all digits, plus, dash, space or
 * brackets is a number, not a name.
 */
export function isNumberLikeName(name: string): boolean {
  return /^[\d+\-\s()]{1,19}$/.test(name.trim());
}

/**
 * What an avatar shows: at most two initials of a real name, else a person icon — a number or a
 * missing name has no initials worth showing ("51" of a phone number reads as a code).
 */
export function avatarContent(name: string | null): { kind: "initials"; text: string } | { kind: "person" } {
  if (name === null || isNumberLikeName(name)) return { kind: "person" };
  const text = initialsOf(name);
  return text ? { kind: "initials", text } : { kind: "person" };
}

/** The mood shown on an avatar (spec part 1 §2): none for neutral or no score yet. */
export function sentimentBadge(score: number | null): { mood: "positive" | "negative"; label: MessageId } | null {
  switch (sentimentOf(score)) {
    case "positive":
      return { mood: "positive", label: "avatar.sentiment-positive" };
    case "negative":
      return { mood: "negative", label: "avatar.sentiment-negative" };
    case "neutral":
      return null;
  }
}
