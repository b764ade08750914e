import { describe, expect, it } from "vitest";
import { sentimentOf } from "./sentiment.ts";

describe("sentimentOf", () => {
  it("reads the spec thresholds inclusively", () => {
    expect(sentimentOf(70)).toBe("positive");
    expect(sentimentOf(69)).toBe("neutral");
    expect(sentimentOf(41)).toBe("neutral");
    expect(sentimentOf(40)).toBe("negative");
    expect(sentimentOf(0)).toBe("negative");
    expect(sentimentOf(100)).toBe("positive");
  });

  it("treats a thread with no score as neutral", () => {
    expect(sentimentOf(null)).toBe("neutral");
    expect(sentimentOf(undefined)).toBe("neutral");
  });
});
