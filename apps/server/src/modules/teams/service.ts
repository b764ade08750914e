import {
  allowsMultipleTeams,
  defaultWeekSchedule,
  type MailboxProvider,
  type CreateTeamRequest,
  type Team,
  type TeamDetail,
  type TeamRole,
  type UpdateTeamRequest,
} from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import { readAsTenant } from "../../db/tenant-read.ts";
import type { CachedRows } from "../../platform/directory-cache.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { recordEvent } from "../../platform/realtime/record-event.ts";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { uniqueViolation } from "../../platform/pg-errors.ts";
import { tierPermissions } from "../organizations/index.ts";
import { canCreateTeam, canDeleteTeam, canManageMembers, canUpdateTeam, membershipProblem } from "./policy.ts";
import { presentTeam, presentTeamDetail } from "./presenter.ts";
import * as repo from "./repo.ts";

/** The caller as they stand after a change to `teamId`'s members, for the abilities answered. */
function actorAfter(ctx: Ctx, teamId: string, members: { user_id: string; team_role: string }[]): Ctx {
  const mine = members.find((m) => m.user_id === ctx.userId);
  const others = ctx.teams.filter((t) => t.id !== teamId);
  return { ...ctx, teams: mine ? [...others, { id: teamId, teamRole: mine.team_role === "admin" ? "admin" : "user" }] : others };
}

async function detail(tx: Tx, ctx: Ctx, teamId: string): Promise<TeamDetail> {
  const row = await repo.findTeam(tx, ctx.orgId, teamId);
  if (!row) throw notFound();
  const members = await repo.listMembers(tx, ctx.orgId, teamId);
  return presentTeamDetail(row, members, actorAfter(ctx, teamId, members));
}

/**
 * Tells each user's open sockets that the teams they belong to changed: the hub re-reads their
 * teams before the next event, so a person removed from a team stops receiving its events.
 */
async function announceMembership(tx: Tx, orgId: string, teamId: string, userIds: string[], change: "added" | "removed") {
  for (const userId of userIds) await recordEvent(tx, orgId, { type: "team.membership", userId, payload: { teamId, change } });
}

/** Maps the database's unique constraints onto the catalogue. */
async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err) === "teams_label_key") throw conflict("error.duplicate-group-label");
    throw err;
  }
}

async function assertEmailFree(tx: Tx, orgId: string, email: string | null | undefined, exceptTeamId?: string) {
  if (!email) return;
  const used = await repo.emailInUse(tx, orgId, email, exceptTeamId);
  if (used === "organization" || used === "user") throw conflict("error.team-email-reused");
  if (used === "team") throw conflict("error.duplicate-email");
}

/** An organisation's team rows with their member counts, as the directory cache holds them. */
export type TeamRows = Awaited<ReturnType<typeof repo.listTeams>>;

/** GET user-groups: every team of the organisation (users see teams they do not belong to). */
export async function listTeams(db: Db, ctx: Ctx, cache: CachedRows<TeamRows>): Promise<Team[]> {
  // The team list is read by every screen's team picker: from memory while no change to the
  // organisation's teams or members is heard (decision 0050), else in one round trip.
  const load = () => readAsTenant(db, ctx.orgId, repo.teamsQuery(db, ctx.orgId));
  const rows = (await cache.read(ctx.orgId, ctx.orgId, load)) ?? [];
  return rows.map((r) => presentTeam(r, ctx));
}

/** GET user-groups/belongs: the caller's own teams. */
export async function listMyTeams(db: Db, ctx: Ctx): Promise<Team[]> {
  return withTenant(db, ctx.orgId, (tx) => teamsOfUser(tx, ctx));
}

/** The caller's teams, with their team role, in the caller's transaction. */
export async function teamsOfUser(tx: Tx, ctx: Ctx): Promise<Team[]> {
  const rows = await repo.listTeams(tx, ctx.orgId, ctx.userId);
  return rows.map((r) => presentTeam(r, ctx));
}

export async function getTeam(db: Db, ctx: Ctx, teamId: string): Promise<TeamDetail> {
  return withTenant(db, ctx.orgId, (tx) => detail(tx, ctx, teamId));
}

/** One team as the caller sees it, inside another module's transaction; null if not found. */
export async function findTeamFor(tx: Tx, ctx: Ctx, teamId: string): Promise<Team | null> {
  const row = await repo.findTeam(tx, ctx.orgId, teamId);
  return row ? presentTeam(row, ctx) : null;
}

/** The texting number of a team, for work done with no caller (jobs); null: none or no team. In the caller's transaction. */
export async function teamPhoneOf(tx: Tx, orgId: string, teamId: string): Promise<string | null> {
  const row = await repo.findTeam(tx, orgId, teamId);
  return row?.phone_number ?? null;
}

/**
 * POST user-groups: administrators only. A new team is born with its members, at least one
 * administrator and one user; a single-team plan refuses a second team.
 */
