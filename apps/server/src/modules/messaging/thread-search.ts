import { MIN_SEARCH_CHARACTERS } from "@relais/shared";
import { badRequest } from "../../platform/errors.ts";

/**
 * What a thread search looks for: `digits` in the contact's number (null when the text is not a
 * number), and `text` in the last message, lower-cased and without accents so that "ete", "Été"
 * and "été" find one another.
 */
export type ThreadSearch = { digits: string | null; text: string };

/** Spec part 1 §5: something is read as a number when it is 1 to 19 of digits, +, -, space or brackets. */
const LOOKS_LIKE_A_NUMBER = /^[\d+\-\s()]{1,19}$/;
/** Fewer digits than this would match nearly every number: read as text only. */
const MIN_DIGITS = 3;

/** Lower case without diacritics; the SQL side (repo.foldedBody) folds the stored text the same way. */
function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The search of GET threads?q= (spec part 1 §5: at least 3 characters, else
 * error.min-search-characters). "514 555", "(514) 555-01" and "5550" all search the number by its
 * digits, whatever the formatting typed.
 */
export function parseThreadSearch(q: string | undefined): ThreadSearch | null {
  if (q === undefined) return null;
  const trimmed = q.trim();
  if (Array.from(trimmed).length < MIN_SEARCH_CHARACTERS) throw badRequest("error.min-search-characters");
  const digits = trimmed.replace(/\D/g, "");
  return {
    digits: LOOKS_LIKE_A_NUMBER.test(trimmed) && digits.length >= MIN_DIGITS ? digits : null,
    text: foldText(trimmed),
  };
}

/** `text` as a LIKE pattern that finds it anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
