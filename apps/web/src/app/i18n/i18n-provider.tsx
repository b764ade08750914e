import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Button, Center, Loader, MantineThemeProvider, Stack, Text, Title } from "@mantine/core";
import { FormattedMessage, IntlProvider, useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import { DEFAULT_LOCALE, resolveLocale, type Locale } from "@relais/shared";
import loadFailedTexts from "virtual:relais-catalogue/load-failed";
import { api } from "../../api/index.ts";
import { useSessionContext } from "../session/session.tsx";
import { themeInLanguage } from "../theme.ts";
import { loadCatalogue, loadedCatalogue, type Catalogue } from "./catalogues.ts";

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

interface Shown {
  locale: Locale;
  messages: Catalogue;
}

/**
 * The catalogue of `locale`, loaded on demand. While another language loads, the one shown stays
 * (no blank page on a language switch); null only before the first one arrives.
 */
function useCatalogue(locale: Locale): { shown: Shown | null; failed: boolean } {
  const [shown, setShown] = useState<Shown | null>(() => {
    const messages = loadedCatalogue(locale);
    return messages ? { locale, messages } : null;
  });
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    loadCatalogue(locale).then(
      (messages) => {
        if (current) setShown({ locale, messages });
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [locale]);
  return { shown, failed };
}

/** The language's catalogue could not be loaded, even after a reload: its own few texts say so. */
function CatalogueLoadFailed({ locale }: { locale: Locale }) {
  // Only the app.load-failed.* messages are used below, and those the module has.
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={loadFailedTexts[locale] as Catalogue}>
      <Center h="100%" p="xl" role="alert">
        <Stack align="center" gap="md" maw={460} ta="center">
          <Title order={1} fz={22}>
            <FormattedMessage id="app.load-failed.title" />
          </Title>
          <Text c="dimmed">
            <FormattedMessage id="app.load-failed.hint" />
          </Text>
          <Button onClick={() => window.location.reload()}>
            <FormattedMessage id="app.load-failed.retry" />
          </Button>
        </Stack>
      </Center>
    </IntlProvider>
  );
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useUiLocale();
  const { setPreferredLocale } = useSessionContext();
  const [params] = useSearchParams();
  const lang = params.get("lang");
  const { shown, failed } = useCatalogue(locale);

  // Remember a language picked through ?lang= for the next public pages (no parameter there).
  useEffect(() => {
    if (lang) {
      setPreferredLocale(resolveLocale(lang));
    }
  }, [lang, setPreferredLocale]);

  useEffect(() => {
    api.setLocale(locale);
    document.documentElement.lang = locale;
  }, [locale]);

  if (failed) {
    return <CatalogueLoadFailed locale={locale} />;
  }
  if (!shown) {
    // Before any text can be shown: a spinner with no words (the catalogue is what brings them).
    return (
      <Center h="100%" mih={320}>
        <Loader />
      </Center>
    );
  }
  return (
    <IntlProvider locale={shown.locale} defaultLocale={DEFAULT_LOCALE} messages={shown.messages}>
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
