import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { ContactSummary, Thread, ThreadsPage } from "@relais/shared";

/** A contact event as the conversations see it: a contact now named, or one gone. */
export type ContactChange = { kind: "saved"; contact: ContactSummary } | { kind: "removed"; id: string };

/**
 * The thread with the change applied: a saved contact names the threads of its number (and no
 * longer those of a number it left); a removed one names none. Unchanged threads are returned as
 * they are, so the list does not redraw them.
 */
export function applyContactChange(thread: Thread, change: ContactChange): Thread {
  if (change.kind === "removed") {
    return thread.contact?.id === change.id ? { ...thread, contact: null } : thread;
  }
  const c = change.contact;
  if (thread.contactPhone === c.phone) {
    return { ...thread, contact: { id: c.id, firstname: c.firstname, lastname: c.lastname, fullName: c.fullName } };
  }
  return thread.contact?.id === c.id ? { ...thread, contact: null } : thread;
}

function patchPages(data: InfiniteData<ThreadsPage> | undefined, change: ContactChange): InfiniteData<ThreadsPage> | undefined {
  if (!data) {
    return data;
  }
  return { ...data, pages: data.pages.map((p) => ({ ...p, threads: p.threads.map((t) => applyContactChange(t, change)) })) };
}

/** Every cached thread list and open thread of the text inbox takes the change (no re-read). */
export function patchThreadContacts(queryClient: QueryClient, change: ContactChange): void {
  queryClient.setQueriesData<InfiniteData<ThreadsPage>>({ queryKey: ["messaging", "threads"] }, (data) => patchPages(data, change));
  queryClient.setQueriesData<Thread>({ queryKey: ["messaging", "thread"] }, (data) => (data ? applyContactChange(data, change) : data));
}
