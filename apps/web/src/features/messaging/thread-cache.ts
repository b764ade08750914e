import type { InfiniteData } from "@tanstack/react-query";
import type { Message, Thread, ThreadState, ThreadsPage } from "@relais/shared";

/**
 * Pure updates of a thread list's cached keyset pages, for real-time events and our own changes.
 * Re-reading the list instead would fetch every page loaded so far again (hundreds for a long
 * scroll), so a change is placed where the server would have put it.
 */

export type ThreadPages = InfiniteData<ThreadsPage, string | null>;

/**
 * The server's list order (spec part 1 §4, repo.listThreads): active threads pinned first, then
 * the latest update first; archived ones by latest update; the id breaks ties (descending).
 * Negative when `a` comes before `b`.
 */
export function compareThreads(state: ThreadState, a: Thread, b: Thread): number {
  if (state === "active" && a.attributes.pinned !== b.attributes.pinned) {
    return a.attributes.pinned ? -1 : 1;
  }
  if (a.updatedAt !== b.updatedAt) {
    return a.updatedAt > b.updatedAt ? -1 : 1;
  }
  if (a.id === b.id) {
    return 0;
  }
  return a.id > b.id ? -1 : 1;
}

function findThread(data: ThreadPages, id: string): Thread | undefined {
  for (const page of data.pages) {
    const found = page.threads.find((t) => t.id === id);
    if (found) {
      return found;
    }
  }
  return undefined;
}

/** The pages without thread `id` (pages that did not hold it are kept as they were). */
export function dropThread(data: ThreadPages, id: string): ThreadPages {
  if (!findThread(data, id)) {
    return data;
  }
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.threads.some((t) => t.id === id) ? { ...page, threads: page.threads.filter((t) => t.id !== id) } : page,
    ),
  };
}

/**
 * Puts the new version of a thread where it belongs in the list of `state`: out of it when its
 * state is the other one; else before the first loaded row it sorts ahead of. Past the last
 * loaded row it stays out while more pages remain: the next page (read after the cursor) brings
 * it then. An older version than the cached one (a late event) changes nothing.
 */
export function placeThread(data: ThreadPages, next: Thread, state: ThreadState): ThreadPages {
  const known = findThread(data, next.id);
  if (known && known.updatedAt > next.updatedAt) {
    return data;
  }
  const without = dropThread(data, next.id);
  if (next.state !== state || without.pages.length === 0) {
    return without;
  }
  const pages = [...without.pages];
  for (let p = 0; p < pages.length; p += 1) {
    const page = pages[p];
    if (!page) {
      continue;
    }
    const at = page.threads.findIndex((t) => compareThreads(state, next, t) < 0);
    if (at >= 0) {
      pages[p] = { ...page, threads: [...page.threads.slice(0, at), next, ...page.threads.slice(at)] };
      return { ...without, pages };
    }
  }
  const lastIndex = pages.length - 1;
  const last = pages[lastIndex];
  if (last && last.nextCursor === null) {
    pages[lastIndex] = { ...last, threads: [...last.threads, next] };
    return { ...without, pages };
  }
  return without;
}

/**
 * A message changed (a delivery status): the row showing it as last message follows. A newer
 * message is not placed here: its thread.updated event carries the thread with it.
 */
export function patchLastMessage(data: ThreadPages, message: Message): ThreadPages {
  const holder = findThread(data, message.threadId);
  if (holder?.lastMessage?.id !== message.id || holder.lastMessage.updatedAt > message.updatedAt) {
    return data;
  }
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.threads.some((t) => t.id === holder.id)
        ? { ...page, threads: page.threads.map((t) => (t.id === holder.id ? { ...t, lastMessage: message } : t)) }
        : page,
    ),
  };
}

/**
 * The rows to show, in order, each once: a page read while an event moved one of its threads
 * may hold it a second time; the first place is the newer one.
 */
export function flattenThreads(data: Pick<ThreadPages, "pages"> | undefined): Thread[] {
  if (!data) {
    return [];
  }
  const seen = new Set<string>();
  const rows: Thread[] = [];
  for (const page of data.pages) {
    for (const t of page.threads) {
      if (!seen.has(t.id)) {
        seen.add(t.id);
        rows.push(t);
      }
    }
  }
  return rows;
}
