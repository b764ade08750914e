import {
  canAssignRole,
  isAdministrator,
  ROLES,
  type CreateUserRequest,
  type Profile,
  type Role,
  type UpdateProfileRequest,
  type UserStatus,
  type UserSummary,
} from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords.ts";
import { endSessions } from "../../platform/auth/sessions.ts";
import { recordAudit } from "../../platform/audit.ts";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { uniqueViolation } from "../../platform/pg-errors.ts";
import { addMembershipsOfNewUser, userRemovalProblem } from "../teams/index.ts";
import { allowsMultipleTeams } from "@relais/shared";
import { tierPermissions } from "../organizations/index.ts";
import { canDeleteUser, canUpdateUser } from "./policy.ts";
import { presentProfile, presentUserSummary } from "./presenter.ts";
import * as repo from "./repo.ts";

export async function listUsers(db: Db, ctx: Ctx): Promise<UserSummary[]> {
  const rows = await withTenant(db, ctx.orgId, (tx) => repo.listUsers(tx, ctx.orgId));
  return rows.map((row) => presentUserSummary(row, ctx));
}

async function summary(tx: Tx, ctx: Ctx, userId: string): Promise<UserSummary> {
  const row = await repo.findUser(tx, ctx.orgId, userId);
  if (!row) throw notFound();
  return presentUserSummary(row, ctx);
}

/**
 * POST users: an administrator creates a colleague with a first password and at least one team.
 * Emails name one account across Relais (sign-in is by email alone) and no team's address.
 */
export async function createUser(db: Db, ctx: Ctx, input: CreateUserRequest): Promise<UserSummary> {
  if (!isAdministrator(ctx.role) || !canAssignRole(ctx.role, input.role)) throw forbidden();
  const passwordHash = await hashPassword(input.password);
  try {
    return await withTenant(db, ctx.orgId, async (tx) => {
      if (await repo.teamEmailExists(tx, ctx.orgId, input.email)) throw conflict("error.duplicate-email");
      if (new Set(input.teams.map((t) => t.id)).size > 1 && !allowsMultipleTeams(await tierPermissions(tx, ctx.orgId))) {
        throw new AppError("error.single-team-only", 409);
      }
      const userId = await repo.insertUser(tx, {
        orgId: ctx.orgId,
        name: input.name,
        email: input.email,
        role: input.role,
        locale: input.locale,
        passwordHash,
        settings: JSON.stringify({ allowIncomingCalls: true, audioNotifications: true, phoneNumber: null }),
      });
      await addMembershipsOfNewUser(tx, ctx.orgId, userId, input.teams);
      await recordAudit(tx, ctx, "create", "user", userId, { role: input.role });
      return summary(tx, ctx, userId);
    });
  } catch (err) {
    if (uniqueViolation(err) === "users_email_key") throw conflict("error.duplicate-email");
    throw err;
  }
}

/** The organisation keeps at least one administrator (spec part 2 §5). */
async function assertAdminRemains(tx: Tx, orgId: string, leaving: string) {
  const admins = await repo.lockAdministrators(tx, orgId);
  if (!admins.some((a) => a.id !== leaving)) throw conflict("error.last-org-admin");
}

/** PUT users/{id}: an administrator renames a colleague or changes their role. */
export async function updateUser(db: Db, ctx: Ctx, userId: string, input: { name?: string; role?: Role }): Promise<UserSummary> {
  if (!canUpdateUser(ctx)) throw forbidden();
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await repo.findUser(tx, ctx.orgId, userId);
    if (!row) throw notFound();
    const current = ROLES.find((r) => r === row.role) ?? "user";
    if (input.role && input.role !== current) {
      // Nobody hands out, or takes away, a role above their own.
      if (!canAssignRole(ctx.role, input.role) || !canAssignRole(ctx.role, current)) throw forbidden();
      if (isAdministrator(current) && !isAdministrator(input.role)) await assertAdminRemains(tx, ctx.orgId, userId);
    }
    await repo.updateUser(tx, ctx.orgId, userId, {
      ...(input.name ? { name: input.name } : {}),
      ...(input.role ? { role: input.role } : {}),
    });
    await recordAudit(tx, ctx, "update", "user", userId, { fields: Object.keys(input), role: input.role });
    return summary(tx, ctx, userId);
  });
}

