import { sql } from "kysely";
import type { Tx } from "../../db/database.ts";

const userColumns = ["u.id", "u.name", "u.email", "u.role", "u.locale", "u.status", "u.settings", "u.created_at"] as const;

function withTeams(orgId: string) {
  return sql<{ id: string; label: string; teamRole: "admin" | "user" }[]>`coalesce((
    select json_agg(json_build_object('id', t.id, 'label', t.label, 'teamRole', m.team_role) order by t.main desc, lower(t.label))
    from team_members m join teams t on t.id = m.team_id
    where m.user_id = u.id and m.organization_id = ${orgId}
  ), '[]'::json)`.as("teams");
}

export async function listUsers(tx: Tx, orgId: string) {
  return tx
    .selectFrom("users as u")
    .select(userColumns)
    .select(withTeams(orgId))
    .where("u.organization_id", "=", orgId)
    .orderBy(sql`lower(u.name)`)
    .execute();
}
export type UserRow = Awaited<ReturnType<typeof listUsers>>[number];

export async function findUser(tx: Tx, orgId: string, userId: string) {
  return tx
    .selectFrom("users as u")
    .select(userColumns)
    .select(withTeams(orgId))
    .where("u.organization_id", "=", orgId)
    .where("u.id", "=", userId)
    .executeTakeFirst();
}

export async function findPasswordHash(tx: Tx, orgId: string, userId: string) {
  const r = await tx
    .selectFrom("users")
    .select("password_hash")
    .where("organization_id", "=", orgId)
    .where("id", "=", userId)
    .executeTakeFirst();
  return r?.password_hash ?? null;
}

export async function insertUser(
  tx: Tx,
  row: { orgId: string; name: string; email: string; role: string; locale: string; passwordHash: string; settings: string },
): Promise<string> {
  const r = await tx
    .insertInto("users")
    .values({
      organization_id: row.orgId,
      name: row.name,
      email: row.email,
      role: row.role,
      locale: row.locale,
      password_hash: row.passwordHash,
      settings: row.settings,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateUser(
  tx: Tx,
  orgId: string,
  userId: string,
  patch: Partial<{ name: string; role: string; locale: string; settings: string; status: string; password_hash: string }>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await tx.updateTable("users").set(patch).where("organization_id", "=", orgId).where("id", "=", userId).execute();
}

export async function deleteUser(tx: Tx, orgId: string, userId: string): Promise<void> {
  await tx.deleteFrom("users").where("organization_id", "=", orgId).where("id", "=", userId).execute();
}

/** Administrators of the organisation, locked, for the "keep one administrator" rule. */
export async function lockAdministrators(tx: Tx, orgId: string) {
  return tx
    .selectFrom("users")
    .select(["id"])
    .where("organization_id", "=", orgId)
    .where("role", "in", ["admin", "super-admin", "devops"])
    .forUpdate()
    .execute();
}

export async function teamEmailExists(tx: Tx, orgId: string, email: string): Promise<boolean> {
  return !!(await tx.selectFrom("teams").select("id").where("organization_id", "=", orgId).where("email", "=", email).executeTakeFirst());
}
