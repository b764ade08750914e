import { isAdministrator, roleCountsAs } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";

/**
 * Who may do what with quick messages, templates and signatures. No I/O. Every staff member reads
 * and inserts the organisation's quick messages; administrators and marketing (who write the
 * organisation's wording) create, change, pin and delete them.
 */

export function canEditTextBlocks(actor: Pick<Ctx, "role">): boolean {
  return isAdministrator(actor.role) || roleCountsAs(actor.role, "marketing");
}

/** Spec part 2 §6: marketing and devops get the user's SMS templates in the text block list. */
export function seesTemplatesInTextBlocks(actor: Pick<Ctx, "role">): boolean {
  return roleCountsAs(actor.role, "marketing");
}

/** A template is its owner's; an administrator may read and tidy anyone's in the organisation. */
export function canManageTemplatesOf(actor: Pick<Ctx, "role" | "userId">, ownerId: string): boolean {
  return actor.userId === ownerId || isAdministrator(actor.role);
}

/** The organisation's signature mode is an organisation setting: administrators only. */
export function canUpdateSignature(actor: Pick<Ctx, "role">): boolean {
  return isAdministrator(actor.role);
}
