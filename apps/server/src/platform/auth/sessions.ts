import { IDLE_TIMEOUT_MS, REFRESH_TOKEN_TTL_DAYS, resolveLocale, ROLES, type Role, type SessionRevokeReason } from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import { AppError } from "../errors.ts";
import { recordEvent } from "../realtime/record-event.ts";
import type { Ctx } from "./ctx.ts";
import type { CachedRows } from "../directory-cache.ts";
import * as repo from "./session-repo.ts";
import { formatOpaqueToken, newSecret, parseOpaqueToken, secretMatches, type TokenSigner } from "./tokens.ts";

/** A refresh token presented again within this long after its rotation is a race, not a theft. */
const REUSE_GRACE_MS = 30_000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

const sessionReplaced = () => new AppError("error.session-replaced", 440);
export const sessionExpired = () => new AppError("error.session-expired", 401);

function toRole(value: string): Role {
  return ROLES.find((r) => r === value) ?? "user";
}

/** Why a revoked session answers as it does: a newer login elsewhere is 440, anything else 401. */
function revokedError(reason: string | null): AppError {
  return reason === "superseded" ? sessionReplaced() : sessionExpired();
}

/**
 * Ends sessions of a user — `only` that one, else every live one but `except` — and announces
 * each (session.revoked, to that user only), so that its open sockets close at once rather than
 * at the hub's next sweep: after a logout, a password change or a stolen refresh token, no
 * patient's text reaches that socket any more. Answers the ids it ended.
 */
export async function endSessions(
  tx: Tx,
  orgId: string,
  userId: string,
  reason: SessionRevokeReason,
  which: { only: string } | { except?: string } = {},
): Promise<string[]> {
  let ended: string[];
  if ("only" in which) ended = (await repo.revokeSession(tx, orgId, which.only, reason)) ? [which.only] : [];
  else ended = await repo.revokeUserSessions(tx, orgId, userId, reason, which.except);
  for (const sessionId of ended) {
    await recordEvent(tx, orgId, { type: "session.revoked", userId, payload: { sessionId, reason } });
  }
  return ended;
}

export type IssuedSession = { sessionId: string; refreshToken: string; jwt: string; expires: number };

/**
 * Opens a session for a user who just proved who they are: revokes every other live session of
 * theirs (one active session per user, spec part 1 §4), then issues the access and refresh tokens.
 * Each revoked session is announced (session.revoked, to that user only), so its open sockets
 * close at once with 4440 and the other tab shows the forced-disconnect dialog.
 */
export async function openSession(
  tx: Tx,
  signer: TokenSigner,
  args: { orgId: string; userId: string; role: Role; currentTeamId: string | null; ip: string; userAgent: string | null },
): Promise<IssuedSession> {
  await endSessions(tx, args.orgId, args.userId, "superseded");
  const sessionId = await repo.insertSession(tx, args);
  const refreshToken = await issueRefreshToken(tx, args.orgId, sessionId);
  const { jwt, expires } = await signer.sign({ userId: args.userId, orgId: args.orgId, sessionId, role: args.role });
  return { sessionId, refreshToken, jwt, expires };
}

async function issueRefreshToken(tx: Tx, orgId: string, sessionId: string): Promise<string> {
  const { secret, hash } = newSecret();
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000);
  const id = await repo.insertRefreshToken(tx, { orgId, sessionId, hash, expiresAt });
  return formatOpaqueToken({ orgId, id, secret });
}

/**
 * Rotates a refresh token: the presented one is spent and a new one issued. A spent token
 * presented again (after a short grace for two tabs racing) means it was copied: the whole
 * session — its family of tokens — is revoked.
 */
