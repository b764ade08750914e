import { describe, expect, it } from "vitest";
import { lastCallKind } from "./format.ts";

describe("a call as the list's last message", () => {
  it("says placed, received, or missed when it ended unanswered", () => {
    expect(lastCallKind({ direction: "outbound", state: "ended", answeredAt: null })).toBe("outbound");
    expect(lastCallKind({ direction: "inbound", state: "ended", answeredAt: "2026-11-26T10:00:00Z" })).toBe("inbound");
    expect(lastCallKind({ direction: "inbound", state: "ended", answeredAt: null })).toBe("missed");
    // Still ringing: not missed yet.
    expect(lastCallKind({ direction: "inbound", state: "ringing", answeredAt: null })).toBe("inbound");
  });
});
