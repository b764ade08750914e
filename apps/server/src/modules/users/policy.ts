import { canAssignRole, isAdministrator, type Role } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";

/**
 * Pure rules of who may change or remove a colleague. No I/O. The service applies them; the
 * presenter sends them with each user (`abilities`), so the web never recomputes them.
 */

/**
 * Changing a colleague (their name; their role within `assignableRoles` of the session, and only
 * when theirs is not above the actor's): an administrator.
 */
export function canUpdateUser(actor: Pick<Ctx, "role">): boolean {
  return isAdministrator(actor.role);
}

/**
 * Deleting a colleague: an administrator, for someone not above them, never oneself. The
 * organisation's or a team's last administrator is refused when it happens (it depends on the
 * others, not on the two people).
 */
export function canDeleteUser(actor: Pick<Ctx, "role" | "userId">, target: { id: string; role: Role }): boolean {
  return isAdministrator(actor.role) && canAssignRole(actor.role, target.role) && target.id !== actor.userId;
}
