import { roleCountsAs, type Role } from "@relais/shared";

/**
 * Issue 15 item 7: a person lowering her own role loses, at once, what the old role let her do
 * (often this very screen), so she is asked first. Lowering means the new role no longer counts
 * as the old one; another person's role, or a move up or sideways to an equal role, asks nothing.
 */
export function isSelfDemotion(ownId: string, user: { id: string; role: Role }, newRole: Role): boolean {
  return user.id === ownId && newRole !== user.role && !roleCountsAs(newRole, user.role);
}
