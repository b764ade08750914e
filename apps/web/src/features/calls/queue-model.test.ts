import { describe, expect, it } from "vitest";
import type { QueuedCall } from "@relais/shared";
import {
  canPick,
  isNewArrival,
  queueCacheOf,
  queueEntries,
  removeQueued,
  upsertQueued as upsertAt,
  waitingCount,
  type QueueCache,
} from "./queue-model.ts";

const NOW = "2026-11-27T10:00:00.000Z";

function entry(id: string, overrides: Partial<QueuedCall> = {}): QueuedCall {
  return {
    id,
    sid: `SB${id}`,
    state: "queued",
    status: "queued",
    group: "queued",
    waitingSince: "2026-11-27T09:58:00.000Z",
    wait: 120,
    duration: null,
    answeredAt: null,
    parkNo: null,
    callerName: "Marie",
    phoneNumber: "+15145550100",
    teamId: "00000000-0000-4000-8000-000000000001",
    teamLabel: "Accueil",
    ownerName: null,
    version: 3,
    serverNow: NOW,
    ...overrides,
  };
}

const BROWSER_NOW = Date.parse(NOW) - 3_000;
const empty: QueueCache = queueCacheOf({ groups: { queued: [], ringing: [], "in-progress": [], parked: [] }, serverNow: NOW }, BROWSER_NOW);
const upsertQueued = (view: QueueCache, e: QueuedCall) => upsertAt(view, e, BROWSER_NOW);
const parked = (id: string, parkNo: number, version = 5) =>
  entry(id, { state: "parked", status: "parked", group: "parked", parkNo, version });

describe("the queue view's cache", () => {
  it("keeps the server's clock as it was when the view or its latest entry arrived", () => {
    expect(empty.skewMs).toBe(3_000);
    const later = upsertAt(empty, entry("a", { serverNow: "2026-11-27T10:01:00.000Z" }), Date.parse("2026-11-27T10:01:00.000Z") + 500);
    expect(later.skewMs).toBe(-500);
    expect(removeQueued(later, "a").skewMs).toBe(-500);
  });

  it("puts an arriving call in its group, longest wait first", () => {
    let view = upsertQueued(empty, entry("a", { waitingSince: "2026-11-27T09:59:00.000Z" }));
    view = upsertQueued(view, entry("b", { waitingSince: "2026-11-27T09:50:00.000Z" }));
    expect(view.groups.queued.map((e) => e.id)).toEqual(["b", "a"]);
  });

  it("sorts parked calls by park number, whatever order they arrive in", () => {
    let view = upsertQueued(empty, parked("x", 3));
    view = upsertQueued(view, parked("y", 1));
    view = upsertQueued(view, parked("z", 2));
    expect(view.groups.parked.map((e) => e.parkNo)).toEqual([1, 2, 3]);
  });

  it("moves a call between groups as it changes, and ignores an older version", () => {
    let view = upsertQueued(empty, entry("a", { version: 3 }));
    view = upsertQueued(view, entry("a", { version: 4, state: "ringing", status: "ringing", group: "ringing" }));
    expect(view.groups.queued).toEqual([]);
    expect(view.groups.ringing.map((e) => e.id)).toEqual(["a"]);
    const stale = upsertQueued(view, entry("a", { version: 2 }));
    expect(stale).toBe(view);
  });

  it("drops a call that left the queue; an unknown one changes nothing", () => {
    const view = upsertQueued(upsertQueued(empty, entry("a")), parked("b", 1));
    const after = removeQueued(view, "a");
    expect(queueEntries(after).map((e) => e.id)).toEqual(["b"]);
    expect(removeQueued(after, "nope")).toBe(after);
  });

  it("counts callers waiting for someone: queued, ringing and parked, not calls in progress", () => {
    let view = upsertQueued(empty, entry("a"));
    view = upsertQueued(view, parked("b", 1));
    view = upsertQueued(view, entry("c", { state: "active", status: "in progress", group: "in-progress" }));
    expect(waitingCount(view)).toBe(2);
    expect(waitingCount(undefined)).toBe(0);
  });

  it("offers pick on queued and parked calls only", () => {
    expect(canPick(entry("a"))).toBe(true);
    expect(canPick(parked("b", 1))).toBe(true);
    expect(canPick(entry("c", { state: "ringing", status: "ringing", group: "ringing" }))).toBe(false);
    expect(canPick(entry("d", { sid: null }))).toBe(false);
  });
});

describe("the queue notification's arrivals (issue 13 §1)", () => {
  it("is a caller who starts waiting, once: not a change of a waiting call, a ringing or parked call, nor before the view is loaded", () => {
    const a = entry("a");
    expect(isNewArrival(empty, a)).toBe(true);
    const withA = upsertQueued(empty, a);
    expect(isNewArrival(withA, { ...a, version: 4, wait: 130 })).toBe(false);
    expect(isNewArrival(withA, entry("b", { group: "ringing", state: "ringing", status: "ringing" }))).toBe(false);
    expect(isNewArrival(withA, entry("c", { group: "parked", state: "parked", parkNo: 1 }))).toBe(false);
    expect(isNewArrival(undefined, entry("d"))).toBe(false);
    expect(isNewArrival(withA, entry("e"))).toBe(true);
  });
});
