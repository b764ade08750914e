import { describe, expect, it } from "vitest";
import {
  callStatusCode,
  CALL_CHECK_INTERVAL_SECONDS,
  CONNECTING_JOIN_TIMEOUT_SECONDS,
  EXTENSION_PATTERN,
  formatCallDuration,
  groupQueue,
  HEADSET_HANGUP_GUARD_MS,
  headsetHangupIgnored,
  isAnonymousNumber,
  isEmergencyNumber,
  isTerminalCallState,
  IVR_KEYS,
  QUEUE_MAX_WAIT_DEFAULT_SECONDS,
  queueAlertOf,
  queueGroupOf,
  RING_TIME_DEFAULT_SECONDS,
  type CallState,
  type QueueItem,
} from "./calls.ts";

describe("call constants", () => {
  it("are the spec's numbers", () => {
    expect(CALL_CHECK_INTERVAL_SECONDS).toBe(90);
    expect(QUEUE_MAX_WAIT_DEFAULT_SECONDS).toBe(600);
    expect(RING_TIME_DEFAULT_SECONDS).toBe(30);
    expect(CONNECTING_JOIN_TIMEOUT_SECONDS).toBe(15);
    expect(IVR_KEYS).toEqual({ voicemail: "0", callback: "1" });
  });
});

describe("isTerminalCallState", () => {
  it("holds only for ended", () => {
    expect(isTerminalCallState("ended")).toBe(true);
    for (const state of ["dialing", "ivr", "queued", "ringing", "connecting", "active", "parked", "transferring", "voicemail"] as const) {
      expect(isTerminalCallState(state)).toBe(false);
    }
  });
});

describe("callStatusCode", () => {
  it.each([
    ["dialing", false, null, "initiated"],
    ["ivr", false, null, "initiated"],
    ["queued", false, null, "queued"],
    ["ringing", false, null, "ringing"],
    ["connecting", false, null, "in progress"],
    ["active", false, null, "in progress"],
    ["active", true, null, "hold"],
    ["transferring", true, null, "hold"],
    ["parked", true, null, "parked"],
    ["voicemail", false, null, "in progress"],
    ["ended", false, "completed", "completed"],
    ["ended", false, "no-answer", "ended"],
    ["ended", false, "canceled", "ended"],
  ] as const)("%s (held %s, %s) → %s", (state, held, end, code) => {
    expect(callStatusCode(state, held, end)).toBe(code);
  });
});

describe("queue view", () => {
  it.each([
    ["queued", "queued"],
    ["ringing", "ringing"],
    ["connecting", "in-progress"],
    ["active", "in-progress"],
    ["transferring", "in-progress"],
    ["parked", "parked"],
    ["ivr", null],
    ["dialing", null],
    ["voicemail", null],
    ["ended", null],
  ] as const)("puts %s in %s", (state, group) => {
    expect(queueGroupOf(state)).toBe(group);
  });

  it("sorts parked calls by park number and the others by longest wait, dropping ended calls", () => {
    const item = (id: string, state: CallState, waitingSince: number, parkNo: number | null = null): QueueItem & { id: string } => ({
      id,
      state,
      waitingSince,
      parkNo,
    });
    const groups = groupQueue([
      item("p3", "parked", 1, 3),
      item("q-late", "queued", 50),
      item("p1", "parked", 40, 1),
      item("gone", "ended", 0),
      item("q-early", "queued", 10),
      item("a", "active", 5),
      item("r", "ringing", 7),
    ]);
    expect(groups.parked.map((c) => c.id)).toEqual(["p1", "p3"]);
    expect(groups.queued.map((c) => c.id)).toEqual(["q-early", "q-late"]);
    expect(groups["in-progress"].map((c) => c.id)).toEqual(["a"]);
    expect(groups.ringing.map((c) => c.id)).toEqual(["r"]);
  });

  it.each([
    [0, "none"],
    [119, "none"],
    [120, "yellow"],
    [239, "yellow"],
    [240, "red"],
    [900, "red"],
  ] as const)("colours a %i s wait %s", (seconds, alert) => {
    expect(queueAlertOf(seconds)).toBe(alert);
  });
});

describe("isEmergencyNumber", () => {
  it.each(["911", "933", "+1911", "+1933", "+1 (911)", " 9-1-1 "])("treats %j as emergency", (n) => {
    expect(isEmergencyNumber(n)).toBe(true);
  });
  it.each(["+15143980000", "+19335550100", "+19115550100", "9110", "1911", "+33911", "", "anonymous"])(
    "does not treat %j as emergency",
    (n) => {
      expect(isEmergencyNumber(n)).toBe(false);
    },
  );
});

describe("isAnonymousNumber", () => {
  it.each([
    "anonymous",
    "Anonymous",
    "RESTRICTED",
    "private",
    "unknown",
    "unavailable",
    "",
    "  ",
    "+266696687",
    "266696687",
    "+7378742833",
    "+2562533",
    "+8656696",
    "+86282452253",
  ])("treats %j as a hidden caller", (n) => {
    expect(isAnonymousNumber(n)).toBe(true);
  });
  it.each(["+15143980000", "911", "+33612345678", "anonymously"])("does not treat %j as hidden", (n) => {
    expect(isAnonymousNumber(n)).toBe(false);
  });
});

describe("EXTENSION_PATTERN", () => {
  it("accepts 0 to 3 digits only", () => {
    for (const ok of ["", "1", "12", "123"]) expect(EXTENSION_PATTERN.test(ok)).toBe(true);
    for (const bad of ["1234", "a", "1-2", " 1"]) expect(EXTENSION_PATTERN.test(bad)).toBe(false);
  });
});

describe("formatCallDuration", () => {
  it.each([
    [0, "00:00"],
    [59, "00:59"],
    [61, "01:01"],
    [3599, "59:59"],
    [3600, "01:00:00"],
    [3725.9, "01:02:05"],
    [-4, "00:00"],
  ] as const)("shows %s s as %s", (seconds, shown) => {
    expect(formatCallDuration(seconds)).toBe(shown);
  });
});

describe("headsetHangupIgnored", () => {
  const t0 = 1_700_000_000_000;
  it("ignores a headset hang-up within 2 s of a hold or mute command", () => {
    expect(HEADSET_HANGUP_GUARD_MS).toBe(2_000);
    expect(headsetHangupIgnored(t0, t0)).toBe(true);
    expect(headsetHangupIgnored(t0, t0 + 1_999)).toBe(true);
    // A report that overtakes the command it answers (clocks of the same tab, a few ms apart).
    expect(headsetHangupIgnored(t0, t0 - 50)).toBe(true);
  });
  it("lets it through from 2 s on, and when no command was sent", () => {
    expect(headsetHangupIgnored(t0, t0 + 2_000)).toBe(false);
    expect(headsetHangupIgnored(t0, t0 + 60_000)).toBe(false);
    expect(headsetHangupIgnored(null, t0)).toBe(false);
  });
});
