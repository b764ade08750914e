import { z } from "zod";
import { requiredText, uuid } from "./common.ts";

/**
 * Desk phones (issue 13 §4, decision 0041): an organisation's SIP endpoints. A person takes a
 * free one (`PUT sips/v1/users/assign/{id}`), sees it, and releases it; the offer of a call then
 * rings it beside the browser. Administrators add and remove them.
 */

export const SIP_LABEL_MAX = 80;

/** One desk phone as staff see it: who holds it (null: free) and what the caller may do with it. */
export const sipEndpoint = z.object({
  id: uuid,
  label: z.string(),
  /** The SIP username the phone registers with. */
  username: z.string(),
  /** The address the carrier rings (`sip:user@domain`). */
  sipUri: z.string(),
  assignedTo: z.object({ id: uuid, name: z.string() }).nullable(),
  abilities: z.object({ assign: z.boolean(), remove: z.boolean() }),
});
export type SipEndpoint = z.infer<typeof sipEndpoint>;

export const sipEndpointList = z.array(sipEndpoint);

/** GET sips/v1/users/assigned: the caller's desk phone, or null. */
export const assignedSip = z.object({ endpoint: sipEndpoint.nullable() });
export type AssignedSip = z.infer<typeof assignedSip>;

export const sipEndpointRequest = z.object({ label: requiredText(SIP_LABEL_MAX) }).strict();
export type SipEndpointRequest = z.infer<typeof sipEndpointRequest>;

/** A new endpoint with its password, shown this once: Relais keeps only the carrier's credential. */
export const createdSipEndpoint = z.object({ endpoint: sipEndpoint, password: z.string().nullable() });
export type CreatedSipEndpoint = z.infer<typeof createdSipEndpoint>;
