import { describe, expect, it } from "vitest";
import {
  greetingProblem,
  isGreetingAudioType,
  isShortGreeting,
  isTransferExtensionDigits,
  transferExtensionNumber,
  GREETING_SHORT_SECONDS,
} from "./greetings.ts";

describe("greetings", () => {
  it("accepts only mp3 and wav, the audio a carrier's <Play> reads", () => {
    expect(isGreetingAudioType("audio/mpeg")).toBe(true);
    expect(isGreetingAudioType("audio/wav")).toBe(true);
    expect(isGreetingAudioType("audio/webm")).toBe(false);
    expect(isGreetingAudioType("audio/ogg")).toBe(false);
  });

  it("warns under the short-voicemail threshold, never for an unknown length", () => {
    expect(isShortGreeting(GREETING_SHORT_SECONDS - 0.1)).toBe(true);
    expect(isShortGreeting(GREETING_SHORT_SECONDS)).toBe(false);
    expect(isShortGreeting(0)).toBe(false);
  });

  it("needs text and language for TTS, audio for FILE and RECORDING", () => {
    expect(greetingProblem({ kind: "TTS", text: "  ", language: "fr-CA" })).toEqual({ path: "text", code: "validation.required" });
    expect(greetingProblem({ kind: "TTS", text: "Bonjour", language: null })).toEqual({ path: "language", code: "validation.required" });
    expect(greetingProblem({ kind: "TTS", text: "Bonjour", language: "fr-CA" })).toBeNull();
    expect(greetingProblem({ kind: "FILE", text: "Bonjour" })).toEqual({ path: "audioId", code: "validation.greeting-audio" });
    expect(greetingProblem({ kind: "RECORDING", audioId: "a" })).toBeNull();
  });
});

describe("transfer extensions", () => {
  it("reads a typed number into E.164 with libphonenumber", () => {
    expect(transferExtensionNumber(" (514) 555-0199 ")).toBe("+15145550199");
    expect(transferExtensionNumber("+33 1 42 68 53 00")).toBe("+33142685300");
    expect(transferExtensionNumber("555")).toBeNull();
    expect(transferExtensionNumber("514-555-01ab")).toBeNull();
  });

  it("takes 0 to 3 digits as the extension", () => {
    expect(isTransferExtensionDigits("")).toBe(true);
    expect(isTransferExtensionDigits("123")).toBe(true);
    expect(isTransferExtensionDigits("1234")).toBe(false);
    expect(isTransferExtensionDigits("1a")).toBe(false);
  });
});
