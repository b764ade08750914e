import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import {
  MESSAGE_PAGE_SIZE,
  createThreadResponse,
  message,
  messagesPage,
  okResponse,
  thread,
  threadsPage,
  type CreateThreadRequest,
  type Message,
  type MessagesPage,
  type Thread,
  type ThreadState,
  type ThreadsPage,
  type UpdateThreadRequest,
} from "@relais/shared";
import { api } from "../../api/index.ts";

/** Query keys of the text inbox; `all` is a prefix of every one (resync invalidates it). */
export const keys = {
  all: ["messaging"] as const,
  lists: ["messaging", "threads"] as const,
  list: (state: ThreadState) => ["messaging", "threads", state] as const,
  thread: (id: string) => ["messaging", "thread", id] as const,
  messages: (threadId: string) => ["messaging", "messages", threadId] as const,
};

type MessagePages = InfiniteData<MessagesPage, string | null>;

/* ---------- threads ---------- */

export function useThreads(state: ThreadState) {
  return useInfiniteQuery({
    queryKey: keys.list(state),
    queryFn: ({ pageParam, signal }) =>
      api.get("messaging/v1/threads", { query: { state, cursor: pageParam ?? undefined }, schema: threadsPage, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ThreadsPage) => last.nextCursor,
    staleTime: 60_000,
  });
}

/** Opening a thread: the server clears its unread mark and follow-up flag. */
export function useThread(id: string | null) {
  return useQuery({
    queryKey: keys.thread(id ?? ""),
    queryFn: ({ signal }) => api.get(`messaging/v1/threads/${id ?? ""}`, { schema: thread, signal }),
    enabled: id !== null,
    // Each opening reads it again: the server clears the unread mark then.
    staleTime: 0,
  });
}

export function useMessages(threadId: string | null) {
  return useInfiniteQuery({
    queryKey: keys.messages(threadId ?? ""),
    queryFn: ({ pageParam, signal }) =>
      api.get(`messaging/v1/threads/${threadId ?? ""}/messages`, {
        query: { before: pageParam ?? undefined, limit: MESSAGE_PAGE_SIZE },
        schema: messagesPage,
        signal,
      }),
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
}

/** A thread changed: its detail takes the new value; the lists re-read (order and unread counts). */
export function threadChanged(queryClient: QueryClient, next: Thread | null): Promise<void> {
  if (next) {
    // Only a thread already open is patched: opening one must reach the server (it marks it read).
    queryClient.setQueryData(keys.thread(next.id), (old: Thread | undefined) => (old && next.updatedAt >= old.updatedAt ? next : old));
  }
  return queryClient.invalidateQueries({ queryKey: keys.lists });
}

/* ---------- changes ---------- */

export function useSendMessage(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post(`messaging/v1/threads/${threadId}/messages`, { body: { body }, schema: message }),
    onSuccess: async (sent) => {
      upsertMessage(queryClient, sent);
      await queryClient.invalidateQueries({ queryKey: keys.lists });
    },
  });
}

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: Message) => api.post(`messaging/v1/threads/${m.threadId}/messages/${m.id}/retry`, { schema: message }),
    onSuccess: (sent) => {
      upsertMessage(queryClient, sent);
    },
  });
}

export function useUpdateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateThreadRequest & { id: string }) => api.put(`messaging/v1/threads/${id}`, { body, schema: thread }),
    onSuccess: (next) => threadChanged(queryClient, next),
  });
}

export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`messaging/v1/threads/${id}`, { schema: okResponse }),
    onSuccess: async (_ok, id) => {
      queryClient.removeQueries({ queryKey: keys.thread(id) });
      queryClient.removeQueries({ queryKey: keys.messages(id) });
      await queryClient.invalidateQueries({ queryKey: keys.lists });
    },
  });
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateThreadRequest) => api.post("messaging/v1/threads", { body, schema: createThreadResponse }),
    onSuccess: (created) => threadChanged(queryClient, created.thread),
  });
}
