import { use, useMemo, type ReactNode } from "react";
import { IntlProvider, useIntl } from "react-intl";
import { resolveLocale, type Locale } from "@relais/shared";
import type { Catalogue } from "./catalogues.ts";

/**
 * The deferred parts of the catalogue (vite.config.ts DEFERRED_PARTS): texts only screens loaded
 * on demand show, one module per part and language, fetched with those screens rather than with
 * the first page (the bundle budget, decision 0016). The import paths must be literal for Vite.
 */
const importers = {
  email: { "fr-CA": () => import("virtual:relais-catalogue/fr-CA/email"), "en-CA": () => import("virtual:relais-catalogue/en-CA/email") },
  calls: { "fr-CA": () => import("virtual:relais-catalogue/fr-CA/calls"), "en-CA": () => import("virtual:relais-catalogue/en-CA/calls") },
  simulator: {
    "fr-CA": () => import("virtual:relais-catalogue/fr-CA/simulator"),
    "en-CA": () => import("virtual:relais-catalogue/en-CA/simulator"),
  },
  import: {
    "fr-CA": () => import("virtual:relais-catalogue/fr-CA/import"),
    "en-CA": () => import("virtual:relais-catalogue/en-CA/import"),
  },
  config: {
    "fr-CA": () => import("virtual:relais-catalogue/fr-CA/config"),
    "en-CA": () => import("virtual:relais-catalogue/en-CA/config"),
  },
  devops: {
    "fr-CA": () => import("virtual:relais-catalogue/fr-CA/devops"),
    "en-CA": () => import("virtual:relais-catalogue/en-CA/devops"),
  },
} satisfies Record<string, Record<Locale, () => Promise<{ default: Partial<Catalogue> }>>>;

export type CataloguePartName = keyof typeof importers;

const loading = new Map<string, Promise<Partial<Catalogue>>>();

/** Loads a part in one language once; the same promise every time (React's `use` needs it stable). */
export function loadCataloguePart(part: CataloguePartName, locale: Locale): Promise<Partial<Catalogue>> {
  const key = `${part}/${locale}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = importers[part][locale]().then((module) => module.default);
    // A failed load is tried again next time (the screen's error element offers a reload meanwhile).
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** Suspends until the part is here, then gives its children the app's messages and the part's. */
export function CataloguePart({ part, children }: { part: CataloguePartName; children: ReactNode }) {
  const intl = useIntl();
  const loaded = use(loadCataloguePart(part, resolveLocale(intl.locale)));
  // The app's messages are parsed at build time (vite.config.ts), as the part is: one shape for both.
  const messages = useMemo(() => ({ ...(intl.messages as Catalogue), ...loaded }), [intl.messages, loaded]);
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages}>
      {children}
    </IntlProvider>
  );
}
