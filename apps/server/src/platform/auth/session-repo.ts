import { sql } from "kysely";
import type { Db, Tx } from "../../db/database.ts";
import { readAsTenant } from "../../db/tenant-read.ts";

/** SQL of sessions and refresh tokens. Every query runs as its organisation (withTenant or readAsTenant) and names it. */

/**
 * The session row behind a request, with what its Ctx needs (role, teams, tier), read on the
 * pool in one round trip (readAsTenant): every authenticated request makes this read.
 */
export async function findSessionForRequest(db: Db, orgId: string, sessionId: string) {
  const [row] = await readAsTenant(db, orgId, sessionForRequestQuery(db, orgId, sessionId));
  return row;
}

function sessionForRequestQuery(db: Db, orgId: string, sessionId: string) {
  return db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.id", "s.user_id", "s.current_team_id", "s.revoked_at", "s.revoked_reason", "s.last_seen_at", "u.role", "u.locale"])
    .select(
      sql<{ id: string; teamRole: "admin" | "user" }[]>`coalesce((
        select json_agg(json_build_object('id', m.team_id, 'teamRole', m.team_role) order by m.created_at)
        from team_members m where m.user_id = u.id and m.organization_id = ${orgId}
      ), '[]'::json)`.as("teams"),
    )
    .select(
      sql<number[] | null>`(
        select t.permissions from organizations o join tiers t on t.id = o.tier_id where o.id = ${orgId}
      )`.as("tier_permissions"),
    )
    .where("s.organization_id", "=", orgId)
    .where("s.id", "=", sessionId);
}

export async function touchSession(tx: Tx, orgId: string, sessionId: string): Promise<void> {
  await tx
    .updateTable("sessions")
    .set({ last_seen_at: sql`now()` })
    .where("organization_id", "=", orgId)
    .where("id", "=", sessionId)
    .execute();
}

/** Revokes one session; answers whether it was live until now. */
export async function revokeSession(tx: Tx, orgId: string, sessionId: string, reason: string): Promise<boolean> {
  const result = await tx
    .updateTable("sessions")
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where("organization_id", "=", orgId)
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Revokes every live session of a user (single active session, password change, removal);
 * answers the ids it revoked.
 */
export async function revokeUserSessions(
  tx: Tx,
  orgId: string,
  userId: string,
  reason: string,
  exceptSessionId?: string,
): Promise<string[]> {
  let q = tx
    .updateTable("sessions")
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where("organization_id", "=", orgId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (exceptSessionId) q = q.where("id", "!=", exceptSessionId);
  const rows = await q.returning("id").execute();
  return rows.map((r) => r.id);
}

export async function insertSession(
  tx: Tx,
  row: { orgId: string; userId: string; currentTeamId: string | null; ip: string; userAgent: string | null },
): Promise<string> {
  const r = await tx
    .insertInto("sessions")
    .values({
      organization_id: row.orgId,
      user_id: row.userId,
      current_team_id: row.currentTeamId,
      ip: row.ip,
      user_agent: row.userAgent?.slice(0, 500) ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function setSessionTeam(tx: Tx, orgId: string, sessionId: string, teamId: string): Promise<void> {
  await tx
    .updateTable("sessions")
    .set({ current_team_id: teamId })
    .where("organization_id", "=", orgId)
    .where("id", "=", sessionId)
    .execute();
}

export async function insertRefreshToken(
  tx: Tx,
  row: { orgId: string; sessionId: string; hash: string; expiresAt: Date },
): Promise<string> {
  const r = await tx
    .insertInto("refresh_tokens")
    .values({ organization_id: row.orgId, session_id: row.sessionId, token_hash: row.hash, expires_at: row.expiresAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/** The token row locked for this transaction, so two refreshes of one token cannot both rotate it. */
export async function lockRefreshToken(tx: Tx, orgId: string, tokenId: string) {
  return tx
    .selectFrom("refresh_tokens as t")
    .innerJoin("sessions as s", "s.id", "t.session_id")
    .select([
      "t.id",
      "t.session_id",
      "t.token_hash",
      "t.expires_at",
      "t.used_at",
      "s.user_id",
      "s.revoked_at",
      "s.revoked_reason",
      "s.last_seen_at",
    ])
    .where("t.organization_id", "=", orgId)
    .where("t.id", "=", tokenId)
    .forUpdate("t")
    .executeTakeFirst();
}

export async function markRefreshTokenUsed(tx: Tx, orgId: string, tokenId: string): Promise<void> {
  await tx
    .updateTable("refresh_tokens")
    .set({ used_at: sql`now()` })
    .where("organization_id", "=", orgId)
    .where("id", "=", tokenId)
    .execute();
}
