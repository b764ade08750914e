/** The five staff roles of spec part 1 §6. */
export const ROLES = ["user", "admin", "super-admin", "devops", "marketing"] as const;
export type Role = (typeof ROLES)[number];

/**
 * What each role counts as, beyond itself (spec part 1 §6): super-admin counts as admin;
 * devops counts as super-admin (hence admin) and marketing.
 */
const COUNTS_AS: Record<Role, readonly Role[]> = {
  user: ["user"],
  marketing: ["marketing"],
  admin: ["admin"],
  "super-admin": ["super-admin", "admin"],
  devops: ["devops", "super-admin", "admin", "marketing"],
};

/**
 * Does role `role` count as `wanted`? The one answer to "may this role act as X", used by the
 * server guards and the web's menu gating alike.
 */
export function roleCountsAs(role: Role, wanted: Role): boolean {
  return COUNTS_AS[role].includes(wanted);
}

/** Administrators: admin, super-admin and devops (spec part 1 §6). */
export function isAdministrator(role: Role): boolean {
  return roleCountsAs(role, "admin");
}

/**
 * May an actor of role `actor` give role `role` to someone? Administrators give user, marketing
 * and admin; super-admin and devops only those who count as them.
 */
export function canAssignRole(actor: Role, role: Role): boolean {
  if (role === "user" || role === "marketing") return isAdministrator(actor);
  return roleCountsAs(actor, role);
}
