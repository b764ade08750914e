import { describe, expect, it } from "vitest";
import { teamCreation } from "./team-creation.ts";

const admin = { createTeam: true, manageOrganization: true };
const singlePlanAdmin = { createTeam: false, manageOrganization: true };
const user = { createTeam: false, manageOrganization: false };

describe("the New team button (tier permission 3)", () => {
  it("is offered to an administrator whose plan allows several teams, or has no plan (404)", () => {
    expect(teamCreation(admin, [1, 2])).toBe("offered");
    expect(teamCreation(admin, null)).toBe("offered");
    expect(teamCreation(admin, undefined)).toBe("offered");
  });

  it("gives way to the single-team notice when the plan read now has permission 3", () => {
    expect(teamCreation(admin, [3])).toBe("single-team-plan");
    expect(teamCreation(singlePlanAdmin, [3])).toBe("single-team-plan");
    expect(teamCreation(singlePlanAdmin, undefined)).toBe("single-team-plan");
  });

  it("is never shown to someone who may not create teams", () => {
    expect(teamCreation(user, [1, 2])).toBe("hidden");
    expect(teamCreation(user, [3])).toBe("hidden");
  });
});
