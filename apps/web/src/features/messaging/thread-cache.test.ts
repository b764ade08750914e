import { describe, expect, it } from "vitest";
import type { Message, Thread, ThreadState } from "@relais/shared";
import { compareThreads, dropThread, flattenThreads, patchLastMessage, placeThread, type ThreadPages } from "./thread-cache.ts";

/** Ids that sort like the server's uuids: a higher number is a "greater" id. */
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const at = (minute: number) => `2026-03-02T10:${String(minute).padStart(2, "0")}:00.000Z`;

function message(threadId: string, patch: Partial<Message> = {}): Message {
  return {
    id: id(900),
    threadId,
    direction: "inbound",
    type: "text",
    media: [],
    from: "+15145550123",
    to: "+15145550101",
    body: "Bonjour",
    status: "delivered",
    failureReason: null,
    carrierMessageId: null,
    idempotencyKey: null,
    authorId: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...patch,
  };
}

function thread(n: number, minute: number, patch: { pinned?: boolean; state?: ThreadState } = {}): Thread {
  return {
    id: id(n),
    teamId: id(1000),
    from: "+15145550101",
    contactPhone: `+1514555${String(1000 + n)}`,
    contact: null,
    state: patch.state ?? "active",
    attributes: { pinned: patch.pinned ?? false, hasNotification: false, hasIncompleteFollowup: false },
    sentiment: null,
    lastMessage: null,
    createdAt: at(0),
    updatedAt: at(minute),
  };
}

/** Cached pages as the server would have sent them; `more`: the last page has a next cursor. */
function pages(rows: Thread[][], more = false): ThreadPages {
  return {
    pages: rows.map((threads, i) => ({
      threads,
      nextCursor: i < rows.length - 1 || more ? `c${String(i)}` : null,
      unread: { active: 0, inactive: 0 },
    })),
    pageParams: rows.map((_, i) => (i === 0 ? null : `c${String(i - 1)}`)),
  };
}

const ids = (data: ThreadPages) => data.pages.map((p) => p.threads.map((t) => Number(t.id.slice(-12))));

describe("compareThreads", () => {
  it("orders pinned first in the active list only, then the latest update, then the greater id", () => {
    const sorted = (state: ThreadState, list: Thread[]) =>
      [...list].sort((a, b) => compareThreads(state, a, b)).map((t) => Number(t.id.slice(-12)));
    const list = [thread(1, 5), thread(2, 9), thread(3, 1, { pinned: true }), thread(4, 9)];
    expect(sorted("active", list)).toEqual([3, 4, 2, 1]);
    expect(sorted("inactive", list)).toEqual([4, 2, 1, 3]);
  });
});

describe("placeThread", () => {
  const base = () =>
    pages([
      [thread(1, 50, { pinned: true }), thread(2, 40), thread(3, 30)],
      [thread(4, 20), thread(5, 10)],
    ]);

  it("moves an updated thread to the top (after the pinned ones), once", () => {
    const next = placeThread(base(), thread(5, 59), "active");
    expect(ids(next)).toEqual([[1, 5, 2, 3], [4]]);
  });

  it("inserts a new thread where it sorts, across pages", () => {
    expect(ids(placeThread(base(), thread(6, 25), "active"))).toEqual([
      [1, 2, 3],
      [6, 4, 5],
    ]);
    expect(ids(placeThread(base(), thread(7, 35), "active"))).toEqual([
      [1, 2, 7, 3],
      [4, 5],
    ]);
    // Pinned: before every unpinned row, after a newer pinned one.
    expect(ids(placeThread(base(), thread(8, 45, { pinned: true }), "active"))).toEqual([
      [1, 8, 2, 3],
      [4, 5],
    ]);
  });

  it("puts a thread past the last row at the end of a complete list, leaves it to the next page otherwise", () => {
    expect(ids(placeThread(base(), thread(9, 1), "active"))).toEqual([
      [1, 2, 3],
      [4, 5, 9],
    ]);
    const partial = pages([[thread(1, 50), thread(2, 40)]], true);
    expect(ids(placeThread(partial, thread(9, 1), "active"))).toEqual([[1, 2]]);
    // A known row that moves past the loaded ones (unpinned, older) leaves them.
    const pinned = pages([[thread(1, 30, { pinned: true }), thread(2, 40)]], true);
    expect(ids(placeThread(pinned, thread(1, 30), "active"))).toEqual([[2]]);
  });

  it("takes an archived thread out of the active list and into the archived one", () => {
    const archived = thread(2, 41, { state: "inactive" });
    expect(ids(placeThread(base(), archived, "active"))).toEqual([
      [1, 3],
      [4, 5],
    ]);
    const inactive = pages([[thread(11, 45, { state: "inactive" }), thread(12, 20, { state: "inactive" })]]);
    expect(ids(placeThread(inactive, archived, "inactive"))).toEqual([[11, 2, 12]]);
  });

  it("ignores a late, older version and accepts a same-time change (read mark)", () => {
    const data = base();
    expect(placeThread(data, thread(2, 39), "active")).toBe(data);
    const read = { ...thread(2, 40), attributes: { pinned: false, hasNotification: true, hasIncompleteFollowup: false } };
    const next = placeThread(data, read, "active");
    expect(ids(next)).toEqual(ids(data));
    expect(next.pages[0]?.threads[1]?.attributes.hasNotification).toBe(true);
  });

  it("keeps the page boundaries and cursors, and an empty cache empty", () => {
    const next = placeThread(base(), thread(4, 59), "active");
    expect(next.pageParams).toEqual(base().pageParams);
    expect(next.pages.map((p) => p.nextCursor)).toEqual(["c0", null]);
    const empty: ThreadPages = { pages: [], pageParams: [] };
    expect(placeThread(empty, thread(1, 1), "active")).toEqual(empty);
  });
});

describe("dropThread, patchLastMessage, flattenThreads", () => {
  it("drops a removed thread, and keeps the very same object when it was not there", () => {
    const data = pages([[thread(1, 5), thread(2, 4)], [thread(3, 3)]]);
    expect(ids(dropThread(data, id(2)))).toEqual([[1], [3]]);
    expect(dropThread(data, id(99))).toBe(data);
  });

  it("shows a last message's new status, never an older one or another message", () => {
    const sent = message(id(1), { direction: "outbound", status: "sent", updatedAt: at(1) });
    const data = pages([[{ ...thread(1, 5), lastMessage: sent }]]);
    const delivered = patchLastMessage(data, { ...sent, status: "delivered", updatedAt: at(2) });
    expect(delivered.pages[0]?.threads[0]?.lastMessage?.status).toBe("delivered");
    expect(patchLastMessage(delivered, { ...sent, status: "sent", updatedAt: at(1) })).toBe(delivered);
    expect(patchLastMessage(data, message(id(1), { id: id(901) }))).toBe(data);
  });

  it("lists each thread once, at its first place", () => {
    const moved = thread(3, 59);
    const data = pages([
      [moved, thread(1, 5)],
      [thread(2, 4), thread(3, 3)],
    ]);
    const rows = flattenThreads(data);
    expect(rows.map((t) => t.id)).toEqual([id(3), id(1), id(2)]);
    expect(rows[0]).toBe(moved);
    expect(flattenThreads(undefined)).toEqual([]);
  });
});
