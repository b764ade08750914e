import { useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import { TITLE_FLIP_MS, TITLE_HOLD_MS } from "@relais/shared";

/**
 * The tab title alternates to signal a new message (spec part 1 §2): the usual title for
 * TITLE_FLIP_MS, then the alert for TITLE_HOLD_MS, again and again until the window has focus.
 */
export function useTitleFlip(): { start: () => void } {
  const intl = useIntl();
  const running = useRef<(() => void) | null>(null);
  const alertText = intl.formatMessage({ id: "conversations.title-new-message" });
  const alertRef = useRef(alertText);
  useEffect(() => {
    alertRef.current = alertText;
  }, [alertText]);

  useEffect(
    () => () => {
      running.current?.();
    },
    [],
  );

  return {
    start: () => {
      if (running.current || document.hasFocus()) {
        return;
      }
      const original = document.title;
      let timer: number | undefined;
      const showOriginal = (): void => {
        document.title = original;
        timer = window.setTimeout(showAlert, TITLE_FLIP_MS);
      };
      const showAlert = (): void => {
        document.title = `(1) ${alertRef.current}`;
        timer = window.setTimeout(showOriginal, TITLE_HOLD_MS);
      };
      const stop = (): void => {
        window.clearTimeout(timer);
        window.removeEventListener("focus", stop);
        document.title = original;
        running.current = null;
      };
      window.addEventListener("focus", stop);
      running.current = stop;
      showOriginal();
    },
  };
}
