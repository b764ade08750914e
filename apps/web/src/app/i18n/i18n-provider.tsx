import { useEffect, useMemo, type ReactNode } from "react";
import { MantineThemeProvider } from "@mantine/core";
import { IntlProvider, useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import dayjs from "dayjs";
import "dayjs/locale/fr-ca";
import "dayjs/locale/en-ca";
import { DEFAULT_LOCALE, messages, resolveLocale, type Locale } from "@relais/shared";
import { api } from "../../api/index.ts";
import { useSessionContext } from "../session/session.tsx";
import { themeInLanguage } from "../theme.ts";

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
      <ThemeInLanguage>{children}</ThemeInLanguage>
    </IntlProvider>
  );
}

/** The theme's words (dialogs' close buttons) in the interface language. */
function ThemeInLanguage({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const theme = useMemo(() => themeInLanguage(intl.formatMessage({ id: "common.close" })), [intl]);
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
