import { describe, expect, it } from "vitest";
import { messages } from "./index.ts";

/**
 * One French typography over the whole fr-CA catalogue (issue 15), Québec usage: no space before
 * `?`, `!` and `;`; a space before `:`; every message the person reads as a sentence — errors,
 * validation messages, success notices — ends with its period (or `?`, `!`, `…`).
 */

const fr = messages["fr-CA"] as Record<string, string>;
const en = messages["en-CA"] as Record<string, string>;

/** The text a person reads around the placeholders (their names are not text). */
const literal = (text: string) => text.replace(/\{[^{}]*\}/g, "x");

/**
 * Texts the spec quotes word for word, without a final period (spec part 1 §8, part 2 §8): the
 * spec is the source of truth for them; every other sentence ends with its period.
 */
const SPEC_VERBATIM: Record<"fr" | "en", readonly string[]> = {
  fr: [
    "error.appointment-taken",
    "error.message-send-failed",
    "error.no-microphone",
    "error.patient-deleted",
    "error.scheduled-message-save",
    "error.unsupported-device",
    "validation.email-already-in-list",
    "validation.scheduled-message-required",
    "validation.scheduled-title-required",
    "validation.scheduled-too-soon",
    "validation.time-format",
  ],
  en: ["error.call-contact", "error.support-send", "error.unable-to-initiate-call"],
};

/** Messages read as sentences: what went wrong, what to fix, what went well. */
const isSentence = (key: string) => /^(error|validation|success)\./.test(key);
const ENDS_SENTENCE = /[.?!…]$/;

describe("French typography of the fr-CA catalogue", () => {
  const entries = Object.entries(fr);

  it("has no space before ?, ! or ;", () => {
    const wrong = entries.filter(([, text]) => /[\s\u00a0\u202f][?!;]/.test(literal(text))).map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });

  it("has a space before a colon that ends a clause (not inside HH:mm)", () => {
    const wrong = entries.filter(([, text]) => /[^\s\u00a0]:(\s|$)/.test(literal(text))).map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });

  it("ends every sentence with its period", () => {
    const wrong = entries
      .filter(([key, text]) => isSentence(key) && !SPEC_VERBATIM.fr.includes(key) && !ENDS_SENTENCE.test(text.trim()))
      .map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });

  it("ends the English sentences the same way", () => {
    const wrong = Object.entries(en)
      .filter(([key, text]) => isSentence(key) && !SPEC_VERBATIM.en.includes(key) && !ENDS_SENTENCE.test(text.trim()))
      .map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });

  it("marks the required profession and role with their * (spec part 2 §5)", () => {
    for (const key of ["validation.required-profession", "validation.required-role"]) {
      expect(fr[key], key).toMatch(/ \* »/);
      expect(en[key], key).toMatch(/ \*'/);
    }
  });
});
