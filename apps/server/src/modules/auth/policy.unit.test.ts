import { describe, expect, it } from "vitest";
import { ROLES } from "@relais/shared";
import { sessionAbilitiesOf } from "./policy.ts";

describe("what a person may do across the organisation", () => {
  it("lets administrators (admin, super-admin, devops) manage the organisation, its users and imports; not user or marketing", () => {
    for (const role of ROLES) {
      const admin = role === "admin" || role === "super-admin" || role === "devops";
      const abilities = sessionAbilitiesOf(role, null);
      expect(abilities.manageOrganization, role).toBe(admin);
      expect(abilities.manageUsers, role).toBe(admin);
      expect(abilities.importContacts, role).toBe(admin);
    }
  });

  it("offers team creation to an administrator only on a plan with more than one team (tier permission 3 absent)", () => {
    expect(sessionAbilitiesOf("admin", null).createTeam).toBe(true);
    expect(sessionAbilitiesOf("admin", [1]).createTeam).toBe(true);
    expect(sessionAbilitiesOf("admin", [3]).createTeam).toBe(false);
    expect(sessionAbilitiesOf("user", null).createTeam).toBe(false);
  });

  it("gives SMS templates to marketing and devops, maintenance to devops only", () => {
    expect(sessionAbilitiesOf("marketing", null)).toMatchObject({ writeTemplates: true, maintenance: false });
    expect(sessionAbilitiesOf("devops", null)).toMatchObject({ writeTemplates: true, maintenance: true });
    expect(sessionAbilitiesOf("admin", null)).toMatchObject({ writeTemplates: false, maintenance: false });
  });

  it("lists the roles each may give: an admin never super-admin or devops, a user none", () => {
    expect(sessionAbilitiesOf("admin", null).assignableRoles).toEqual(["user", "admin", "marketing"]);
    expect(sessionAbilitiesOf("devops", null).assignableRoles).toEqual(["user", "admin", "super-admin", "devops", "marketing"]);
    expect(sessionAbilitiesOf("user", null).assignableRoles).toEqual([]);
  });
});
