import { describe, expect, it } from "vitest";
import { schedulesLookedUpFor } from "./lookup.ts";

describe("schedulesLookedUpFor", () => {
  it.each(["anonymous", "911", "+1911", "933", "+1933"])("never asks for %j", (phone) => {
    expect(schedulesLookedUpFor(phone)).toBe(false);
  });

  it("asks for an ordinary number, and not for an empty one", () => {
    expect(schedulesLookedUpFor("+15145550102")).toBe(true);
    expect(schedulesLookedUpFor("")).toBe(false);
  });
});
