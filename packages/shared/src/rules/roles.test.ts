import { describe, expect, it } from "vitest";
import { ROLES, isAdministrator, roleCountsAs, type Role } from "./roles.ts";

/** The full truth table of spec part 1 §6: row role counts as column role. */
const EXPECTED: Record<Role, Role[]> = {
  user: ["user"],
  marketing: ["marketing"],
  admin: ["admin"],
  "super-admin": ["super-admin", "admin"],
  devops: ["devops", "super-admin", "admin", "marketing"],
};

describe("roleCountsAs", () => {
  it("knows the five roles", () => {
    expect([...ROLES].sort()).toEqual(["admin", "devops", "marketing", "super-admin", "user"]);
  });

  it.each(ROLES.flatMap((role) => ROLES.map((wanted) => [role, wanted] as const)))(
    "%s counts as %s only when the hierarchy says so",
    (role, wanted) => {
      expect(roleCountsAs(role, wanted)).toBe(EXPECTED[role].includes(wanted));
    },
  );

  it("super-admin counts as admin", () => {
    expect(roleCountsAs("super-admin", "admin")).toBe(true);
  });

  it("devops counts as super-admin, admin and marketing", () => {
    expect(roleCountsAs("devops", "super-admin")).toBe(true);
    expect(roleCountsAs("devops", "admin")).toBe(true);
    expect(roleCountsAs("devops", "marketing")).toBe(true);
  });

  it("user counts as nothing else", () => {
    for (const other of ROLES.filter((r) => r !== "user")) expect(roleCountsAs("user", other)).toBe(false);
  });

  it("marketing is not admin, and neither admin nor super-admin is marketing or devops", () => {
    expect(roleCountsAs("marketing", "admin")).toBe(false);
    expect(roleCountsAs("admin", "marketing")).toBe(false);
    expect(roleCountsAs("super-admin", "marketing")).toBe(false);
    expect(roleCountsAs("super-admin", "devops")).toBe(false);
    expect(roleCountsAs("admin", "super-admin")).toBe(false);
  });
});

describe("isAdministrator", () => {
  it("admin, super-admin and devops are administrators; user and marketing are not", () => {
    expect(ROLES.filter(isAdministrator).sort()).toEqual(["admin", "devops", "super-admin"]);
  });
});
