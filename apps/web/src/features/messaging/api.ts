import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import {
  MESSAGE_PAGE_SIZE,
  THREAD_PAGE_MAX,
  type CreateThreadRequest,
  type Message,
  type MessagesPage,
  type Thread,
  type ThreadState,
  type SendMessageRequest,
  type ThreadsPage,
  type UpdateThreadRequest,
} from "@relais/shared";
import { messagingEndpoints } from "@relais/shared/endpoints/messaging";
import { api } from "../../api/index.ts";
import { rereadQueries } from "../../app/realtime/reread.ts";
import { conversationLoadDelay, retryConversationLoad } from "./connection.ts";
import { dropThread, flattenThreads, patchLastMessage, placeThread, type ThreadPages } from "./thread-cache.ts";

/** Query keys of the text inbox; `all` is a prefix of every one (resync invalidates it). */
export const keys = {
  all: ["messaging"] as const,
  lists: ["messaging", "threads"] as const,
  /** `search` "": the whole list of that state; else the server's search results. */
  list: (state: ThreadState, search = "") => ["messaging", "threads", state, search] as const,
  /** Unread threads per state: the tab badges and the drawer's red dot. */
  unread: ["messaging", "unread"] as const,
  thread: (id: string) => ["messaging", "thread", id] as const,
  messages: (threadId: string) => ["messaging", "messages", threadId] as const,
};

type MessagePages = InfiniteData<MessagesPage, string | null>;

/* ---------- threads ---------- */

/**
 * The query of one page of the thread list: pages of 1 000 (spec part 1 §4 and §9: existing
 * conversations load by pages of 1 000, the server's largest), after `cursor`.
 */
export function threadsPageQuery(state: ThreadState, search: string, cursor: string | null) {
  return { state, q: search || undefined, cursor: cursor ?? undefined, limit: THREAD_PAGE_MAX };
}

/**
 * The thread list of `state`, page after page as the person scrolls; `search` (already 3
 * characters or more) asks the server for the matching threads only. A first load that fails is
 * tried 5 times in all with a growing delay (features/messaging/connection.ts).
 */
export function useThreads(state: ThreadState, search = "") {
  return useInfiniteQuery({
    queryKey: keys.list(state, search),
    queryFn: ({ pageParam, signal }) =>
      api.call(messagingEndpoints.threads, { query: threadsPageQuery(state, search, pageParam) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ThreadsPage) => last.nextCursor,
    retry: retryConversationLoad,
    retryDelay: conversationLoadDelay,
    // While a search is typed, the previous results stay until the new ones come (same tab only).
    placeholderData: (previous, query) => (query?.queryKey[2] === state ? previous : undefined),
    // Kept fresh by the real-time events (live-sync), not by re-reading.
    staleTime: Infinity,
  });
}

/**
 * Unread threads per state, read on their own (one row asked for) rather than taken from list
 * pages: a page read before a change could bring older counts back after newer ones.
 */
export function useUnreadCounts() {
  return useQuery({
    queryKey: keys.unread,
    queryFn: async ({ signal }) =>
      (await api.call(messagingEndpoints.threads, { query: { state: "active", limit: 1 } }, { signal })).unread,
    staleTime: 60_000,
  });
}

/** Opening a thread: the server clears its unread mark and follow-up flag; the list row follows. */
export function useThread(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: keys.thread(id ?? ""),
    queryFn: async ({ signal }) => {
      const opened = await api.call(messagingEndpoints.openThread, { params: { id: id ?? "" } }, { signal });
      placeInLists(queryClient, opened);
      void queryClient.invalidateQueries({ queryKey: keys.unread });
      return opened;
    },
    enabled: id !== null,
    // Each opening reads it again: the server clears the unread mark then.
    staleTime: 0,
  });
}

export function useMessages(threadId: string | null) {
  return useInfiniteQuery({
    queryKey: keys.messages(threadId ?? ""),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        messagingEndpoints.messages,
        { params: { id: threadId ?? "" }, query: { before: pageParam ?? undefined, limit: MESSAGE_PAGE_SIZE } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: MessagesPage) => last.nextCursor,
    enabled: threadId !== null,
    staleTime: 60_000,
  });
}

/* ---------- cache helpers (mutations and real-time events) ---------- */

/** Put a message in its thread's cached pages: replace a known one if not older, else add it first. */
export function upsertMessage(queryClient: QueryClient, next: Message): void {
  queryClient.setQueryData<MessagePages>(keys.messages(next.threadId), (data) => {
    if (!data) {
      return data;
    }
    let found = false;
    const pages = data.pages.map((page) => ({
      ...page,
      messages: page.messages.map((m) => {
        if (m.id !== next.id) {
          return m;
        }
        found = true;
        return next.updatedAt >= m.updatedAt ? next : m;
      }),
    }));
    if (!found) {
      const [first, ...rest] = pages;
      if (!first) {
        return { ...data, pages: [{ messages: [next], nextCursor: null }] };
      }
      return { ...data, pages: [{ ...first, messages: [next, ...first.messages] }, ...rest] };
    }
    return { ...data, pages };
  });
  rereadIfReading(queryClient, keys.messages(next.threadId));
}

/** Is this cached list a search (its results are the server's to decide) rather than a whole list? */
function isSearchList(queryKey: readonly unknown[]): boolean {
  return typeof queryKey[3] === "string" && queryKey[3] !== "";
}

