import { groupQueue, type QueuedCall, type QueueGroup, type QueueViewResponse } from "@relais/shared";

/**
 * The queue view's cache, kept current by the `queue.*` events (issue 13 §1): a call's entry
 * replaces the one shown unless it is older (by version), a removed call leaves, and each group
 * keeps the spec's order (parked by park number, the others longest wait first). `skewMs` is the
 * server's clock minus this browser's when the view or its latest entry arrived: the timers run
 * on the server's clock (VOICE.md §6).
 */
export type QueueCache = QueueViewResponse & { skewMs: number };

/** The view as read from GET voice/v1/queues at `receivedAt` (this browser's clock). */
export function queueCacheOf(view: QueueViewResponse, receivedAt: number): QueueCache {
  return { ...view, skewMs: Date.parse(view.serverNow) - receivedAt };
}

const GROUPS = ["queued", "ringing", "in-progress", "parked"] as const satisfies readonly QueueGroup[];

function regroup(entries: readonly QueuedCall[], serverNow: string, skewMs: number): QueueCache {
  const grouped = groupQueue(
    entries.map((entry) => ({ state: entry.state, parkNo: entry.parkNo, waitingSince: Date.parse(entry.waitingSince), entry })),
  );
  const pick = (group: QueueGroup) => grouped[group].map((item) => item.entry);
  return {
    groups: { queued: pick("queued"), ringing: pick("ringing"), "in-progress": pick("in-progress"), parked: pick("parked") },
    serverNow,
    skewMs,
  };
}

export function queueEntries(view: QueueViewResponse): QueuedCall[] {
  return GROUPS.flatMap((group) => view.groups[group]);
}

/** The view once `entry` arrived at `receivedAt` (a `queue.updated`); an older version of the call than the one shown changes nothing. */
export function upsertQueued(view: QueueCache, entry: QueuedCall, receivedAt: number): QueueCache {
  const entries = queueEntries(view);
  const known = entries.find((e) => e.id === entry.id);
  if (known && known.version > entry.version) return view;
  return regroup([...entries.filter((e) => e.id !== entry.id), entry], entry.serverNow, Date.parse(entry.serverNow) - receivedAt);
}

/**
 * Whether `entry` is a caller who just started waiting: queued, and not in the view yet (the
 * organisation's queue notification is for arrivals, not for each change of a waiting call).
 */
export function isNewArrival(view: QueueCache | undefined, entry: QueuedCall): boolean {
  return entry.group === "queued" && view !== undefined && !queueEntries(view).some((e) => e.id === entry.id);
}

/** The view once the call left the queue (a `queue.removed`). */
export function removeQueued(view: QueueCache, id: string): QueueCache {
  const entries = queueEntries(view);
  if (!entries.some((e) => e.id === id)) return view;
  return regroup(
    entries.filter((e) => e.id !== id),
    view.serverNow,
    view.skewMs,
  );
}

/** How many callers wait for someone: queued, ringing and parked (the button's count). */
export function waitingCount(view: QueueViewResponse | undefined): number {
  return view ? view.groups.queued.length + view.groups.ringing.length + view.groups.parked.length : 0;
}

/** The calls a person can pick up from the view (spec: queued and parked). */
export function canPick(entry: QueuedCall): boolean {
  return entry.sid !== null && (entry.group === "queued" || entry.group === "parked");
}
