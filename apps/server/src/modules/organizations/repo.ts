import type { Tx } from "../../db/database.ts";

export async function findOrganization(tx: Tx, orgId: string) {
  return tx.selectFrom("organizations").selectAll().where("id", "=", orgId).executeTakeFirst();
}
export type OrganizationRow = NonNullable<Awaited<ReturnType<typeof findOrganization>>>;

export async function updateOrganization(
  tx: Tx,
  orgId: string,
  patch: Partial<{
    name_fr: string;
    name_en: string;
    url: string | null;
    address: string | null;
    email: string | null;
    phone: string | null;
    schedule: string;
    vacation_start: string | null;
    vacation_end: string | null;
    office_networks: string[];
    options: string;
  }>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await tx.updateTable("organizations").set(patch).where("id", "=", orgId).execute();
}

export async function findTierOfOrganization(tx: Tx, orgId: string) {
  return tx
    .selectFrom("organizations as o")
    .innerJoin("tiers as t", "t.id", "o.tier_id")
    .select(["t.id", "t.name", "t.permissions"])
    .where("o.id", "=", orgId)
    .executeTakeFirst();
}

/** Services are a shared reference list, not tenant data. */
export async function listServices(tx: Tx, sector: string | undefined) {
  let q = tx.selectFrom("services").selectAll().orderBy("id");
  if (sector) q = q.where("sector", "=", sector);
  return q.execute();
}
