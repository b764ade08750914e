import { createPublicKey, verify } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

/**
 * A real OAuth 2 / OpenID Connect server for the email tests (oauth2-mock-server): discovery,
 * authorisation with PKCE, code and refresh grants, signed id_tokens, revocation. What the
 * library leaves stateless is kept here: which mailbox signs in, which scopes are granted, which
 * refresh tokens are refused (`invalid_grant`) and which grants were revoked. Its /userinfo is
 * the introspection endpoint of the test dovecot and SMTP server, so an IMAP or SMTP login with
 * XOAUTH2 is really checked against this server's signature, expiry and revocations.
 */
export type MockOAuth = {
  issuer: string;
  /** The mailbox the next authorisation signs in as (the person's choice in the provider's page). */
  signInAs: (email: string) => void;
  /** The scopes the next authorisation grants; null: every scope asked for. */
  grantScopes: (scopes: string | null) => void;
  /** Every later refresh of this mailbox's grants answers invalid_grant. */
  failRefresh: (email: string) => void;
  /** Every access token of this mailbox, old or fresh, is refused at IMAP and SMTP from now on. */
  refuseTokensOf: (email: string) => void;
  /** The email of a valid access token, or null (bad signature, expired, revoked). */
  check: (accessToken: string) => string | null;
  /** An access token for `email` that IMAP and SMTP accept, for a test that reads a mailbox itself. */
  tokenFor: (email: string) => Promise<string>;
  /** The tokens posted to /revoke, in order. */
  revocations: string[];
  /** The parameters of every /authorize request. */
  authorizations: URLSearchParams[];
  stop: () => Promise<void>;
};

type Grant = { email: string; scope: string; refusedAfter?: number };

function formOf(req: IncomingMessage): Record<string, unknown> {
  return (req as IncomingMessage & { body?: Record<string, unknown> }).body ?? {};
}

export async function startMockOAuth(): Promise<MockOAuth> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const issuer = server.issuer.url ?? "";
  const service = server.service;

  let signedInAs = "nobody@example.test";
  let granted: string | null = null;
  const codes = new Map<string, Grant>();
  const refreshes = new Map<string, Grant>();
  const failing = new Set<string>();
  const refusedBefore = new Map<string, number>();
  const refused = new Set<string>();
  const revocations: string[] = [];
  const authorizations: URLSearchParams[] = [];

  service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: IncomingMessage) => {
    const asked = new URL(req.url ?? "/", issuer).searchParams;
    authorizations.push(asked);
    const code = redirect.url.searchParams.get("code");
    if (code) codes.set(code, { email: signedInAs, scope: granted ?? asked.get("scope") ?? "" });
  });

  const grantOf = (req: IncomingMessage): Grant | undefined => {
    const form = formOf(req);
    if (form.grant_type === "authorization_code") return codes.get(String(form.code));
    if (form.grant_type === "refresh_token") return refreshes.get(String(form.refresh_token));
    return undefined;
  };

  service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }, req: IncomingMessage) => {
    const grant = grantOf(req);
    if (grant) token.payload.email = grant.email;
  });

  service.on("beforeResponse", (response: { body: Record<string, unknown>; statusCode: number }, req: IncomingMessage) => {
    const form = formOf(req);
    const grant = grantOf(req);
    if (form.grant_type === "refresh_token" && (!grant || failing.has(grant.email))) {
      response.statusCode = 400;
      response.body = { error: "invalid_grant", error_description: "Token has been expired or revoked." };
      return;
    }
    if (!grant) return;
    if (form.grant_type === "authorization_code") codes.delete(String(form.code));
    response.body.scope = grant.scope;
    if (typeof response.body.refresh_token === "string") refreshes.set(response.body.refresh_token, grant);
  });

  // The revoked token arrives in the body, which the library does not read: read it here.
  service.on("beforeRevoke", (_response: unknown, req: IncomingMessage) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const token = new URLSearchParams(body).get("token");
      if (!token) return;
      revocations.push(token);
      const grant = refreshes.get(token);
      if (grant) {
        refreshes.delete(token);
        refusedBefore.set(grant.email, Date.now() + 1000);
      }
    });
  });

  const check = (accessToken: string): string | null => {
    const [head, payload, signature] = accessToken.split(".");
    if (!head || !payload || !signature) return null;
    const header = JSON.parse(Buffer.from(head, "base64url").toString()) as { kid?: string };
    const jwk = server.issuer.keys.get(header.kid);
    if (!jwk) return null;
    const publicKey = createPublicKey({ key: { kty: jwk.kty, n: jwk.n, e: jwk.e }, format: "jwk" });
    if (!verify("RSA-SHA256", Buffer.from(`${head}.${payload}`), publicKey, Buffer.from(signature, "base64url"))) return null;
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { email?: string; exp?: number; iat?: number; iss?: string };
    if (!claims.email || claims.iss !== issuer || !claims.exp || claims.exp * 1000 < Date.now()) return null;
    if (refused.has(claims.email)) return null;
    const revokedAt = refusedBefore.get(claims.email);
    if (revokedAt !== undefined && (claims.iat ?? 0) * 1000 < revokedAt) return null;
    return claims.email;
  };

  // Dovecot's oauth2 passdb (introspection_mode = auth) and the SMTP server ask here.
  service.on("beforeUserinfo", (response: { body: Record<string, unknown>; statusCode: number }, req: IncomingMessage) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const email = bearer ? check(bearer) : null;
    if (!email) {
      response.statusCode = 401;
      response.body = { error: "invalid_token" };
      return;
    }
    response.body = { sub: email, email, active: "true" };
  });

  return {
    issuer,
    signInAs: (email) => void (signedInAs = email.toLowerCase()),
    grantScopes: (scopes) => void (granted = scopes),
    failRefresh: (email) => void failing.add(email.toLowerCase()),
    refuseTokensOf: (email) => void refused.add(email.toLowerCase()),
    check,
    tokenFor: (email) =>
      server.issuer.buildToken({ scopesOrTransform: (_header, payload) => void Object.assign(payload, { email: email.toLowerCase() }) }),
    revocations,
    authorizations,
    stop: () => server.stop(),
  };
}
