import { useEffect } from "react";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useRealtime } from "./realtime.tsx";
import { rereadQueries } from "./reread.ts";

/**
 * Re-reads a feature's queries when the real-time stream (re)starts: what they hold was read
 * before the stream began (fresh), or the client was too far behind to replay (resync).
 * `queryKey`: a module constant (a feature's `keys.all`), so the listener is set once.
 */
export function useRereadOnReady(queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const { onReady } = useRealtime();
  useEffect(
    () =>
      onReady((ready) => {
        if (ready.resync || ready.fresh) {
          void rereadQueries(queryClient, { queryKey });
        }
      }),
    [onReady, queryClient, queryKey],
  );
}
