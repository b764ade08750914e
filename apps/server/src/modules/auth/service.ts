import { PASSWORD_RESET_TTL_MINUTES, resolveLocale, type LoginResponse, type SessionResponse, type Team } from "@relais/shared";
import { withTenant, type Tx } from "../../db/database.ts";
import type { AppDeps } from "../../app-deps.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { burnVerification, hashPassword, verifyPassword } from "../../platform/auth/passwords.ts";
import { endSessions, openSession, rotateRefreshToken, sessionExpired, sessionRepo } from "../../platform/auth/sessions.ts";
import { formatOpaqueToken, newSecret, parseOpaqueToken, secretMatches } from "../../platform/auth/tokens.ts";
import { recordAudit } from "../../platform/audit.ts";
import type { CachedRows } from "../../platform/directory-cache.ts";
import { AppError } from "../../platform/errors.ts";
import { translate } from "../../platform/i18n.ts";
import { LIMITS } from "../../platform/rate-limit.ts";
import { loadOrganization, tierPermissions } from "../organizations/index.ts";
import { findTeamFor, teamsOfUser } from "../teams/index.ts";
import { loadCredentials, loadProfile, resetPassword as storeResetPassword } from "../users/index.ts";
import { loginBlock, sessionAbilitiesOf } from "./policy.ts";
import * as repo from "./repo.ts";

const invalidCredentials = () => new AppError("error.invalid-credentials", 401);

/** The session as the web keeps it: profile, current team, organisation. */
async function sessionView(tx: Tx, ctx: Ctx): Promise<SessionResponse> {
  // The tier came with the session row (resolveCtx): no second read.
  const tier = ctx.tierPermissions;
  const [user, organization] = await Promise.all([loadProfile(tx, ctx.orgId, ctx.userId), loadOrganization(tx, ctx.orgId)]);
  let userGroup: Team | null = ctx.currentTeamId ? await findTeamFor(tx, ctx, ctx.currentTeamId) : null;
  if (!userGroup) userGroup = (await teamsOfUser(tx, ctx))[0] ?? null;
  return { user, userGroup, organization, abilities: sessionAbilitiesOf(user.role, tier) };
}

/** What the sign-in services need of the app: the pool, the rate limiter, the token signer, the mailer. */
export type AuthDeps = Pick<AppDeps, "db" | "limiter" | "signer" | "mailer">;

/**
 * POST auth/login. Rate limited per address (every attempt) and per account (failures); the
 * same answer and about the same time whether the email is unknown or the password wrong.
 */
