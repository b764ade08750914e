export const LOCALES = ["fr-CA", "en-CA"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "fr-CA";

/**
 * Locale map of spec part 1 §1: English variants resolve to en-CA, French variants to fr-CA,
 * anything else to the default fr-CA.
 */
export function resolveLocale(tag: string | null | undefined): Locale {
  const lang = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return lang === "en" ? "en-CA" : DEFAULT_LOCALE;
}

/** Profile locales a user may choose (spec part 1 §1). */
export const PROFILE_LOCALES = ["fr-CA", "fr-FR", "en-CA", "en-US"] as const;
export type ProfileLocale = (typeof PROFILE_LOCALES)[number];
