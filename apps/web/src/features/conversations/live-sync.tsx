import { useEffect, useMemo, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { endpoints, message, thread } from "@relais/shared";
import { api } from "../../api/index.ts";
import { useRealtime } from "../../app/realtime/realtime.tsx";
import { rereadQueries } from "../../app/realtime/reread.ts";
import { usePendingNotifications } from "../../app/shell/pending-notifications.tsx";
import { useSession } from "../../app/session/session.tsx";
import { keys, lastMessageChanged, threadChanged, threadRemoved, upsertMessage } from "./api.ts";
import { NEW_MESSAGE_SOUND_URL, createChime, newMessageSignals } from "./new-message-signals.ts";
import { getOpenThread } from "./open-thread.ts";
import { useTitleFlip } from "./use-title-flip.ts";
import { surveyKeys } from "../surveys/api.ts";

/**
 * Keeps the text inbox's caches in step with the real-time events, on every shell screen: threads
 * and messages arrive without reload, each list row moves to its place; an inbound text lights the
 * red dot of the Conversations item, flips the tab title and rings (when the person wants sound).
 */
export function ConversationsLiveSync() {
  const queryClient = useQueryClient();
  const { subscribe, onReady } = useRealtime();
  const { setPending } = usePendingNotifications();
  const { profile } = useSession();
  const { start: flipTitle } = useTitleFlip();
  const chime = useMemo(() => createChime(() => new Audio(NEW_MESSAGE_SOUND_URL)), []);
  // Read at each event, so the listener is not re-subscribed when they change.
  const latest = useRef({ flipTitle, sound: profile.settings.audioNotifications });
  useEffect(() => {
    latest.current = { flipTitle, sound: profile.settings.audioNotifications };
  });

  useEffect(
    () =>
      onReady((ready) => {
        if (ready.resync) {
          // Too far behind to replay: start the lists again from their first page, re-read the rest.
          void queryClient.resetQueries({ queryKey: keys.lists });
          void rereadQueries(queryClient, { queryKey: keys.all, predicate: (q) => q.queryKey[1] !== keys.lists[1] });
        } else if (ready.fresh) {
          // The lists were read before the stream started: what changed in between is read now.
          void rereadQueries(queryClient, { queryKey: keys.all });
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
            void (id ? threadRemoved(queryClient, id) : rereadQueries(queryClient, { queryKey: keys.lists }));
            break;
          }
          case "message.created":
          case "message.updated": {
            const parsed = message.safeParse(event.payload);
            if (!parsed.success) {
              void rereadQueries(queryClient, { queryKey: keys.all });
              break;
            }
            upsertMessage(queryClient, parsed.data);
            lastMessageChanged(queryClient, parsed.data);
            if (event.type !== "message.created") {
              break;
            }
            const open = getOpenThread();
            const signals = newMessageSignals(parsed.data, open, document.hasFocus());
            if (signals.pending) {
              setPending(true);
            }
            if (signals.alert) {
              latest.current.flipTitle();
              if (latest.current.sound) {
                chime();
              }
            }
            if (signals.markRead && open) {
              // Read as it arrives: the open thread does not stay marked unread.
              void api
                .call(endpoints.messaging.updateThread, { params: { id: open }, body: { attributes: { hasNotification: false } } })
                .then((next) => threadChanged(queryClient, next))
                .catch(() => undefined);
            }
            break;
          }
          case "survey.updated": {
            const threadId = typeof event.payload.threadId === "string" ? event.payload.threadId : null;
            void rereadQueries(queryClient, { queryKey: threadId ? surveyKeys.thread(threadId) : [...keys.all, "survey"] });
            break;
          }
          case "team.membership":
            // What this person may see changed: read everything again.
            void queryClient.resetQueries({ queryKey: keys.all });
            break;
          default:
            break;
        }
      }),
    [subscribe, queryClient, setPending, chime],
  );

  return null;
}
