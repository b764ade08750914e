import { isAdministrator } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";

/** Pure rules of who may do what with a desk phone (decision 0041). No I/O. */

/** Desk phones are organisation equipment: administrators add and remove them. */
export function canManageSips(actor: Pick<Ctx, "role">): boolean {
  return isAdministrator(actor.role);
}

/**
 * Anyone may take a free phone or keep the one they hold; a phone someone else holds is theirs
 * until they (or an administrator removing it) release it: taking it would silently stop their
 * calls ringing there.
 */
export function canAssignSip(actor: Pick<Ctx, "userId">, endpoint: { userId: string | null }): boolean {
  return endpoint.userId === null || endpoint.userId === actor.userId;
}

/** A SIP username the server makes: letters and digits on the shared SIP domain, never chosen by a client. */
export function sipUsernameOf(random: Buffer): string {
  return `desk_${random.toString("hex").slice(0, 16)}`;
}

/**
 * A password Twilio's SIP credentials accept (at least 12 characters with an upper-case letter, a
 * lower-case letter and a digit), made from `random` (16 bytes or more).
 */
export function sipPasswordOf(random: Buffer): string {
  return `Rx9${random.toString("base64url").slice(0, 21)}`;
}

/** The address the carrier rings. */
export function sipUriOf(username: string, domain: string): string {
  return `sip:${username}@${domain}`;
}
