import type { InvalidateQueryFilters, QueryClient } from "@tanstack/react-query";

/**
 * Marks the matching queries stale and reads the ones on screen again, like invalidateQueries,
 * for a change announced by a real-time event. A read already under way may have left before
 * that change was committed, so it must not answer for it: TanStack Query cancels such a read
 * when the query has data, but joins it when it is the query's first read (no data yet), and the
 * change would then be missing until the next one. First reads under way are cancelled first
 * (their state goes back to pending, nothing is shown as failed), then read again.
 */
export async function rereadQueries(queryClient: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  const firstReads = queryClient
    .getQueryCache()
    .findAll(filters)
    .filter((query) => query.state.fetchStatus === "fetching" && query.state.data === undefined);
  await Promise.all(firstReads.map((query) => queryClient.cancelQueries({ queryKey: query.queryKey, exact: true })));
  await queryClient.invalidateQueries(filters);
}
