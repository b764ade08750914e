import type { InvalidateQueryFilters, Query, QueryCache, QueryClient } from "@tanstack/react-query";

/** First reads that already have a read queued after them: events in a burst add no more. */
const followedUp = new WeakSet<Query>();

/** Resolves once `query` has no read under way (or has left the cache). */
function whenIdle(cache: QueryCache, query: Query): Promise<void> {
  return new Promise((resolve) => {
    if (query.state.fetchStatus === "idle") {
      resolve();
      return;
    }
    const stop = cache.subscribe((event) => {
      if (event.query === query && (event.type === "removed" || query.state.fetchStatus === "idle")) {
        stop();
        resolve();
      }
    });
  });
}

/**
 * Marks the matching queries stale and reads the ones on screen again, like invalidateQueries,
 * for a change announced by a real-time event. A read already under way may have left before
 * that change was committed, so it must not be the last word: TanStack Query restarts such a
 * read when the query has data, but joins it when it is the query's first read (no data yet),
 * and the change would then be missing until the next one. Each first read under way is
 * followed by one more read once it has answered: the screen shows the first answer at once,
 * then the change, and a burst of events during a slow first read never keeps it from answering.
 */
export async function rereadQueries(queryClient: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  const cache = queryClient.getQueryCache();
  const followUps = cache
    .findAll(filters)
    .filter((query) => query.state.fetchStatus === "fetching" && query.state.data === undefined && !followedUp.has(query))
    .map(async (query) => {
      followedUp.add(query);
      await whenIdle(cache, query);
      followedUp.delete(query);
      await queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    });
  await Promise.all([queryClient.invalidateQueries(filters), ...followUps]);
}
