import { useEffect, useMemo, useState, type ReactNode } from "react";
import { IntlProvider, useIntl, type MessageFormatElement } from "react-intl";
import { DEFAULT_LOCALE, resolveLocale, type Locale, type MessageId } from "@relais/shared";
import { loadCataloguePart } from "../../app/i18n/catalogue-part.tsx";
import { loadChunk } from "../../app/lazy/chunk-load.ts";

type Messages = Record<string, MessageFormatElement[]>;

const loaded = new Map<Locale, Messages>();
const loading = new Map<Locale, Promise<Messages>>();

function loadCallMessages(locale: Locale): Promise<Messages> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = loadChunk(`calls-catalogue-${locale}`, () => loadCataloguePart("calls", locale)).then((part) => {
      const messages = part as Messages;
      loaded.set(locale, messages);
      return messages;
    });
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/**
 * The call screens' texts on top of the interface's (decision 0029): they come in their own
 * chunk, so the first screen does not carry them. Shows `fallback` until they are here.
 */
export function CallsIntl({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const intl = useIntl();
  const locale = resolveLocale(intl.locale);
  const [own, setOwn] = useState<Messages | undefined>(() => loaded.get(locale));
  useEffect(() => {
    let current = true;
    void loadCallMessages(locale).then(
      (messages) => {
        if (current) setOwn(messages);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [locale]);
  // Both halves together are the whole catalogue of the language (vite.config.ts splits it in two).
  const messages = useMemo(
    () => (own ? ({ ...(intl.messages as Messages), ...own } as Record<MessageId, MessageFormatElement[]>) : null),
    [intl.messages, own],
  );
  if (!messages) return fallback;
  return (
    <IntlProvider locale={intl.locale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
      {children}
    </IntlProvider>
  );
}
