import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { availabilitiesState } from "./availabilities-title.ts";

describe("the availabilities screen's state", () => {
  it("names the member once read", () => {
    expect(availabilitiesState({ isPending: false, error: null, data: { name: "Marc Gagnon" } })).toEqual({
      kind: "found",
      name: "Marc Gagnon",
    });
  });

  it("says not found for a member the server does not show (another organisation: 404)", () => {
    const gone = new ApiError(404, "error.not-found");
    expect(availabilitiesState({ isPending: false, error: gone })).toEqual({ kind: "not-found" });
  });

  it("tells a failure from a member not found, and shows no name while loading", () => {
    expect(availabilitiesState({ isPending: false, error: new ApiError(500, "error.internal") })).toEqual({ kind: "failed" });
    expect(availabilitiesState({ isPending: true, error: null })).toEqual({ kind: "loading" });
  });
});
