import { describe, expect, it } from "vitest";
import { callDuration, ownCallTitle, secondsSince } from "./format.ts";

describe("call durations (spec part 1 §9)", () => {
  it("shows mm:ss under an hour and HH:mm:ss past it", () => {
    expect(callDuration(0)).toBe("00:00");
    expect(callDuration(59.9)).toBe("00:59");
    expect(callDuration(192)).toBe("03:12");
    expect(callDuration(3599)).toBe("59:59");
    expect(callDuration(3600)).toBe("01:00:00");
    expect(callDuration(36_061)).toBe("10:01:01");
  });

  it("never shows a negative time", () => {
    expect(callDuration(-5)).toBe("00:00");
  });

  it("counts on the server's clock: the browser's skew is added before comparing", () => {
    const answered = "2026-01-01T10:00:00.000Z";
    const browserNow = Date.parse("2026-01-01T10:00:05.000Z");
    // The browser is 3 s behind the server: 8 s have passed on the server's clock.
    expect(secondsSince(answered, 3_000, browserNow)).toBe(8);
    expect(secondsSince(answered, -2_000, browserNow)).toBe(3);
  });
});

describe("the own call's title (spec part 1 §2)", () => {
  const at = "2026-11-28T10:00:00.000Z";
  const base = { state: "active" as const, direction: "inbound" as const, answeredAt: at, startedAt: at, fromGroupLabel: null };
  const now = Date.parse(at) + 65_000;

  it("is Incoming call for an inbound call, ringing or answered", () => {
    expect(ownCallTitle(base, 0, now)).toEqual({ id: "calls.title.incoming" });
    expect(ownCallTitle({ ...base, answeredAt: null }, 0, now)).toEqual({ id: "calls.title.incoming" });
  });

  it("stays Transferred call once a transferred call is answered", () => {
    expect(ownCallTitle({ ...base, fromGroupLabel: "Hygiène" }, 0, now)).toEqual({ id: "calls.title.transferred" });
  });

  it("is Calling with its duration until an outbound call is answered, then Outbound call", () => {
    expect(ownCallTitle({ ...base, direction: "outbound", answeredAt: null }, 0, now)).toEqual({
      id: "calls.title.calling",
      duration: "01:05",
    });
    expect(ownCallTitle({ ...base, direction: "outbound" }, 0, now)).toEqual({ id: "calls.title.outbound" });
  });

  it("is Call ended once ended, whatever the direction", () => {
    expect(ownCallTitle({ ...base, state: "ended", fromGroupLabel: "Hygiène" }, 0, now)).toEqual({ id: "calls.title.ended" });
  });
});