/** The state of a cached list, from its key. */
function listState(queryKey: readonly unknown[]): ThreadState | null {
  return queryKey[2] === "active" || queryKey[2] === "inactive" ? queryKey[2] : null;
}

/**
 * A thread changed or appeared: its detail takes the new value, each cached whole list puts it in
 * its place (thread-cache.ts), the search results and the unread counts are read again.
 */
export function threadChanged(queryClient: QueryClient, next: Thread | null): Promise<void> {
  if (!next) {
    return Promise.all([rereadQueries(queryClient, { queryKey: keys.lists }), rereadQueries(queryClient, { queryKey: keys.unread })]).then(
      () => undefined,
    );
  }
  // Only a thread already open is patched: opening one must reach the server (it marks it read).
  queryClient.setQueryData(keys.thread(next.id), (old: Thread | undefined) => (old && next.updatedAt >= old.updatedAt ? next : old));
  placeInLists(queryClient, next);
  return refreshAfterChange(queryClient);
}

/** Applies `change` to every cached whole list (search results are read again instead). */
function patchLists(queryClient: QueryClient, change: (data: ThreadPages, state: ThreadState) => ThreadPages): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: keys.lists })) {
    const state = listState(query.queryKey);
    if (!state || isSearchList(query.queryKey)) {
      continue;
    }
    queryClient.setQueryData<ThreadPages>(query.queryKey, (data) => (data ? change(data, state) : data));
    rereadIfReading(queryClient, query.queryKey);
  }
}

/**
 * A read of `queryKey` under way (the first page, or all of them again) may have left before the
 * change just patched in was committed: its answer would overwrite the patch, or, on a first read,
 * miss the change. It starts again. A next page is let through: it only adds rows past the loaded ones.
 */
function rereadIfReading(queryClient: QueryClient, queryKey: QueryKey): void {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.fetchStatus === "fetching" && !query.state.fetchMeta?.fetchMore) {
    void rereadQueries(queryClient, { queryKey, exact: true });
  }
}

function placeInLists(queryClient: QueryClient, next: Thread): void {
  patchLists(queryClient, (data, state) => placeThread(data, next, state));
}

/**
 * Our own text went out: its thread moves to the top with it at once, without waiting for the
 * thread.updated event (which brings the same values: one transaction stamps both).
 */
function messageSent(queryClient: QueryClient, sent: Message): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: keys.lists })) {
    const known = flattenThreads(queryClient.getQueryData<ThreadPages>(query.queryKey)).find((t) => t.id === sent.threadId);
    if (known) {
      placeInLists(queryClient, {
        ...known,
        lastMessage: sent,
        updatedAt: sent.createdAt > known.updatedAt ? sent.createdAt : known.updatedAt,
      });
      return;
    }
  }
}

/** A thread is gone (deleted here or elsewhere): out of every cache. */
export function threadRemoved(queryClient: QueryClient, id: string): Promise<void> {
  queryClient.removeQueries({ queryKey: keys.thread(id) });
  queryClient.removeQueries({ queryKey: keys.messages(id) });
  patchLists(queryClient, (data) => dropThread(data, id));
  return refreshAfterChange(queryClient);
}

/** A message's new status reaches the row that shows it as last message. */
export function lastMessageChanged(queryClient: QueryClient, next: Message): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: keys.lists })) {
    queryClient.setQueryData<ThreadPages>(query.queryKey, (data) => (data ? patchLastMessage(data, next) : data));
  }
}

/** Changes within this time are followed by one read (a catch-up brings hundreds at once). */
const REFRESH_BATCH_MS = 200;
const batches = new WeakMap<QueryClient, Promise<void>>();

/** What placing a thread cannot know: which threads a search now finds, and the unread counts. */
function refreshAfterChange(queryClient: QueryClient): Promise<void> {
  const waiting = batches.get(queryClient);
  if (waiting) {
    return waiting;
  }
  const batch = new Promise<void>((resolve) => {
    setTimeout(resolve, REFRESH_BATCH_MS);
  }).then(async () => {
    // From here on, a new change starts the next batch: this read may have left before it.
    batches.delete(queryClient);
    await Promise.all([
      rereadQueries(queryClient, { queryKey: keys.lists, predicate: (q) => isSearchList(q.queryKey) }),
      rereadQueries(queryClient, { queryKey: keys.unread }),
    ]);
  });
  batches.set(queryClient, batch);
  return batch;
}

/* ---------- changes ---------- */

export function useSendMessage(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** `mediaIds`: files already uploaded (media-api.ts), sent with the text in this order; `textBlockId`: the quick message whose file goes with it. */
    mutationFn: (body: SendMessageRequest) => api.call(messagingEndpoints.send, { params: { id: threadId }, body }),
    onSuccess: (sent) => {
      upsertMessage(queryClient, sent);
      messageSent(queryClient, sent);
    },
  });
}

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: Message) => api.call(messagingEndpoints.retry, { params: { id: m.threadId, messageId: m.id } }),
    onSuccess: (sent) => {
      upsertMessage(queryClient, sent);
    },
  });
}

export function useUpdateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateThreadRequest & { id: string }) =>
      api.call(messagingEndpoints.updateThread, { params: { id }, body }),
    onSuccess: (next) => threadChanged(queryClient, next),
  });
}

export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(messagingEndpoints.removeThread, { params: { id } }),
    onSuccess: (_ok, id) => threadRemoved(queryClient, id),
  });
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateThreadRequest) => api.call(messagingEndpoints.createThread, { body }),
    onSuccess: (created) => threadChanged(queryClient, created.thread),
  });
}
