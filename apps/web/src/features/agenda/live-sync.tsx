import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useRealtime } from "../../app/realtime/realtime.tsx";
import { rereadQueries } from "../../app/realtime/reread.ts";
import { useRereadOnReady } from "../../app/realtime/use-reread-on-ready.ts";
import { agendaKeys } from "./keys.ts";
import { agendaChangeOf, isStaleAfter } from "./live-events.ts";

/**
 * Keeps the agenda in step with the real-time events, on every shell screen: a colleague's booking,
 * move, cancellation or new week shows on the open agenda, availabilities and contact without reload.
 * Only the reads showing a touched member and day are read again.
 */
export function AgendaLiveSync() {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useRereadOnReady(agendaKeys.all);

  useEffect(
    () =>
      subscribe((event) => {
        if (event.type !== "appointment.changed" && event.type !== "availability.changed") {
          return;
        }
        const change = agendaChangeOf(event);
        void rereadQueries(queryClient, {
          queryKey: agendaKeys.all,
          // An event this version cannot read: everything of the agenda is read again.
          predicate: (query) => change === null || isStaleAfter(change, query.queryKey, query.state.data),
        });
      }),
    [subscribe, queryClient],
  );

  return null;
}
