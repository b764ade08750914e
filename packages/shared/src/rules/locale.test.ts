import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES, resolveLocale } from "./locale.ts";

describe("resolveLocale", () => {
  it("has fr-CA as the default of the two locales", () => {
    expect(DEFAULT_LOCALE).toBe("fr-CA");
    expect([...LOCALES]).toEqual(["fr-CA", "en-CA"]);
  });

  it.each(["en-US", "en-GB", "en", "en-CA", "EN-us", "en_GB", " en-AU "])("English %j resolves to en-CA", (tag) => {
    expect(resolveLocale(tag)).toBe("en-CA");
  });

  it.each(["fr-FR", "fr-BE", "fr", "fr-CA", "FR-ch", "fr_LU"])("French %j resolves to fr-CA", (tag) => {
    expect(resolveLocale(tag)).toBe("fr-CA");
  });

  it.each(["de", "de-DE", "es", "", "   ", "eng", "english", null, undefined])(
    "anything else (%j) resolves to the default fr-CA",
    (tag) => {
      expect(resolveLocale(tag)).toBe("fr-CA");
    },
  );
});
