import { describe, expect, it } from "vitest";
import { canManageTransferExtensions, canUpdateGreetings, canUploadGreetingAudio } from "./policy.ts";

const team = "11111111-1111-4111-8111-111111111111";
const other = "22222222-2222-4222-8222-222222222222";

describe("voice settings policy", () => {
  it("lets administrators, not users, manage transfer extensions", () => {
    expect(canManageTransferExtensions({ role: "admin" })).toBe(true);
    expect(canManageTransferExtensions({ role: "super-admin" })).toBe(true);
    expect(canManageTransferExtensions({ role: "user" })).toBe(false);
    expect(canManageTransferExtensions({ role: "marketing" })).toBe(false);
  });

  it("lets a team's administrators change its greetings, and only organisation administrators the defaults", () => {
    const teamAdmin = { role: "user" as const, teams: [{ id: team, teamRole: "admin" as const }] };
    expect(canUpdateGreetings(teamAdmin, team)).toBe(true);
    expect(canUpdateGreetings(teamAdmin, other)).toBe(false);
    expect(canUpdateGreetings(teamAdmin, null)).toBe(false);
    expect(canUpdateGreetings({ role: "user", teams: [{ id: team, teamRole: "user" }] }, team)).toBe(false);
    expect(canUpdateGreetings({ role: "admin", teams: [] }, other)).toBe(true);
    expect(canUpdateGreetings({ role: "admin", teams: [] }, null)).toBe(true);
  });

  it("lets only someone who may change a greeting upload audio", () => {
    expect(canUploadGreetingAudio({ role: "user", teams: [{ id: team, teamRole: "admin" }] })).toBe(true);
    expect(canUploadGreetingAudio({ role: "user", teams: [{ id: team, teamRole: "user" }] })).toBe(false);
    expect(canUploadGreetingAudio({ role: "admin", teams: [] })).toBe(true);
  });
});