/**
 * DELETE users/{id}: administrators; never oneself, never the last administrator, never a
 * team's last administrator or user. Their sessions go with them.
 */
export async function deleteUser(db: Db, ctx: Ctx, userId: string): Promise<void> {
  if (!isAdministrator(ctx.role)) throw forbidden();
  if (userId === ctx.userId) throw forbidden();
  await withTenant(db, ctx.orgId, async (tx) => {
    const row = await repo.findUser(tx, ctx.orgId, userId);
    if (!row) throw notFound();
    const role = ROLES.find((r) => r === row.role) ?? "user";
    if (!canDeleteUser(ctx, { id: userId, role })) throw forbidden();
    if (isAdministrator(role)) await assertAdminRemains(tx, ctx.orgId, userId);
    const problem = await userRemovalProblem(tx, ctx.orgId, userId);
    if (problem) throw conflict(problem);
    await repo.deleteUser(tx, ctx.orgId, userId);
    await recordAudit(tx, ctx, "delete", "user", userId, { email: row.email });
  });
}

/** The caller's profile inside an open tenant transaction. */
export async function loadProfile(tx: Tx, orgId: string, userId: string): Promise<Profile> {
  const row = await repo.findUser(tx, orgId, userId);
  if (!row) throw notFound();
  return presentProfile(row, orgId);
}

export async function updateProfile(db: Db, ctx: Ctx, input: UpdateProfileRequest): Promise<Profile> {
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await repo.findUser(tx, ctx.orgId, ctx.userId);
    if (!row) throw notFound();
    const patch: Parameters<typeof repo.updateUser>[3] = {};
    if (input.name) patch.name = input.name;
    if (input.locale) patch.locale = input.locale;
    if (input.settings) patch.settings = JSON.stringify({ ...(row.settings as object), ...input.settings });
    await repo.updateUser(tx, ctx.orgId, ctx.userId, patch);
    await recordAudit(tx, ctx, "update-profile", "user", ctx.userId, { fields: Object.keys(input) });
    return loadProfile(tx, ctx.orgId, ctx.userId);
  });
}

export async function setStatus(db: Db, ctx: Ctx, status: UserStatus): Promise<Profile> {
  return withTenant(db, ctx.orgId, async (tx) => {
    await repo.updateUser(tx, ctx.orgId, ctx.userId, { status });
    return loadProfile(tx, ctx.orgId, ctx.userId);
  });
}

/** A changed password ends every other session of the user. */
export async function changePassword(db: Db, ctx: Ctx, currentPassword: string, password: string): Promise<void> {
  const stored = await withTenant(db, ctx.orgId, (tx) => repo.findPasswordHash(tx, ctx.orgId, ctx.userId));
  if (!stored || !(await verifyPassword(stored, currentPassword))) throw new AppError("error.current-password", 400);
  const passwordHash = await hashPassword(password);
  await withTenant(db, ctx.orgId, async (tx) => {
    await repo.updateUser(tx, ctx.orgId, ctx.userId, { password_hash: passwordHash });
    await endSessions(tx, ctx.orgId, ctx.userId, "password", { except: ctx.sessionId });
    await recordAudit(tx, ctx, "change-password", "user", ctx.userId);
  });
}

/** Sets a new password for a user proven by a reset link (auth module); ends all their sessions. In the caller's transaction. */
export async function resetPassword(tx: Tx, orgId: string, userId: string, passwordHash: string): Promise<void> {
  await repo.updateUser(tx, orgId, userId, { password_hash: passwordHash });
  await endSessions(tx, orgId, userId, "password");
  await recordAudit(tx, { orgId, userId }, "reset-password", "user", userId);
}

/** Sign-in data of one user, for the auth module. In the caller's transaction. */
export async function loadCredentials(tx: Tx, orgId: string, userId: string) {
  const row = await repo.findUser(tx, orgId, userId);
  const hash = await repo.findPasswordHash(tx, orgId, userId);
  if (!row || !hash) return null;
  return { profile: presentProfile(row, orgId), passwordHash: hash, teams: row.teams };
}
