import { withTenant } from "../../db/database.ts";
import { setTeamMailbox } from "../teams/index.ts";
import type { EmailDeps } from "./email-deps.ts";
import { InvalidGrantError, refreshTokens } from "./oauth-client.ts";
import { providerSettings, type ProviderSettings } from "./providers.ts";
import type { AccountRow } from "./repo.ts";
import * as syncRepo from "./sync-repo.ts";
import { openTokens, sealTokens } from "./token-vault.ts";

/** A token used this close to its expiry is refreshed first: a sync must not end half-way. */
const EXPIRY_MARGIN_MS = 2 * 60_000;

/** Why a mailbox stopped working; the web shows the reconnect dialog for it. */
type InvalidReason = "invalid-grant" | "login-refused";

export type MailboxAccess = {
  account: AccountRow;
  settings: ProviderSettings;
  accessToken: string;
  /** Obtained just now: a login it fails is the provider refusing the mailbox, not an old token. */
  fresh: boolean;
};

/**
 * The mailbox's access token, refreshed under the row's lock when it is near its end or when
 * `force` (a login refused an older one): a second sync or send waiting on the lock then finds the
 * new one. A refresh token the provider rotated is saved with it, in the same transaction.
 * `invalid_grant` marks the mailbox not valid and answers null; a network failure is thrown.
 */
export async function mailboxAccess(deps: EmailDeps, orgId: string, accountId: string, force = false): Promise<MailboxAccess | null> {
  const vault = await deps.vault();
  return withTenant(deps.db, orgId, async (tx) => {
    const account = await syncRepo.findAccount(tx, orgId, accountId, "wait");
    if (!account?.valid) return null;
    // The sandbox mailbox has no token: it is never refreshed here.
    const provider = account.provider === "Outlook" || account.provider === "Gmail" ? account.provider : null;
    const settings = provider ? providerSettings(deps.config, provider) : null;
    if (!settings) return null;
    const sealed = { keyId: account.key_id, wrappedKey: account.wrapped_key, sealedTokens: account.sealed_tokens };
    const tokens = openTokens(vault, orgId, account.id, sealed);
    const stillGood = tokens.expiresAt === null || tokens.expiresAt > Date.now() + EXPIRY_MARGIN_MS;
    if (!force && stillGood) return { account, settings, accessToken: tokens.accessToken, fresh: false };
    if (!tokens.refreshToken) {
      await invalidate(tx, account, "invalid-grant");
      return null;
    }
    try {
      const renewed = await refreshTokens(settings, tokens.refreshToken);
      const resealed = sealTokens(vault, orgId, account.id, renewed);
      await syncRepo.saveTokens(tx, orgId, account.id, resealed, renewed.expiresAt ? new Date(renewed.expiresAt) : null);
      return { account, settings, accessToken: renewed.accessToken, fresh: true };
    } catch (err) {
      if (!(err instanceof InvalidGrantError)) throw err;
      await invalidate(tx, account, "invalid-grant");
      deps.log.info({ orgId, accountId }, "mailbox refresh refused (invalid_grant): not valid until reconnected");
      return null;
    }
  });
}

async function invalidate(tx: Parameters<typeof syncRepo.markInvalid>[0], account: AccountRow, reason: InvalidReason): Promise<void> {
  await syncRepo.markInvalid(tx, account.organization_id, account.id, reason);
  await setTeamMailbox(tx, account.organization_id, account.team_id, { valid: false });
}

/** A login refused with a token obtained just now: the mailbox is not valid until reconnected. */
export async function markLoginRefused(deps: EmailDeps, account: AccountRow): Promise<void> {
  await withTenant(deps.db, account.organization_id, (tx) => invalidate(tx, account, "login-refused"));
  deps.log.info({ orgId: account.organization_id, accountId: account.id }, "mailbox login refused with a fresh token: not valid");
}
