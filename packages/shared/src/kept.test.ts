import { describe, expect, it } from "vitest";
import { keepUpTo } from "./kept.ts";

describe("keepUpTo", () => {
  it("drops the oldest entry once full, and answers what it stored", () => {
    const memory = new Map<string, number>();
    expect(keepUpTo(memory, 2, "a", 1)).toBe(1);
    keepUpTo(memory, 2, "b", 2);
    keepUpTo(memory, 2, "c", 3);
    expect([...memory.keys()]).toEqual(["b", "c"]);
  });

  it("replaces a key it holds without dropping another", () => {
    const memory = new Map([
      ["a", 1],
      ["b", 2],
    ]);
    keepUpTo(memory, 2, "a", 10);
    expect(Object.fromEntries(memory)).toEqual({ a: 10, b: 2 });
  });
});
