import type { Tx } from "../db/database.ts";

/**
 * Appends to the audit log who read or changed what (DESIGN §4), in the same transaction as the
 * change itself, so a change and its audit row land or fail together.
 */
export async function recordAudit(
  tx: Tx,
  who: { orgId: string; userId: string | null },
  action: string,
  entity: string,
  entityId: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx
    .insertInto("audit_log")
    .values({
      organization_id: who.orgId,
      user_id: who.userId,
      action,
      entity,
      entity_id: entityId,
      details: JSON.stringify(details),
    })
    .execute();
}
