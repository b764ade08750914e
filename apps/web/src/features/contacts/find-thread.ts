import { THREAD_STATES, type Thread } from "@relais/shared";
import { messagingEndpoints } from "@relais/shared/endpoints/messaging";
import { api } from "../../api/index.ts";

/**
 * The conversation to open when a person texts a contact: the caller's thread with that number,
 * in the current team, active or archived. Null when there is none: a new one is started.
 * Through the list's own number search (the server keeps no other lookup by number).
 */
export async function findThreadOf(phone: string, currentTeamId: string | null): Promise<Thread | null> {
  const found: Thread[] = [];
  for (const state of THREAD_STATES) {
    const page = await api.call(messagingEndpoints.threads, { query: { state, q: phone, limit: 50 } });
    found.push(...page.threads.filter((t) => t.contactPhone === phone));
  }
  return pickThread(found, currentTeamId);
}

/**
 * The current team's thread, active before archived (the order given). Another team's thread is
 * not it: a new conversation starts in the current team (one thread per team and number).
 * Without a current team, the first found.
 */
export function pickThread(threads: readonly Thread[], currentTeamId: string | null): Thread | null {
  if (currentTeamId === null) {
    return threads[0] ?? null;
  }
  return threads.find((t) => t.teamId === currentTeamId) ?? null;
}
