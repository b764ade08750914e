import { describe, expect, it } from "vitest";
import { nextCursor } from "./list-navigation.ts";

describe("nextCursor", () => {
  it("steps with the arrows and stops at both ends", () => {
    expect(nextCursor("ArrowDown", null, 3)).toBe(0);
    expect(nextCursor("ArrowDown", 0, 3)).toBe(1);
    expect(nextCursor("ArrowDown", 2, 3)).toBe(2);
    expect(nextCursor("ArrowUp", 2, 3)).toBe(1);
    expect(nextCursor("ArrowUp", 0, 3)).toBe(0);
    expect(nextCursor("ArrowUp", null, 3)).toBe(0);
  });

  it("jumps with Home and End, ignores other keys and empty lists", () => {
    expect(nextCursor("Home", 2, 3)).toBe(0);
    expect(nextCursor("End", 0, 3)).toBe(2);
    expect(nextCursor("a", 1, 3)).toBeNull();
    expect(nextCursor("Enter", 1, 3)).toBeNull();
    expect(nextCursor("ArrowDown", null, 0)).toBeNull();
  });
});