export async function rotateRefreshToken(db: Db, signer: TokenSigner, cookie: string | undefined) {
  const parsed = parseOpaqueToken(cookie);
  if (!parsed) throw sessionExpired();
  return withTenant(db, parsed.orgId, async (tx) => {
    const row = await repo.lockRefreshToken(tx, parsed.orgId, parsed.id);
    if (!row || !secretMatches(parsed.secret, row.token_hash)) throw sessionExpired();
    if (row.revoked_at) throw revokedError(row.revoked_reason);
    // A token spent moments ago comes back when two tabs refresh at once, or when a reload cut
    // the answer that carried its successor: it is rotated once more. Later, it was copied.
    const racing = row.used_at !== null && Date.now() - new Date(row.used_at).getTime() <= REUSE_GRACE_MS;
    if (row.used_at && !racing) {
      await endSessions(tx, parsed.orgId, row.user_id, "reuse", { only: row.session_id });
      return { kind: "reused" as const };
    }
    if (new Date(row.expires_at).getTime() < Date.now()) throw sessionExpired();
    if (Date.now() - new Date(row.last_seen_at).getTime() > IDLE_TIMEOUT_MS) {
      await repo.revokeSession(tx, parsed.orgId, row.session_id, "idle");
      return { kind: "idle" as const };
    }
    const user = await tx
      .selectFrom("users")
      .select(["role"])
      .where("organization_id", "=", parsed.orgId)
      .where("id", "=", row.user_id)
      .executeTakeFirst();
    if (!user) throw sessionExpired();
    if (!racing) await repo.markRefreshTokenUsed(tx, parsed.orgId, row.id);
    const refreshToken = await issueRefreshToken(tx, parsed.orgId, row.session_id);
    const access = await signer.sign({ userId: row.user_id, orgId: parsed.orgId, sessionId: row.session_id, role: toRole(user.role) });
    return { kind: "rotated" as const, refreshToken, ...access };
  });
}

/** What a request's session check reads (findSessionForRequest), as the directory cache holds it. */
export type SessionRow = NonNullable<Awaited<ReturnType<typeof repo.findSessionForRequest>>>;

/**
 * Builds the caller's Ctx from a verified access token. The session row is the authority: a
 * token of a revoked session answers 440 (replaced by a newer login) or 401, and a session idle
 * for 12 hours ends here. With a cache, the row comes from memory while no change to it has
 * been heard (directory-cache.ts, decision 0050).
 */
export async function resolveCtx(
  db: Db,
  signer: TokenSigner,
  bearer: string | undefined,
  ip: string,
  cache: CachedRows<SessionRow> | null = null,
): Promise<Ctx> {
  const claims = bearer ? await signer.verify(bearer) : null;
  if (!claims) throw new AppError("error.unauthorized", 401);
  // A read in one round trip, or none from the cache; a write (the rare idle end or the touch
  // once a minute) opens a transaction of its own.
  const load = () => repo.findSessionForRequest(db, claims.orgId, claims.sessionId);
  const row = cache ? await cache.read(claims.orgId, claims.sessionId, load) : await load();
  if (!row || row.user_id !== claims.userId) throw sessionExpired();
  if (row.revoked_at) throw revokedError(row.revoked_reason);
  const idleFor = Date.now() - new Date(row.last_seen_at).getTime();
  if (idleFor > IDLE_TIMEOUT_MS) {
    // The revocation is heard (migration 0028): no cache keeps the session after this.
    await withTenant(db, claims.orgId, (tx) => repo.revokeSession(tx, claims.orgId, row.id, "idle"));
    throw sessionExpired();
  }
  if (idleFor > TOUCH_EVERY_MS) {
    await withTenant(db, claims.orgId, (tx) => repo.touchSession(tx, claims.orgId, row.id));
    // A touch is not announced (it changes nothing a request is checked against): the cached
    // row learns it here, so that this node touches once a minute, not at every request.
    const touchedAt = new Date();
    cache?.update(claims.orgId, row.id, (cached) => ({ ...cached, last_seen_at: touchedAt }));
  }
  return {
    orgId: claims.orgId,
    userId: row.user_id,
    sessionId: row.id,
    // The role of the row, not of the token: a demotion takes effect at the next request.
    role: toRole(row.role),
    teams: row.teams,
    currentTeamId: row.current_team_id,
    locale: resolveLocale(row.locale),
    tierPermissions: row.tier_permissions,
    ip,
  };
}

export { repo as sessionRepo };
