import * as oidc from "openid-client";
import type { EmailTokens } from "./token-vault.ts";
import type { ProviderSettings } from "./providers.ts";

/**
 * The OAuth 2 / OpenID Connect side of a provider (openid-client): the authorisation URL with
 * PKCE (S256), state, nonce and login_hint; the code exchange that checks them and the id_token;
 * refresh (a rotated refresh token is kept); revocation.
 */

const configurations = new Map<string, Promise<oidc.Configuration>>();

/** The provider's discovered configuration, fetched once per issuer and client; plain http only on loopback (tests). */
function configurationOf(p: ProviderSettings): Promise<oidc.Configuration> {
  const key = `${p.issuer} ${p.clientId}`;
  let found = configurations.get(key);
  if (!found) {
    const issuer = new URL(p.issuer);
    const loopback = issuer.protocol === "http:" && (issuer.hostname === "127.0.0.1" || issuer.hostname === "localhost");
    found = oidc.discovery(issuer, p.clientId, p.clientSecret, undefined, loopback ? { execute: [oidc.allowInsecureRequests] } : {});
    // A failed discovery (network) is tried again next time, not remembered.
    found.catch(() => configurations.delete(key));
    configurations.set(key, found);
  }
  return found;
}

export type AuthorizationSecrets = { state: string; nonce: string; codeVerifier: string };

export function newAuthorizationSecrets(statePrefix: string): AuthorizationSecrets {
  return { state: `${statePrefix}.${oidc.randomState()}`, nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
}

/** The provider's authorisation page for the popup. */
export async function authorizationUrl(
  p: ProviderSettings,
  redirectUri: string,
  secrets: AuthorizationSecrets,
  loginHint: string,
): Promise<string> {
  const config = await configurationOf(p);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: "code",
    scope: p.scopes.join(" "),
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
    code_challenge_method: "S256",
    login_hint: loginHint,
    ...p.authParams,
  });
  return url.href;
}

export type Exchanged = { tokens: EmailTokens; scopes: string[]; email: string | null };

function tokensOf(res: oidc.TokenEndpointResponse, previousRefresh: string | null): EmailTokens {
  return {
    accessToken: res.access_token,
    refreshToken: res.refresh_token ?? previousRefresh,
    expiresAt: typeof res.expires_in === "number" ? Date.now() + res.expires_in * 1000 : null,
  };
}

/**
 * Exchanges the callback's code: openid-client checks the state, sends the PKCE verifier, and
 * checks the id_token (signature, issuer, audience, nonce). Answers the tokens, the scopes
 * granted and the id_token's email.
 */
export async function exchangeCode(p: ProviderSettings, callbackUrl: URL, secrets: AuthorizationSecrets): Promise<Exchanged> {
  const config = await configurationOf(p);
  const res = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: secrets.codeVerifier,
    expectedState: secrets.state,
    expectedNonce: secrets.nonce,
    idTokenExpected: true,
  });
  const claims = res.claims();
  const email = typeof claims?.email === "string" ? claims.email.toLowerCase() : null;
  return { tokens: tokensOf(res, null), scopes: (res.scope ?? "").split(/\s+/).filter(Boolean), email };
}

/** Revokes a token where the provider has a revocation endpoint (Google does; Microsoft has none). */
export async function revokeToken(p: ProviderSettings, token: string): Promise<void> {
  const config = await configurationOf(p);
  if (!config.serverMetadata().revocation_endpoint) return;
  await oidc.tokenRevocation(config, token);
}

/** The provider refused the refresh token (revoked, expired, password changed): only a new authorisation helps. */
export class InvalidGrantError extends Error {
  constructor() {
    super("invalid_grant");
  }
}

/**
 * A new access token from the refresh token; a refresh token the provider rotates comes back and
 * replaces the old one (the caller saves it). InvalidGrantError for `invalid_grant`; any other
 * failure (network, 5xx) is thrown as it is, to be tried again later.
 */
export async function refreshTokens(p: ProviderSettings, refreshToken: string): Promise<EmailTokens> {
  const config = await configurationOf(p);
  try {
    return tokensOf(await oidc.refreshTokenGrant(config, refreshToken), refreshToken);
  } catch (err) {
    if (err instanceof oidc.ResponseBodyError && err.error === "invalid_grant") throw new InvalidGrantError();
    throw err;
  }
}
