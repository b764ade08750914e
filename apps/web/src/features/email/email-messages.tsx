import { use, useMemo, type ReactNode } from "react";
import { IntlProvider, useIntl } from "react-intl";
import { resolveLocale } from "@relais/shared";
import { loadCataloguePart, type Catalogue } from "../../app/i18n/catalogues.ts";

/**
 * The email screens' texts (`email.*`), a part of the catalogue fetched with those screens
 * rather than with the first page (vite.config.ts DEFERRED_PARTS): suspends until it is here,
 * then gives its children the app's messages and these.
 */
export function EmailMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const part = use(loadCataloguePart("email", resolveLocale(intl.locale)));
  // The app's messages are parsed at build time (vite.config.ts), as the part is: one shape for both.
  const messages = useMemo(() => ({ ...(intl.messages as Catalogue), ...part }), [intl.messages, part]);
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages}>
      {children}
    </IntlProvider>
  );
}
