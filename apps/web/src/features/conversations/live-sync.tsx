import { useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import { useQueryClient } from "@tanstack/react-query";
import { TITLE_FLIP_MS, TITLE_HOLD_MS, message, thread } from "@relais/shared";
import { api } from "../../api/index.ts";
import { useRealtime } from "../../app/realtime/realtime.tsx";
import { usePendingNotifications } from "../../app/shell/pending-notifications.tsx";
import { keys, threadChanged, upsertMessage } from "./api.ts";
import { getOpenThread } from "./open-thread.ts";

/**
 * The tab title alternates to signal a new message (spec part 1 §2): the usual title for
 * TITLE_FLIP_MS, then the alert for TITLE_HOLD_MS, again and again until the window has focus.
 */
function useTitleFlip(): { start: () => void } {
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

/**
 * Keeps the text inbox's caches in step with the real-time events, on every shell screen: threads
 * and messages arrive without reload; an inbound text on another thread lights the red dot of the
 * Conversations item and flips the tab title.
 */
export function ConversationsLiveSync() {
  const queryClient = useQueryClient();
  const { subscribe, onReady } = useRealtime();
  const { setPending } = usePendingNotifications();
  const { start: flipTitle } = useTitleFlip();
  const flipRef = useRef(flipTitle);
  useEffect(() => {
    flipRef.current = flipTitle;
  });

  useEffect(
    () =>
      onReady((ready) => {
        if (ready.resync) {
          void queryClient.invalidateQueries({ queryKey: keys.all });
        }
      }),
    [onReady, queryClient],
  );

  useEffect(
    () =>
      subscribe((event) => {
        switch (event.type) {
          case "thread.created":
          case "thread.updated": {
            const parsed = thread.safeParse(event.payload);
            void threadChanged(queryClient, parsed.success ? parsed.data : null);
            break;
          }
          case "thread.removed": {
            const id = typeof event.payload.id === "string" ? event.payload.id : null;
            if (id) {
              queryClient.removeQueries({ queryKey: keys.thread(id) });
              queryClient.removeQueries({ queryKey: keys.messages(id) });
            }
            void queryClient.invalidateQueries({ queryKey: keys.lists });
            break;
          }
          case "message.created":
          case "message.updated": {
            const parsed = message.safeParse(event.payload);
            if (!parsed.success) {
              void queryClient.invalidateQueries({ queryKey: keys.all });
              break;
            }
            upsertMessage(queryClient, parsed.data);
            if (event.type === "message.created") {
              void queryClient.invalidateQueries({ queryKey: keys.lists });
              if (parsed.data.direction === "inbound") {
                const open = getOpenThread();
                if (open !== parsed.data.threadId) {
                  setPending(true);
                } else if (document.hasFocus()) {
                  // Read as it arrives: the open thread does not stay marked unread.
                  void api
                    .put(`messaging/v1/threads/${open}`, { body: { attributes: { hasNotification: false } }, schema: thread })
                    .then((next) => threadChanged(queryClient, next))
                    .catch(() => undefined);
                }
                if (open !== parsed.data.threadId || !document.hasFocus()) {
                  flipRef.current();
                }
              }
            }
            break;
          }
          default:
            break;
        }
      }),
    [subscribe, queryClient, setPending],
  );

  return null;
}
