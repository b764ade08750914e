import { createHash, randomUUID } from "node:crypto";
import { MAILBOX_PROVIDERS, type EmailProvider, type MailboxProvider, type MailboxStatus } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { AppError, forbidden } from "../../platform/errors.ts";
import { setTeamMailbox } from "../teams/index.ts";
import { callbackUrl, type EmailDeps } from "./email-deps.ts";
import { checkImapLogin, checkSmtpLogin } from "./mail-login.ts";
import { authorizationUrl, exchangeCode, newAuthorizationSecrets, revokeToken } from "./oauth-client.ts";
import { canManageMailbox, canReadMailbox } from "./policy.ts";
import { detectProvider, providerSettings, type ProviderSettings } from "./providers.ts";
import * as repo from "./repo.ts";
import { openTokens, sealTokens } from "./token-vault.ts";

/** An authorisation must come back within ten minutes (issue 14 §1). */
const STATE_TTL_MS = 10 * 60_000;

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

/** The team whose mailbox the caller manages: the current one, and only as its administrator. */
function managedTeam(ctx: Ctx): string {
  const teamId = ctx.currentTeamId;
  if (!teamId) throw new AppError("error.email-team-required", 409);
  if (!canManageMailbox(ctx, teamId)) throw forbidden();
  return teamId;
}

function settingsOrRefuse(deps: EmailDeps, type: EmailProvider): ProviderSettings {
  const settings = providerSettings(deps.config, type);
  if (!settings) throw new AppError("error.email-provider-not-configured", 409, { provider: type });
  return settings;
}

/** POST /oauth2/type: Gmail or Outlook, else 422 and the person chooses. */
export async function providerType(deps: EmailDeps, ctx: Ctx, inboxEmail: string): Promise<{ type: EmailProvider }> {
  managedTeam(ctx);
  const type = await detectProvider(inboxEmail, deps.resolveMx);
  if (!type) throw new AppError("error.email-provider-unknown", 422);
  return { type };
}

/**
 * POST /oauth2/{type}: records a single-use authorisation (only the state's hash is kept, with
 * the PKCE verifier and the nonce, for ten minutes) and answers the provider's page. The state
 * starts with the organisation's id so that the public callback knows which tenant to open; the
 * rest is random, and a changed prefix finds no hash.
 */
export async function startAuthorization(deps: EmailDeps, ctx: Ctx, type: EmailProvider, inboxEmail: string): Promise<{ url: string }> {
  const teamId = managedTeam(ctx);
  const settings = settingsOrRefuse(deps, type);
  const secrets = newAuthorizationSecrets(ctx.orgId);
  await withTenant(deps.db, ctx.orgId, async (tx) => {
    const holder = await repo.findAccountByAddress(tx, ctx.orgId, inboxEmail);
    if (holder && holder.team_id !== teamId) throw new AppError("error.email-address-taken", 409);
    await repo.insertOauthState(tx, {
      state_hash: hashState(secrets.state),
      organization_id: ctx.orgId,
      team_id: teamId,
      user_id: ctx.userId,
      provider: type,
      inbox_email: inboxEmail,
      code_verifier: secrets.codeVerifier,
      nonce: secrets.nonce,
      expires_at: new Date(Date.now() + STATE_TTL_MS),
    });
  });
  return { url: await authorizationUrl(settings, callbackUrl(deps.config, type), secrets, inboxEmail) };
}

/** Why a callback ended on the error page; the page names it (`?reason=`). */
type CallbackFailure = "denied" | "state" | "exchange" | "scopes" | "wrong-mailbox" | "login" | "not-configured" | "address-taken";

