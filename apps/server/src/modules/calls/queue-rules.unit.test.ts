import { describe, expect, it } from "vitest";
import type { CallView } from "@relais/shared";
import { lowestFreeParkNo, presentQueued, queueOn, waitingSinceOf } from "./queue-rules.ts";
import { ALICE, BOB, T0, ev, reach, run } from "./reducer-test-kit.ts";

describe("queueOn: every level can switch the queue off", () => {
  const on = {
    callQueueEnabled: true,
    options: { voiceQueue: { enabled: true, notification: false } },
    teamSettings: { voiceQueue: true },
  };
  it("is on only when the organisation's flag, its option and the team's setting all are", () => {
    expect(queueOn(on)).toBe(true);
    expect(queueOn({ ...on, callQueueEnabled: false })).toBe(false);
    expect(queueOn({ ...on, options: { voiceQueue: { enabled: false, notification: true } } })).toBe(false);
    expect(queueOn({ ...on, teamSettings: { voiceQueue: false } })).toBe(false);
  });
  it("reads missing or malformed stored settings as off", () => {
    expect(queueOn({ ...on, options: null })).toBe(false);
    expect(queueOn({ ...on, options: { voiceQueue: { enabled: "yes" } } })).toBe(false);
    expect(queueOn({ ...on, teamSettings: null })).toBe(false);
    expect(queueOn({ ...on, teamSettings: {} })).toBe(false);
  });
});

describe("lowestFreeParkNo", () => {
  it.each([
    [[], 1],
    [[1], 2],
    [[1, 2, 3], 4],
    [[2, 3], 1],
    [[3, 1], 2],
    [[1, 1, 2], 3],
  ])("with %j taken gives %i", (taken, expected) => {
    expect(lowestFreeParkNo(taken)).toBe(expected);
  });
});

/** The parts of a call view the queue view takes. */
function viewOf(overrides: Partial<CallView> = {}): CallView {
  return {
    contactName: null,
    formattedNumber: "(514) 555-0100",
    forGroupLabel: "Accueil",
    ownerName: null,
    answeredAt: null,
    ...overrides,
  } as CallView;
}

describe("the queue view's entry", () => {
  it("times a queued caller from when they entered the queue, a parked one from the park, a call in progress from its answer", () => {
    const queued = reach("queued");
    expect(waitingSinceOf(queued)).toBe(T0 + 1000);
    const active = reach("active");
    expect(waitingSinceOf(active)).toBe(active.answeredAt);
    const parked = run(active, ev("staff.park", { userId: ALICE, parkNo: 3, at: 40 })).call;
    expect(waitingSinceOf(parked)).toBe(T0 + 40_000);
  });

  it("shows the wait and duration in whole seconds at the server's clock, with the caller's name or number", () => {
    const parked = run(reach("active"), ev("staff.park", { userId: ALICE, parkNo: 2, at: 40 })).call;
    const now = T0 + 100_500;
    const entry = presentQueued(viewOf({ contactName: "Marie Tremblay", answeredAt: "x" }), parked, "SB1", now);
    expect(entry).toMatchObject({
      id: parked.id,
      sid: "SB1",
      state: "parked",
      status: "parked",
      group: "parked",
      parkNo: 2,
      wait: 60,
      duration: Math.floor((now - (parked.answeredAt ?? 0)) / 1000),
      callerName: "Marie Tremblay",
      teamLabel: "Accueil",
      serverNow: new Date(now).toISOString(),
    });
    const ringing = reach("ringing");
    expect(presentQueued(viewOf(), ringing, null, T0 + 5000)).toMatchObject({
      group: "ringing",
      callerName: "(514) 555-0100",
      duration: null,
      wait: 4,
    });
  });

  it("leaves out calls the queue does not show: greeting, voicemail, ended", () => {
    for (const state of ["ivr", "voicemail", "ended"] as const) expect(presentQueued(viewOf(), reach(state), null, T0)).toBeNull();
  });

  it("a picked call leaves the parked group for in progress", () => {
    const parked = reach("parked");
    const picked = run(parked, ev("staff.pick", { userId: BOB, at: 60 }), ev("room.joined", { userId: BOB, at: 61 })).call;
    expect(presentQueued(viewOf(), picked, null, T0 + 70_000)).toMatchObject({ group: "in-progress", parkNo: null });
  });
});
