import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { EventName } from "@relais/shared";
import { useRealtime } from "../realtime/realtime.tsx";
import { keys } from "../../features/messaging/api.ts";

/**
 * The signed-in person's own events, on every shell screen. team.membership (they joined or left a
 * team, whichever): what they may see changed, so the inbox (its threads, messages and surveys) is
 * read again from the start. session.revoked needs nothing here: the server closes the sockets of
 * the ended session (4401, or 4440 when a newer sign-in replaced it) and the realtime client reports
 * that; another session of the same person ending changes nothing in this tab.
 */
export function SessionLiveSync() {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();

  useEffect(
    () =>
      subscribe((event) => {
        if (event.type === ("team.membership" satisfies EventName)) {
          void queryClient.resetQueries({ queryKey: keys.all });
        }
      }),
    [subscribe, queryClient],
  );

  return null;
}
