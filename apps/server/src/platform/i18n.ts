import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { LOCALES, messages, resolveLocale, type Locale } from "@relais/shared";

const cache = createIntlCache();
const intls = Object.fromEntries(LOCALES.map((locale) => [locale, createIntl({ locale, messages: messages[locale] }, cache)])) as Record<
  Locale,
  IntlShape
>;

/** A catalogue text in `locale`, with its ICU params filled. Unknown keys come back as is. */
export function translate(locale: Locale, id: string, params?: Record<string, string | number>): string {
  const intl = intls[locale];
  if (!(id in messages[locale])) return id;
  return intl.formatMessage({ id }, params);
}

/** The first language of an Accept-Language header, mapped onto the two catalogues. */
export function localeFromHeader(header: string | undefined): Locale {
  return resolveLocale(header?.split(",")[0]?.split(";")[0]);
}