class CallbackError extends Error {
  constructor(readonly reason: CallbackFailure) {
    super(reason);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The provider's redirect (public): the state is taken once, the code exchanged with the PKCE
 * verifier and the id_token checked (openid-client), the scopes granted must include the mail
 * ones, the signed-in address must be the inbox email asked for, and IMAP and SMTP must each
 * accept one login before anything is saved. Answers the page the popup lands on.
 */
export async function finishAuthorization(
  deps: EmailDeps,
  type: EmailProvider,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  rawQuery: string,
): Promise<string> {
  try {
    await connectFromCallback(deps, type, query, rawQuery);
    return "/verification/success";
  } catch (err) {
    if (!(err instanceof CallbackError)) throw err;
    deps.log.info({ provider: type, reason: err.reason }, "email authorisation refused");
    return `/verification/error/${type}?reason=${err.reason}`;
  }
}

async function connectFromCallback(
  deps: EmailDeps,
  type: EmailProvider,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  rawQuery: string,
): Promise<void> {
  const orgId = query.state?.split(".", 1)[0] ?? "";
  if (!query.state || !UUID.test(orgId)) throw new CallbackError("state");
  const pending = await withTenant(deps.db, orgId, (tx) => repo.takeOauthState(tx, orgId, hashState(query.state ?? "")));
  if (!pending || pending.provider !== type || pending.expires_at.getTime() < Date.now()) throw new CallbackError("state");
  if (query.error) throw new CallbackError("denied");
  const settings = providerSettings(deps.config, type);
  if (!settings) throw new CallbackError("not-configured");

  const redirect = new URL(callbackUrl(deps.config, type));
  redirect.search = rawQuery;
  const secrets = { state: query.state, nonce: pending.nonce, codeVerifier: pending.code_verifier };
  const exchanged = await exchangeCode(settings, redirect, secrets).catch((err: unknown) => {
    deps.log.warn({ err, provider: type }, "email code exchange failed");
    throw new CallbackError("exchange");
  });
  if (!settings.requiredScopes.every((s) => exchanged.scopes.includes(s))) throw new CallbackError("scopes");
  if (exchanged.email !== pending.inbox_email) throw new CallbackError("wrong-mailbox");
  try {
    await checkImapLogin(settings.imap, pending.inbox_email, exchanged.tokens.accessToken);
    await checkSmtpLogin(settings.smtp, pending.inbox_email, exchanged.tokens.accessToken);
  } catch (err) {
    deps.log.warn({ err, provider: type }, "email login check failed");
    throw new CallbackError("login");
  }

  const vault = await deps.vault();
  const accountId = randomUUID();
  const sealed = sealTokens(vault, orgId, accountId, exchanged.tokens);
  await withTenant(deps.db, orgId, async (tx) => {
    const holder = await repo.findAccountByAddress(tx, orgId, pending.inbox_email);
    if (holder && holder.team_id !== pending.team_id) throw new CallbackError("address-taken");
    await repo.saveAccount(tx, {
      id: accountId,
      organization_id: orgId,
      team_id: pending.team_id,
      provider: type,
      address: pending.inbox_email,
      key_id: sealed.keyId,
      wrapped_key: sealed.wrappedKey,
      sealed_tokens: sealed.sealedTokens,
      scopes: exchanged.scopes.join(" "),
      access_expires_at: exchanged.tokens.expiresAt ? new Date(exchanged.tokens.expiresAt) : null,
      connected_by: pending.user_id,
    });
    await setTeamMailbox(tx, orgId, pending.team_id, { email: pending.inbox_email, emailProvider: type, valid: true }).catch(
      (err: unknown) => {
        // An organisation's or a staff member's address cannot be a team's (spec part 2 §5).
        if (err instanceof AppError && err.status === 409) throw new CallbackError("address-taken");
        throw err;
      },
    );
    await recordAudit(tx, { orgId, userId: pending.user_id }, "connect", "mailbox", pending.team_id, { provider: type });
  });
}

/**
 * POST /oauth2/{type}/logout: revokes at the provider where it can (a failure there does not
 * keep the tokens), deletes them, and the team keeps its address with no provider.
 */
export async function disconnect(deps: EmailDeps, ctx: Ctx, type: MailboxProvider, inboxEmail: string): Promise<{ ok: true }> {
  const teamId = managedTeam(ctx);
  const account = await withTenant(deps.db, ctx.orgId, (tx) => repo.findAccountOfTeam(tx, ctx.orgId, teamId));
  if (!account || account.address !== inboxEmail || account.provider !== type) throw new AppError("error.email-not-connected", 404);
  // The sandbox mailbox has no provider to revoke at.
  const settings = type === "Sandbox" ? null : providerSettings(deps.config, type);
  if (settings) {
    try {
      const tokens = openTokens(await deps.vault(), ctx.orgId, account.id, {
        keyId: account.key_id,
        wrappedKey: account.wrapped_key,
        sealedTokens: account.sealed_tokens,
      });
      await revokeToken(settings, tokens.refreshToken ?? tokens.accessToken);
    } catch (err) {
      deps.log.warn({ err, provider: type }, "revoking the mailbox's token failed; deleting it anyway");
    }
  }
  await withTenant(deps.db, ctx.orgId, async (tx) => {
    await repo.deleteAccount(tx, ctx.orgId, account.id);
    await setTeamMailbox(tx, ctx.orgId, teamId, { emailProvider: null, valid: false });
    await recordAudit(tx, ctx, "disconnect", "mailbox", teamId, { provider: type });
  });
  return { ok: true };
}

/** GET /email-sync/mailbox: the current team's mailbox as the Configuration page shows it. */
export async function mailboxStatus(deps: EmailDeps, ctx: Ctx): Promise<MailboxStatus> {
  const teamId = ctx.currentTeamId;
  if (!teamId) throw new AppError("error.email-team-required", 409);
  if (!canReadMailbox(ctx, teamId)) throw forbidden();
  const account = await withTenant(deps.db, ctx.orgId, (tx) => repo.findAccountOfTeam(tx, ctx.orgId, teamId));
  const reason = account?.invalid_reason;
  return {
    teamId,
    email: account?.address ?? null,
    provider: MAILBOX_PROVIDERS.find((p) => p === account?.provider) ?? null,
    connected: Boolean(account),
    valid: account?.valid ?? false,
    invalidReason: reason === "invalid-grant" || reason === "login-refused" || reason === "scopes-missing" ? reason : null,
    abilities: { manage: canManageMailbox(ctx, teamId) },
  };
}
