import { describe, expect, it } from "vitest";
import { callDuration, secondsSince } from "./format.ts";

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
