import { sql } from "kysely";
import type { Db, Tx } from "../../db/database.ts";

/**
 * Which account and organisation an email names, before any tenant is known. Goes through the
 * relais_login_lookup function (see migration 0001), the one cross-tenant read the app role has.
 */
export async function unsafeLookupLogin(db: Db, email: string) {
  const r = await sql<{ user_id: string; organization_id: string }>`select * from relais_login_lookup(${email})`.execute(db);
  return r.rows[0] ?? null;
}

export async function insertPasswordReset(tx: Tx, row: { orgId: string; userId: string; hash: string; expiresAt: Date }): Promise<string> {
  const r = await tx
    .insertInto("password_resets")
    .values({ organization_id: row.orgId, user_id: row.userId, token_hash: row.hash, expires_at: row.expiresAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function lockPasswordReset(tx: Tx, orgId: string, id: string) {
  return tx
    .selectFrom("password_resets")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** Spends every open reset link of a user: one used link closes the others too. */
export async function spendPasswordResets(tx: Tx, orgId: string, userId: string): Promise<void> {
  await tx
    .updateTable("password_resets")
    .set({ used_at: sql`now()` })
    .where("organization_id", "=", orgId)
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}
