import type { CountryCode, PhoneNumber } from "libphonenumber-js";
import type * as PhoneLibModule from "libphonenumber-js/max";

/**
 * libphonenumber-js/max for the browser build, loaded on demand (decision 0016).
 *
 * @relais/shared's rules/phone.ts validates typed numbers with libphonenumber's full metadata,
 * 49 KB gzip that no screen needs to show itself: only forms where a person types a number
 * use it. vite.config.ts points that one import here. The library arrives in its own chunk,
 * loaded with the screen groups that type numbers (routes.tsx) and otherwise in the
 * background once a signed-in screen shows; once loaded, every answer is libphonenumber's own.
 * Asked before that (which those screens never do), a number is not judged valid yet.
 */
type PhoneLib = typeof PhoneLibModule;

let lib: PhoneLib | null = null;

/**
 * Loads the library (once: the browser keeps the module). The screen groups that validate typed
 * numbers load it with their own chunk, inside their loadChunk (one reload rule for both).
 */
export async function loadPhoneNumbers(): Promise<void> {
  lib ??= await import("libphonenumber-js/max");
}

/** Starts loading when the browser is idle, for screens that validate a number without waiting. */
export function preloadPhoneNumbers(): void {
  if (lib || typeof window === "undefined") return;
  const start = () => {
    loadPhoneNumbers().catch(() => {
      // Nothing to show here: a screen that needs the library loads it again and shows a failure.
    });
  };
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

/** libphonenumber-js's function of the same name, once loaded; undefined (no valid number) before. */
export function parsePhoneNumberFromString(text: string, defaultCountry?: CountryCode): PhoneNumber | undefined {
  if (lib) return lib.parsePhoneNumberFromString(text, defaultCountry);
  preloadPhoneNumbers();
  return undefined;
}
