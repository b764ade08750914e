import { typedPhoneToE164 } from "./phone.ts";
import { EXTENSION_PATTERN, type GreetingKind } from "./calls.ts";

/**
 * Greetings per period and transfer extensions (spec part 1 §3, part 2 §3, VOICE.md §3): the
 * kinds a greeting is made of, the languages a spoken one uses, and the rules both the
 * configuration screen and the server apply.
 */

/** The languages a spoken greeting is read in (the carrier's voices for fr-CA and en-CA). */
export const GREETING_LANGUAGES = ["fr-CA", "en-CA"] as const;
export type GreetingLanguage = (typeof GREETING_LANGUAGES)[number];

/** A spoken greeting's longest text: about a minute and a half read aloud. */
export const GREETING_TEXT_MAX = 1000;

/**
 * The short-voicemail warning (spec part 2 §9 names it, without its value): a greeting heard in
 * under this many seconds is likely cut or empty, so the screen warns before it is saved.
 */
export const GREETING_SHORT_SECONDS = 3;

/** The audio a carrier's `<Play>` accepts (VOICE.md §4): mp3 or wav, read from the bytes. */
export const GREETING_AUDIO_TYPES = ["audio/mpeg", "audio/wav"] as const;
export type GreetingAudioType = (typeof GREETING_AUDIO_TYPES)[number];

export function isGreetingAudioType(contentType: string): contentType is GreetingAudioType {
  return (GREETING_AUDIO_TYPES as readonly string[]).includes(contentType);
}

/** Whether a greeting whose audio lasts `seconds` earns the short-voicemail warning (0: unknown, no warning). */
export function isShortGreeting(seconds: number): boolean {
  return seconds > 0 && seconds < GREETING_SHORT_SECONDS;
}

/** Whether a greeting kind plays stored audio (FILE, RECORDING) rather than text (TTS). */
export function greetingUsesAudio(kind: GreetingKind): boolean {
  return kind !== "TTS";
}

/**
 * The content a greeting of `kind` needs before it can be saved: its text and language for TTS,
 * its audio otherwise. Answers the field missing and its catalogue key, or null.
 */
export function greetingProblem(greeting: {
  kind: GreetingKind;
  text?: string | null | undefined;
  language?: string | null | undefined;
  audioId?: string | null | undefined;
}): { path: "text" | "language" | "audioId"; code: "validation.required" | "validation.greeting-audio" } | null {
  if (greetingUsesAudio(greeting.kind)) return greeting.audioId ? null : { path: "audioId", code: "validation.greeting-audio" };
  if (!greeting.text?.trim()) return { path: "text", code: "validation.required" };
  if (!greeting.language) return { path: "language", code: "validation.required" };
  return null;
}

/** A transfer extension's number as typed (any formatting), or null when libphonenumber rejects it. */
export function transferExtensionNumber(typed: string): string | null {
  return typedPhoneToE164(typed.trim());
}

/** Spec §5: the digits dialled after the far end answers, 0 to 3 of them ("" for none). */
export function isTransferExtensionDigits(digits: string): boolean {
  return EXTENSION_PATTERN.test(digits);
}