export async function login(
  deps: AuthDeps,
  input: { username: string; password: string },
  client: { ip: string; userAgent: string | null },
): Promise<LoginResponse & { refreshToken: string }> {
  const email = input.username.trim().toLowerCase();
  const accountKey = `login:account:${email}`;
  await deps.limiter.hit(`login:ip:${client.ip}`, LIMITS.loginPerAddress);
  await deps.limiter.check(accountKey, LIMITS.loginFailuresPerAccount);
  const found = await repo.unsafeLookupLogin(deps.db.app, email);
  if (!found) {
    await burnVerification(input.password);
    await deps.limiter.hit(accountKey, LIMITS.loginFailuresPerAccount);
    throw invalidCredentials();
  }
  const orgId = found.organization_id;
  const creds = await withTenant(deps.db.app, orgId, (tx) => loadCredentials(tx, orgId, found.user_id));
  if (!creds || !(await verifyPassword(creds.passwordHash, input.password))) {
    await deps.limiter.hit(accountKey, LIMITS.loginFailuresPerAccount);
    throw invalidCredentials();
  }
  await deps.limiter.reset(accountKey);
  return withTenant(deps.db.app, orgId, async (tx) => {
    const organization = await loadOrganization(tx, orgId);
    const block = loginBlock(creds.profile.role, organization, client.ip, new Date());
    if (block) throw new AppError(block, 403);
    const currentTeamId = creds.teams[0]?.id ?? null;
    const issued = await openSession(tx, deps.signer, {
      orgId,
      userId: creds.profile.id,
      role: creds.profile.role,
      currentTeamId,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    const ctx: Ctx = {
      orgId,
      userId: creds.profile.id,
      sessionId: issued.sessionId,
      role: creds.profile.role,
      teams: creds.teams.map((t) => ({ id: t.id, teamRole: t.teamRole })),
      currentTeamId,
      locale: resolveLocale(creds.profile.locale),
      tierPermissions: await tierPermissions(tx, orgId),
      ip: client.ip,
    };
    await recordAudit(tx, ctx, "login", "session", issued.sessionId, { ip: client.ip });
    const view = await sessionView(tx, ctx);
    return { jwt: issued.jwt, expires: issued.expires, refreshToken: issued.refreshToken, ...view };
  });
}

/** POST auth/refresh: rotates the cookie's token; see rotateRefreshToken for reuse handling. */
export async function refresh(deps: AuthDeps, cookie: string | undefined, ip: string) {
  await deps.limiter.hit(`refresh:ip:${ip}`, LIMITS.refreshPerAddress);
  const result = await rotateRefreshToken(deps.db.app, deps.signer, cookie);
  if (result.kind !== "rotated") throw sessionExpired();
  return result;
}

/** POST auth/logout: ends this session; `revokeAll` ends every session of the user. */
export async function logout(deps: AuthDeps, ctx: Ctx, revokeAll: boolean): Promise<void> {
  await withTenant(deps.db.app, ctx.orgId, async (tx) => {
    await endSessions(tx, ctx.orgId, ctx.userId, "logout", revokeAll ? {} : { only: ctx.sessionId });
    await recordAudit(tx, ctx, "logout", "session", ctx.sessionId, { revokeAll });
  });
}

/**
 * GET auth/profile, read by every page load: from memory while no change to the session, the
 * person, their teams or the organisation is heard (decision 0050), else in one transaction.
 */
export async function getSession(deps: AuthDeps, ctx: Ctx, cache: CachedRows<SessionResponse>): Promise<SessionResponse> {
  const load = () => withTenant(deps.db.app, ctx.orgId, (tx) => sessionView(tx, ctx));
  const view = await cache.read(ctx.orgId, ctx.sessionId, load);
  // sessionView answers a view or throws: nothing comes back empty.
  if (!view) throw sessionExpired();
  return view;
}

/** PUT auth/user-group: the caller works as one of their own teams. */
export async function switchTeam(deps: AuthDeps, ctx: Ctx, teamId: string): Promise<Team> {
  if (!ctx.teams.some((t) => t.id === teamId)) throw new AppError("error.not-member", 403);
  return withTenant(deps.db.app, ctx.orgId, async (tx) => {
    const team = await findTeamFor(tx, ctx, teamId);
    if (!team) throw new AppError("error.not-member", 403);
    await sessionRepo.setSessionTeam(tx, ctx.orgId, ctx.sessionId, teamId);
    return team;
  });
}

/**
 * POST auth/password-forgot: mails a single-use link valid 60 minutes, in the user's language.
 * Answers the same whether or not the email has an account, so it reveals none.
 */
export async function forgotPassword(deps: AuthDeps, email: string, ip: string, publicUrl: string): Promise<void> {
  await deps.limiter.hit(`reset:ip:${ip}`, LIMITS.resetPerAddress);
  await deps.limiter.hit(`reset:account:${email}`, LIMITS.resetPerAccount);
  const found = await repo.unsafeLookupLogin(deps.db.app, email);
  if (!found) return;
  const orgId = found.organization_id;
  const { secret, hash } = newSecret();
  const { profile, id } = await withTenant(deps.db.app, orgId, async (tx) => {
    const profile = await loadProfile(tx, orgId, found.user_id);
    const id = await repo.insertPasswordReset(tx, {
      orgId,
      userId: found.user_id,
      hash,
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    });
    await recordAudit(tx, { orgId, userId: found.user_id }, "request-password-reset", "user", found.user_id, { ip });
    return { profile, id };
  });
  const locale = resolveLocale(profile.locale);
  const link = `${publicUrl}/password-reset?token=${encodeURIComponent(formatOpaqueToken({ orgId, id, secret }))}`;
  await deps.mailer.send({
    to: profile.email,
    subject: translate(locale, "mail.password-reset.subject"),
    text: translate(locale, "mail.password-reset.body", { name: profile.name, link }),
  });
}

/** POST auth/password-reset: a valid, unexpired, unused link sets the password and ends all sessions. */
export async function resetPassword(deps: AuthDeps, token: string, password: string, ip: string): Promise<void> {
  await deps.limiter.hit(`reset:ip:${ip}`, LIMITS.resetPerAddress);
  const parsed = parseOpaqueToken(token);
  const invalid = () => new AppError("error.password-reset-invalid", 400);
  if (!parsed) throw invalid();
  const passwordHash = await hashPassword(password);
  await withTenant(deps.db.app, parsed.orgId, async (tx) => {
    const row = await repo.lockPasswordReset(tx, parsed.orgId, parsed.id);
    if (!row || !secretMatches(parsed.secret, row.token_hash) || row.used_at || new Date(row.expires_at).getTime() < Date.now()) {
      throw invalid();
    }
    await repo.spendPasswordResets(tx, parsed.orgId, row.user_id);
    await storeResetPassword(tx, parsed.orgId, row.user_id, passwordHash);
  });
}
