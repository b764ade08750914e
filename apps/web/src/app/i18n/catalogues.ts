import type { MessageFormatElement } from "react-intl";
import type { Locale, MessageId } from "@relais/shared";
import { loadChunk } from "../lazy/chunk-load.ts";

/** One language's messages, parsed at build time (vite.config.ts, decision 0016). */
export type Catalogue = Record<MessageId, MessageFormatElement[]>;

const importers: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  "fr-CA": () => import("virtual:relais-catalogue/fr-CA"),
  "en-CA": () => import("virtual:relais-catalogue/en-CA"),
};

const loaded = new Map<Locale, Catalogue>();
const loading = new Map<Locale, Promise<Catalogue>>();

/** The language's catalogue if it is already here. */
export function loadedCatalogue(locale: Locale): Catalogue | undefined {
  return loaded.get(locale);
}

/** Loads a language's catalogue once (only the language shown is downloaded), with loadChunk's reload rule. */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = loadChunk(`catalogue-${locale}`, importers[locale]).then((module) => {
      loaded.set(locale, module.default);
      return module.default;
    });
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}
