import { use, useMemo, type ReactNode } from "react";
import { IntlProvider, useIntl } from "react-intl";
import { resolveLocale, type Locale } from "@relais/shared";
import type { Catalogue } from "../../app/i18n/catalogues.ts";

/** The deferred catalogue part `email` (vite.config.ts DEFERRED_PARTS), one module per language. */
const importers: Record<Locale, () => Promise<{ default: Partial<Catalogue> }>> = {
  "fr-CA": () => import("virtual:relais-catalogue/fr-CA/email"),
  "en-CA": () => import("virtual:relais-catalogue/en-CA/email"),
};
const loading = new Map<Locale, Promise<Partial<Catalogue>>>();

/** Loads the part in one language once; the same promise every time (React's `use` needs it stable). */
function loadPart(locale: Locale): Promise<Partial<Catalogue>> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = importers[locale]().then((module) => module.default);
    // A failed load is tried again next time (the screen's error element offers a reload meanwhile).
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/**
 * The email screens' texts (`email.*`), a part of the catalogue fetched with those screens
 * rather than with the first page (vite.config.ts DEFERRED_PARTS): suspends until it is here,
 * then gives its children the app's messages and these.
 */
export function EmailMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const part = use(loadPart(resolveLocale(intl.locale)));
  // The app's messages are parsed at build time (vite.config.ts), as the part is: one shape for both.
  const messages = useMemo(() => ({ ...(intl.messages as Catalogue), ...part }), [intl.messages, part]);
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages}>
      {children}
    </IntlProvider>
  );
}
