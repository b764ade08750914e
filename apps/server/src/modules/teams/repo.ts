import { sql } from "kysely";
import type { Db, Tx } from "../../db/database.ts";

const teamColumns = [
  "t.id",
  "t.label",
  "t.email",
  "t.email_provider",
  "t.email_valid",
  "t.phone_number",
  "t.main",
  "t.schedule",
  "t.settings",
  "t.created_at",
] as const;

function memberCount(orgId: string) {
  return sql<number>`(select count(*)::int from team_members m where m.team_id = t.id and m.organization_id = ${orgId})`.as("member_count");
}

/** Teams of an organisation with their member counts, main team first, then by name. */
export async function listTeams(tx: Tx, orgId: string, onlyOfUser?: string) {
  return teamsQuery(tx, orgId, onlyOfUser).execute();
}

/** The organisation's teams (or those of one member), main first then by name, as a query. */
export function teamsQuery(db: Db, orgId: string, onlyOfUser?: string) {
  let q = db
    .selectFrom("teams as t")
    .select(teamColumns)
    .select(memberCount(orgId))
    .where("t.organization_id", "=", orgId)
    .orderBy("t.main", "desc")
    .orderBy(sql`lower(t.label)`);
  if (onlyOfUser) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("team_members as m")
          .select("m.team_id")
          .whereRef("m.team_id", "=", "t.id")
          .where("m.user_id", "=", onlyOfUser)
          .where("m.organization_id", "=", orgId),
      ),
    );
  }
  return q;
}
export type TeamRow = Awaited<ReturnType<typeof listTeams>>[number];

export async function findTeam(tx: Tx, orgId: string, teamId: string, lock = false) {
  let q = tx
    .selectFrom("teams as t")
    .select(teamColumns)
    .select(memberCount(orgId))
    .where("t.organization_id", "=", orgId)
    .where("t.id", "=", teamId);
  if (lock) q = q.forUpdate("t");
  return q.executeTakeFirst();
}

export async function listMembers(tx: Tx, orgId: string, teamId: string) {
  return tx
    .selectFrom("team_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.user_id", "m.team_role", "u.name", "u.email"])
    .where("m.organization_id", "=", orgId)
    .where("m.team_id", "=", teamId)
    .orderBy(sql`lower(u.name)`)
    .execute();
}

export async function countTeams(tx: Tx, orgId: string): Promise<number> {
  const r = await tx
    .selectFrom("teams")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("organization_id", "=", orgId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertTeam(
  tx: Tx,
  row: { orgId: string; label: string; email: string | null; phoneNumber: string | null; schedule: string; main: boolean },
): Promise<string> {
  const r = await tx
    .insertInto("teams")
    .values({
      organization_id: row.orgId,
      label: row.label,
      email: row.email,
      phone_number: row.phoneNumber,
      schedule: row.schedule,
      settings: JSON.stringify({ voiceQueue: false }),
      main: row.main,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateTeam(
  tx: Tx,
  orgId: string,
  teamId: string,
  patch: Partial<{
    label: string;
    email: string | null;
    email_provider: string | null;
    email_valid: boolean;
    phone_number: string | null;
    schedule: string;
    settings: string;
  }>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await tx.updateTable("teams").set(patch).where("organization_id", "=", orgId).where("id", "=", teamId).execute();
}

export async function deleteTeam(tx: Tx, orgId: string, teamId: string): Promise<void> {
  await tx.deleteFrom("teams").where("organization_id", "=", orgId).where("id", "=", teamId).execute();
}

export async function insertMember(tx: Tx, orgId: string, teamId: string, userId: string, teamRole: string): Promise<void> {
  await tx.insertInto("team_members").values({ organization_id: orgId, team_id: teamId, user_id: userId, team_role: teamRole }).execute();
}

export async function updateMemberRole(tx: Tx, orgId: string, teamId: string, userId: string, teamRole: string): Promise<void> {
  await tx
    .updateTable("team_members")
    .set({ team_role: teamRole })
    .where("organization_id", "=", orgId)
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .execute();
}

export async function deleteMember(tx: Tx, orgId: string, teamId: string, userId: string): Promise<void> {
  await tx
    .deleteFrom("team_members")
    .where("organization_id", "=", orgId)
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .execute();
}

/** Locks a team's membership rows so that two concurrent removals cannot both pass a "last admin" check. */
export async function lockMemberships(tx: Tx, orgId: string, teamId: string) {
  return tx
    .selectFrom("team_members")
    .select(["user_id", "team_role"])
    .where("organization_id", "=", orgId)
    .where("team_id", "=", teamId)
    .forUpdate()
    .execute();
}

/** How many teams each of these users belongs to. */
export async function teamCountsOfUsers(tx: Tx, orgId: string, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom("team_members")
    .select(["user_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("organization_id", "=", orgId)
    .where("user_id", "in", userIds)
    .groupBy("user_id")
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

/** Is this address already the organisation's, a user's, or another team's? */
export async function emailInUse(
  tx: Tx,
  orgId: string,
  email: string,
  exceptTeamId?: string,
): Promise<"organization" | "user" | "team" | null> {
  const org = await tx.selectFrom("organizations").select("id").where("id", "=", orgId).where("email", "=", email).executeTakeFirst();
  if (org) return "organization";
  const user = await tx.selectFrom("users").select("id").where("organization_id", "=", orgId).where("email", "=", email).executeTakeFirst();
  if (user) return "user";
  let q = tx.selectFrom("teams").select("id").where("organization_id", "=", orgId).where("email", "=", email);
  if (exceptTeamId) q = q.where("id", "!=", exceptTeamId);
  return (await q.executeTakeFirst()) ? "team" : null;
}
