import { useCallback, useEffect, useMemo, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { type Message } from "@relais/shared";
import { messagingEndpoints } from "@relais/shared/endpoints/messaging";
import { api } from "../../api/index.ts";
import { useRealtime } from "../../app/realtime/realtime.tsx";
import { rereadQueries } from "../../app/realtime/reread.ts";
import { isEvent } from "../../app/realtime/typed-events.ts";
import { usePendingNotifications } from "../../app/shell/pending-notifications.tsx";
import { useSession } from "../../app/session/session.tsx";
import { keys, lastMessageChanged, threadChanged, threadRemoved, upsertMessage } from "./api.ts";
import { NEW_MESSAGE_SOUND_URL, createChime, newMessageSignals } from "./new-message-signals.ts";
import { getOpenThread } from "./open-thread.ts";
import { useTitleFlip } from "./use-title-flip.ts";

/**
 * Keeps the text inbox's caches in step with its real-time events (thread.*, message.*), on every
 * shell screen: threads and messages arrive without reload, each list row moves to its place; an
 * inbound text lights the red dot of the Conversations item, flips the tab title and rings (when
 * the person wants sound).
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

  /** A new text arrived: the red dot, the tab title and the chime, or marked read if open and seen. */
  const signalNewMessage = useCallback(
    (message: Message) => {
      const open = getOpenThread();
      const signals = newMessageSignals(message, open, document.hasFocus());
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
          .call(messagingEndpoints.updateThread, { params: { id: open }, body: { attributes: { hasNotification: false } } })
          .then((next) => threadChanged(queryClient, next))
          .catch(() => undefined);
      }
    },
    [queryClient, setPending, chime],
  );

  useEffect(
    () =>
      subscribe((event) => {
        if (isEvent(event, "thread.created") || isEvent(event, "thread.updated")) {
          void threadChanged(queryClient, event.payload);
        } else if (isEvent(event, "thread.removed")) {
          void threadRemoved(queryClient, event.payload.id);
        } else if (isEvent(event, "message.created") || isEvent(event, "message.updated")) {
          upsertMessage(queryClient, event.payload);
          lastMessageChanged(queryClient, event.payload);
          if (event.type === "message.created") {
            signalNewMessage(event.payload);
          }
        } else if (event.type === "thread.created" || event.type === "thread.updated") {
          // One of the inbox's events with a payload this version cannot read: read again instead.
          void threadChanged(queryClient, null);
        } else if (event.type === "thread.removed") {
          void rereadQueries(queryClient, { queryKey: keys.lists });
        } else if (event.type === "message.created" || event.type === "message.updated") {
          void rereadQueries(queryClient, { queryKey: keys.all });
        }
      }),
    [subscribe, queryClient, signalNewMessage],
  );

  return null;
}
