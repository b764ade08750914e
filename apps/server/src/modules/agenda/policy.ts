import { isAdministrator } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";

/**
 * Pure rules of who may do what in the agenda. No I/O. Booking, moving and cancelling are the
 * daily work of every staff member (reception books for the dentists); a member's week of
 * availabilities is theirs, so only they or an administrator change it.
 */

export function canEditAvailabilities(actor: Pick<Ctx, "role" | "userId">, memberId: string): boolean {
  return isAdministrator(actor.role) || actor.userId === memberId;
}

/** Marketing staff prepare campaigns; they do not handle patients' appointments. */
export function canBook(actor: Pick<Ctx, "role">): boolean {
  return actor.role !== "marketing";
}
