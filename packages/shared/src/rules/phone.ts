import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { keepUpTo } from "../kept.ts";

/** E.164 as spec part 1 §5 states it: +, then 1 to 9, then 10 to 14 digits. */
export const E164_PATTERN = /^\+[1-9]\d{10,14}$/;

/**
 * The number in E.164 form if libphonenumber judges it valid (any formatting, North American
 * numbers without a country code accepted), else null.
 */
export function toE164(input: string, defaultCountry: "CA" | "FR" | "US" = "CA"): string | null {
  const compact = input.replace(/\s+/g, "");
  if (!compact) return null;
  const key = `${defaultCountry} ${compact}`;
  const known = judged.get(key);
  if (known !== undefined) return known;
  const parsed = parsePhoneNumberFromString(compact, defaultCountry);
  const e164 = parsed?.isValid() ? parsed.number : null;
  return keepUpTo(judged, JUDGED_KEPT, key, e164 && E164_PATTERN.test(e164) ? e164 : null);
}

/**
 * Numbers judged lately, as typed, with their answer. The same few thousand numbers come back
 * all day (every inbound text names its contact's and its clinic's; a server checks each twice),
 * and libphonenumber's validation of one was about 3 % of the server's time per inbound text
 * and a twentieth of what it allocated (decision 0060).
 */
const JUDGED_KEPT = 20_000;
const judged = new Map<string, string | null>();

/**
 * One display for a number everywhere (lists, forms, headers). A North American number — 10
 * digits, or 11 starting with the country code 1 — is shown as (AAA) BBB-CCCC (spec part 1 §5);
 * any other number written with its "+" country code in its international format
 * (`+33 6 12 34 56 78`), never cut into a North American shape; anything else as given.
 */
export function formatPhoneForDisplay(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  const international = trimmed.startsWith("+");
  const northAmerican = (digits.length === 11 && digits.startsWith("1")) || (!international && digits.length === 10);
  if (northAmerican) {
    const national = digits.slice(-10);
    return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  }
  if (international && /^\+[\d\s().-]+$/.test(trimmed)) {
    const parsed = parsePhoneNumberFromString(trimmed);
    if (parsed) return parsed.formatInternational();
  }
  return phone;
}

/**
 * A number typed by a person (a new conversation's target, spec part 1 §5): only digits, spaces,
 * "+", brackets, dashes and dots may appear, white space is removed, and libphonenumber must
 * judge it valid. Anything else — letters, control characters — is not a number: null.
 */
export function typedPhoneToE164(input: string, defaultCountry: "CA" | "FR" | "US" = "CA"): string | null {
  if (!/^[\d\s+().-]+$/.test(input)) return null;
  return toE164(input, defaultCountry);
}
