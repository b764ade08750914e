import { describe, expect, it } from "vitest";
import { TIER_PERMISSION, allowsMultipleTeams, canCallOut, canTransferToExtensions } from "./tiers.ts";

describe("tier permissions", () => {
  it("numbers the permissions as the spec does", () => {
    expect(TIER_PERMISSION).toEqual({ outgoingCalls: 1, transferToExtensions: 2, singleTeamOnly: 3 });
  });

  it("unknown (null) tiers allow outgoing calls and multiple teams", () => {
    expect(canCallOut(null)).toBe(true);
    expect(allowsMultipleTeams(null)).toBe(true);
  });

  it("unknown tiers do not grant transfer to extensions", () => {
    expect(canTransferToExtensions(null)).toBe(false);
  });

  it("a known tier without permission 1 cannot call out", () => {
    expect(canCallOut([])).toBe(false);
    expect(canCallOut([2, 3])).toBe(false);
    expect(canCallOut([1])).toBe(true);
  });

  it("permission 2 allows transfer to extensions", () => {
    expect(canTransferToExtensions([2])).toBe(true);
    expect(canTransferToExtensions([1, 3])).toBe(false);
  });

  it("permission 3 means single team only; without it multiple teams are enabled", () => {
    expect(allowsMultipleTeams([3])).toBe(false);
    expect(allowsMultipleTeams([1, 2, 3])).toBe(false);
    expect(allowsMultipleTeams([1, 2])).toBe(true);
    expect(allowsMultipleTeams([])).toBe(true);
  });
});
