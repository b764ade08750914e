import { useEffect, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { useSearchParams } from "react-router";
import dayjs from "dayjs";
import "dayjs/locale/fr-ca";
import "dayjs/locale/en-ca";
import { DEFAULT_LOCALE, messages, resolveLocale, type Locale } from "@relais/shared";
import { api } from "../../api/index.ts";
import { useSessionContext } from "../session/session.tsx";

function browserLocale(): Locale {
  return typeof navigator === "undefined" ? DEFAULT_LOCALE : resolveLocale(navigator.language);
}

/**
 * The interface language (spec part 1 §1): the profile's locale once signed in; before that the
 * `?lang=` parameter, then the language the person last chose or had, then the browser's;
 * fr-CA by default.
 */
export function useUiLocale(): Locale {
  const { state, preferredLocale } = useSessionContext();
  const [params] = useSearchParams();
  if (state.status === "authenticated") {
    return resolveLocale(state.session.profile.locale);
  }
  const lang = params.get("lang");
  if (lang) {
    return resolveLocale(lang);
  }
  return preferredLocale ?? browserLocale();
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useUiLocale();
  const { setPreferredLocale } = useSessionContext();
  const [params] = useSearchParams();
  const lang = params.get("lang");

  // Remember a language picked through ?lang= for the next public pages (no parameter there).
  useEffect(() => {
    if (lang) {
      setPreferredLocale(resolveLocale(lang));
    }
  }, [lang, setPreferredLocale]);

  useEffect(() => {
    api.setLocale(locale);
    document.documentElement.lang = locale;
    dayjs.locale(locale.toLowerCase());
  }, [locale]);

  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages[locale]}>
      {children}
    </IntlProvider>
  );
}