export async function createTeam(db: Db, ctx: Ctx, input: CreateTeamRequest): Promise<TeamDetail> {
  if (!canCreateTeam(ctx)) throw forbidden();
  return guardUnique(() =>
    withTenant(db, ctx.orgId, async (tx) => {
      const count = await repo.countTeams(tx, ctx.orgId);
      if (count > 0 && !allowsMultipleTeams(await tierPermissions(tx, ctx.orgId))) {
        throw new AppError("error.single-team-only", 409);
      }
      const members = dedupeMembers(input.members);
      const problem = membershipProblem(members.map((m) => ({ team_role: m.teamRole })));
      if (problem) throw new AppError(problem, 400);
      await assertEmailFree(tx, ctx.orgId, input.email);
      await assertUsersExist(
        tx,
        ctx.orgId,
        members.map((m) => m.userId),
      );
      const teamId = await repo.insertTeam(tx, {
        orgId: ctx.orgId,
        label: input.label,
        email: input.email ?? null,
        phoneNumber: input.phoneNumber ?? null,
        schedule: JSON.stringify({ week: defaultWeekSchedule() }),
        main: count === 0,
      });
      for (const m of members) await repo.insertMember(tx, ctx.orgId, teamId, m.userId, m.teamRole);
      await recordAudit(tx, ctx, "create", "team", teamId, { label: input.label });
      await announceMembership(
        tx,
        ctx.orgId,
        teamId,
        members.map((m) => m.userId),
        "added",
      );
      return detail(tx, ctx, teamId);
    }),
  );
}

function dedupeMembers(members: { userId: string; teamRole: TeamRole }[]) {
  return [...new Map(members.map((m) => [m.userId, m])).values()];
}

async function assertUsersExist(tx: Tx, orgId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  const found = await tx.selectFrom("users").select("id").where("organization_id", "=", orgId).where("id", "in", userIds).execute();
  if (found.length !== new Set(userIds).size) throw notFound();
}

/** PUT user-groups/{id}: organisation administrators and the team's administrators. */
export async function updateTeam(db: Db, ctx: Ctx, teamId: string, input: UpdateTeamRequest): Promise<TeamDetail> {
  return guardUnique(() =>
    withTenant(db, ctx.orgId, async (tx) => {
      const row = await repo.findTeam(tx, ctx.orgId, teamId, true);
      if (!row) throw notFound();
      if (!canUpdateTeam(ctx, teamId)) throw forbidden();
      if (input.email !== undefined) await assertEmailFree(tx, ctx.orgId, input.email, teamId);
      const patch: Parameters<typeof repo.updateTeam>[3] = {};
      if (input.label !== undefined) patch.label = input.label;
      if (input.email !== undefined && input.email !== row.email) {
        patch.email = input.email;
        // A new address has not been authorised with its provider yet.
        patch.email_valid = false;
      }
      if (input.emailProvider !== undefined) patch.email_provider = input.emailProvider;
      if (input.phoneNumber !== undefined) patch.phone_number = input.phoneNumber;
      if (input.schedule) patch.schedule = JSON.stringify({ week: input.schedule.week });
      if (input.settings) patch.settings = JSON.stringify(input.settings);
      await repo.updateTeam(tx, ctx.orgId, teamId, patch);
      await recordAudit(tx, ctx, "update", "team", teamId, { fields: Object.keys(input) });
      return detail(tx, ctx, teamId);
    }),
  );
}

/**
 * DELETE user-groups/{id}: administrators only; never the main team, and never a team whose
 * removal would leave one of its members in no team at all.
 */
export async function deleteTeam(db: Db, ctx: Ctx, teamId: string): Promise<void> {
  if (!canDeleteTeam(ctx)) throw forbidden();
  await withTenant(db, ctx.orgId, async (tx) => {
    const row = await repo.findTeam(tx, ctx.orgId, teamId, true);
    if (!row) throw notFound();
    if (row.main) throw conflict("error.main-team");
    const members = await repo.lockMemberships(tx, ctx.orgId, teamId);
    const counts = await repo.teamCountsOfUsers(
      tx,
      ctx.orgId,
      members.map((m) => m.user_id),
    );
    if (members.some((m) => (counts.get(m.user_id) ?? 0) <= 1)) throw conflict("error.team-not-empty");
    await repo.deleteTeam(tx, ctx.orgId, teamId);
    await recordAudit(tx, ctx, "delete", "team", teamId, { label: row.label });
    await announceMembership(
      tx,
      ctx.orgId,
      teamId,
      members.map((m) => m.user_id),
      "removed",
    );
  });
}

async function lockedTeamForMembers(tx: Tx, ctx: Ctx, teamId: string) {
  const row = await repo.findTeam(tx, ctx.orgId, teamId, true);
  if (!row) throw notFound();
  if (!canManageMembers(ctx, teamId)) throw new AppError("error.team-admin-only", 403);
  return repo.lockMemberships(tx, ctx.orgId, teamId);
}

