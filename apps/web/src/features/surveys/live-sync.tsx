import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useRealtime } from "../../app/realtime/realtime.tsx";
import { rereadQueries } from "../../app/realtime/reread.ts";
import { isEvent } from "../../app/realtime/typed-events.ts";
import { keys } from "../messaging/api.ts";
import { surveyKeys } from "./keys.ts";

/**
 * Keeps the satisfaction survey of the threads in step with the real-time events (survey.updated),
 * on every shell screen: a run that starts, moves on or ends shows in the open thread without reload.
 */
export function SurveysLiveSync() {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();

  useEffect(
    () =>
      subscribe((event) => {
        if (isEvent(event, "survey.updated")) {
          void rereadQueries(queryClient, { queryKey: surveyKeys.thread(event.payload.threadId) });
        } else if (event.type === "survey.updated") {
          // A payload this version cannot read: every thread's survey is read again.
          void rereadQueries(queryClient, { queryKey: [...keys.all, "survey"] });
        }
      }),
    [subscribe, queryClient],
  );

  return null;
}
