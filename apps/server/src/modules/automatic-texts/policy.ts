import { isAdministrator } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";

/** Pure rules of who may do what with automatic texts (spec part 1 §6). No I/O. */

/**
 * Every staff member of the organisation reads a team's automatic texts, as they see every team
 * (spec part 1 §6: users see teams they do not belong to); only administrators change them.
 */
export function canUpdateAutomaticTexts(actor: Pick<Ctx, "role">): boolean {
  return isAdministrator(actor.role);
}
