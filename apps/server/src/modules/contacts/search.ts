import { MIN_SEARCH_CHARACTERS } from "@relais/shared";
import { badRequest } from "../../platform/errors.ts";

/**
 * What a contact search looks for: every term somewhere in the contact's first or last name,
 * business, email or phone digits (repo.ts folds both sides: case and accents aside).
 */
export type ContactSearch = { terms: string[] };

/** Read as a phone number: only digits, spaces, +, brackets, dashes and dots. */
const LOOKS_LIKE_A_NUMBER = /^[\d\s+().-]+$/;
/** Fewer digits than this would match nearly every number. */
const MIN_DIGITS = 3;
/** More words than this add nothing a person would type; relais_contact_matches (0007) takes 8. */
const MAX_TERMS = 8;

/**
 * The search of GET patients?q= (spec part 2 §5, §9: at least 3 characters, else 400
 * error.min-search-characters). A number in any formatting — "(514) 555-01", "514.555",
 * "+1 514" — searches the phone by its digits; anything else searches each word, so that
 * "Tremblay Hélène" finds Hélène Tremblay.
 */
export function parseContactSearch(q: string | undefined): ContactSearch | null {
  if (q === undefined) return null;
  const trimmed = q.trim();
  if (Array.from(trimmed).length < MIN_SEARCH_CHARACTERS) throw badRequest("error.min-search-characters");
  const digits = trimmed.replace(/\D/g, "");
  if (LOOKS_LIKE_A_NUMBER.test(trimmed) && digits.length >= MIN_DIGITS) return { terms: [digits] };
  return { terms: [...new Set(trimmed.split(/\s+/))].slice(0, MAX_TERMS) };
}
