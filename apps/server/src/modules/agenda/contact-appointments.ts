import type { Tx } from "../../db/database.ts";
import * as repo from "./repo.ts";

/**
 * Does the contact still have a booked appointment? The contacts service refuses to delete it
 * then (spec part 2 §5: error.contact-has-appointment). Apart from service.ts, which imports
 * the contacts service, so that the two modules do not import each other. Called with the
 * contact row locked: a booking racing the deletion either committed before (and is counted
 * here) or waits on that lock through its foreign key and then finds no contact.
 */
export async function hasBookedAppointments(tx: Tx, orgId: string, contactId: string): Promise<boolean> {
  return (await repo.countBookedOfContact(tx, orgId, contactId)) > 0;
}