/** POST user-groups/{id}/members: only the team's administrator; nobody adds themself. */
export async function addMember(db: Db, ctx: Ctx, teamId: string, userId: string, teamRole: TeamRole): Promise<TeamDetail> {
  return withTenant(db, ctx.orgId, async (tx) => {
    if (userId === ctx.userId) throw new AppError("error.cannot-join-self", 403);
    const members = await lockedTeamForMembers(tx, ctx, teamId);
    if (members.some((m) => m.user_id === userId)) throw conflict("error.already-member");
    await assertUsersExist(tx, ctx.orgId, [userId]);
    await repo.insertMember(tx, ctx.orgId, teamId, userId, teamRole);
    await recordAudit(tx, ctx, "add-member", "team", teamId, { userId, teamRole });
    await announceMembership(tx, ctx.orgId, teamId, [userId], "added");
    return detail(tx, ctx, teamId);
  });
}

/** PUT user-groups/{id}/members/{userId}: change a member's team role, keeping one of each. */
export async function changeMemberRole(db: Db, ctx: Ctx, teamId: string, userId: string, teamRole: TeamRole): Promise<TeamDetail> {
  return withTenant(db, ctx.orgId, async (tx) => {
    const members = await lockedTeamForMembers(tx, ctx, teamId);
    if (!members.some((m) => m.user_id === userId)) throw notFound();
    const after = members.map((m) => (m.user_id === userId ? { ...m, team_role: teamRole } : m));
    const problem = membershipProblem(after);
    if (problem) throw conflict(problem);
    await repo.updateMemberRole(tx, ctx.orgId, teamId, userId, teamRole);
    await recordAudit(tx, ctx, "change-member-role", "team", teamId, { userId, teamRole });
    return detail(tx, ctx, teamId);
  });
}

/**
 * DELETE user-groups/{id}/members/{userId}: the team keeps an administrator and a user, and
 * the person keeps at least one team.
 */
export async function removeMember(db: Db, ctx: Ctx, teamId: string, userId: string): Promise<TeamDetail> {
  return withTenant(db, ctx.orgId, async (tx) => {
    const members = await lockedTeamForMembers(tx, ctx, teamId);
    if (!members.some((m) => m.user_id === userId)) throw notFound();
    const problem = membershipProblem(members.filter((m) => m.user_id !== userId));
    if (problem) throw conflict(problem);
    const counts = await repo.teamCountsOfUsers(tx, ctx.orgId, [userId]);
    if ((counts.get(userId) ?? 0) <= 1) throw conflict("error.user-needs-team");
    await repo.deleteMember(tx, ctx.orgId, teamId, userId);
    await recordAudit(tx, ctx, "remove-member", "team", teamId, { userId });
    await announceMembership(tx, ctx.orgId, teamId, [userId], "removed");
    return detail(tx, ctx, teamId);
  });
}

/**
 * Before a user is deleted: would any of their teams lose its last administrator or user?
 * Answers the catalogue key of the first rule broken, or null. Locks the memberships read.
 * In the caller's transaction.
 */
export async function userRemovalProblem(tx: Tx, orgId: string, userId: string) {
  const teams = await tx
    .selectFrom("team_members")
    .select("team_id")
    .where("organization_id", "=", orgId)
    .where("user_id", "=", userId)
    .execute();
  for (const { team_id } of teams) {
    const members = await repo.lockMemberships(tx, orgId, team_id);
    const problem = membershipProblem(members.filter((m) => m.user_id !== userId));
    if (problem) return problem;
  }
  return null;
}

/** Inserts a new user's memberships (users module), checking every team exists. In the caller's transaction. */
export async function addMembershipsOfNewUser(tx: Tx, orgId: string, userId: string, teams: { id: string; teamRole: TeamRole }[]) {
  const all = await repo.listTeams(tx, orgId);
  const known = new Set(all.map((t) => t.id));
  if (teams.some((t) => !known.has(t.id))) throw notFound();
  for (const t of dedupeTeams(teams)) await repo.insertMember(tx, orgId, t.id, userId, t.teamRole);
}

function dedupeTeams(teams: { id: string; teamRole: TeamRole }[]) {
  return [...new Map(teams.map((t) => [t.id, t])).values()];
}

/**
 * The team's mailbox fields as the email module sets them on connect, disconnect and when a
 * token stops working (issue 14): the address must not be an organisation's or a staff member's
 * email, nor another team's.
 */
export async function setTeamMailbox(
  tx: Tx,
  orgId: string,
  teamId: string,
  fields: { email?: string; emailProvider?: MailboxProvider | null; valid: boolean },
): Promise<void> {
  if (fields.email !== undefined) await assertEmailFree(tx, orgId, fields.email, teamId);
  await repo.updateTeam(tx, orgId, teamId, {
    ...(fields.email !== undefined ? { email: fields.email } : {}),
    ...(fields.emailProvider !== undefined ? { email_provider: fields.emailProvider } : {}),
    email_valid: fields.valid,
  });
}
