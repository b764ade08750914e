import type { Tx } from "../../db/database.ts";

/** SIP endpoints (migration 0026); every query scoped by the organisation. */

export type SipRow = {
  id: string;
  label: string;
  sip_username: string;
  credential_sid: string | null;
  user_id: string | null;
  user_name: string | null;
};

function selectEndpoints(tx: Tx, orgId: string) {
  return tx
    .selectFrom("sip_endpoints as s")
    .leftJoin("users as u", (j) => j.onRef("u.id", "=", "s.user_id").on("u.organization_id", "=", orgId))
    .select(["s.id", "s.label", "s.sip_username", "s.credential_sid", "s.user_id", "u.name as user_name"])
    .where("s.organization_id", "=", orgId);
}

export function listEndpoints(tx: Tx, orgId: string): Promise<SipRow[]> {
  return selectEndpoints(tx, orgId).orderBy("s.label").execute();
}

export async function findEndpoint(tx: Tx, orgId: string, id: string): Promise<SipRow | null> {
  return (await selectEndpoints(tx, orgId).where("s.id", "=", id).executeTakeFirst()) ?? null;
}

export async function findAssigned(tx: Tx, orgId: string, userId: string): Promise<SipRow | null> {
  return (await selectEndpoints(tx, orgId).where("s.user_id", "=", userId).executeTakeFirst()) ?? null;
}

/** The desk phones of these people (the offer rings them), by person. */
export async function usernamesOf(tx: Tx, orgId: string, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom("sip_endpoints")
    .select(["user_id", "sip_username"])
    .where("organization_id", "=", orgId)
    .where("user_id", "in", userIds)
    .execute();
  return new Map(rows.flatMap((r) => (r.user_id ? [[r.user_id, r.sip_username] as const] : [])));
}

export async function insertEndpoint(
  tx: Tx,
  orgId: string,
  values: { label: string; sip_username: string; credential_sid: string | null; created_by: string },
): Promise<string> {
  const row = await tx
    .insertInto("sip_endpoints")
    .values({ organization_id: orgId, ...values })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Removes the endpoint; its credential sid for the carrier to forget, or undefined when there was none here. */
export async function deleteEndpoint(tx: Tx, orgId: string, id: string): Promise<{ credential_sid: string | null } | undefined> {
  return tx
    .deleteFrom("sip_endpoints")
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .returning("credential_sid")
    .executeTakeFirst();
}

/** Releases what the person holds, except `keep`. */
export async function releaseHeld(tx: Tx, orgId: string, userId: string, keep: string | null = null): Promise<number> {
  let q = tx
    .updateTable("sip_endpoints")
    .set({ user_id: null, assigned_at: null })
    .where("organization_id", "=", orgId)
    .where("user_id", "=", userId);
  if (keep) q = q.where("id", "<>", keep);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * The claim: the endpoint becomes the person's only while it is free (or already theirs). Two
 * people racing for one endpoint both reach this UPDATE; the row lock makes the second re-read
 * `user_id` after the first commits, so exactly one row is updated for one of them.
 */
export async function claimEndpoint(tx: Tx, orgId: string, id: string, userId: string): Promise<boolean> {
  const res = await tx
    .updateTable("sip_endpoints")
    .set({ user_id: userId, assigned_at: new Date() })
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .where((eb) => eb.or([eb("user_id", "is", null), eb("user_id", "=", userId)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
