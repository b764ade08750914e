import { isAdministrator } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";

/**
 * Pure rules of who may do what with contacts. No I/O. Every staff member of the organisation
 * reads and writes its contacts (the spec names no restriction: reception, hygiene and
 * administrators all talk with patients); what cannot be undone is kept for administrators.
 */

/** Creating and editing a contact, its links, pins and survey follow-ups: any staff member. */
export function canUpdateContact(_actor: Pick<Ctx, "role">): boolean {
  return true;
}

/** Deleting a contact takes its notes and history with it: administrators only. */
export function canDeleteContact(actor: Pick<Ctx, "role">): boolean {
  return isAdministrator(actor.role);
}

/**
 * A note's words and date are its author's: only they, or an administrator, change or delete
 * it. Pinning is shared (any staff member), since it only orders the list for everyone.
 */
export function canEditNote(actor: Pick<Ctx, "role" | "userId">, note: { author_id: string | null }): boolean {
  return isAdministrator(actor.role) || (note.author_id !== null && note.author_id === actor.userId);
}
