import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { ACCESS_TOKEN_TTL_SECONDS, ROLES, keepUpTo, type Role } from "@relais/shared";

type AccessClaims = { userId: string; orgId: string; sessionId: string; role: Role };

export type TokenSigner = {
  sign: (claims: AccessClaims) => Promise<{ jwt: string; expires: number }>;
  verify: (jwt: string) => Promise<AccessClaims | null>;
};

/** Tokens whose signature was checked, kept to their expiry; far above a deployment's signed-in staff. */
const MAX_VERIFIED = 20_000;

/**
 * HS256 access tokens, 15 minutes. The session row stays the authority: see guard.ts.
 *
 * A token once verified is known by its exact text until it expires: the same bytes carry the
 * same signature, so checking it again at every request (WebCrypto's HMAC, a tenth of a team
 * list's CPU, decision 0050) learns nothing new. Only its expiry is checked again.
 */
export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  const remember = (jwt: string, claims: AccessClaims, expiresAt: number) => keepUpTo(verified, MAX_VERIFIED, jwt, { claims, expiresAt });
  return {
    async sign(claims) {
      const expires = Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
      const jwt = await new SignJWT({ org: claims.orgId, sid: claims.sessionId, role: claims.role })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime(expires)
        .setAudience("relais")
        .sign(key);
      return { jwt, expires: expires * 1000 };
    },
    async verify(jwt) {
      const known = verified.get(jwt);
      if (known) {
        if (Date.now() < known.expiresAt) return known.claims;
        verified.delete(jwt);
        return null;
      }
      try {
        const { payload } = await jwtVerify(jwt, key, { algorithms: ["HS256"], audience: "relais" });
        const role = ROLES.find((r) => r === payload["role"]);
        const org = payload["org"];
        const sid = payload["sid"];
        if (!payload.sub || typeof org !== "string" || typeof sid !== "string" || !role || typeof payload.exp !== "number") return null;
        const claims = { userId: payload.sub, orgId: org, sessionId: sid, role };
        remember(jwt, claims, payload.exp * 1000);
        return claims;
      } catch {
        return null;
      }
    },
  };
}

/**
 * An opaque bearer secret for cookies and emailed links: `<orgId>.<rowId>.<secret>`. The
 * organisation part only routes the lookup to the right tenant; the row is trusted only when
 * the secret's SHA-256 matches the stored hash.
 */
export type OpaqueToken = { orgId: string; id: string; secret: string };

export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString("base64url");
  return { secret, hash: sha256(secret) };
}

export function formatOpaqueToken(t: OpaqueToken): string {
  return `${t.orgId}.${t.id}.${t.secret}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseOpaqueToken(value: string | undefined): OpaqueToken | null {
  const parts = (value ?? "").split(".");
  if (parts.length !== 3) return null;
  const [orgId, id, secret] = parts as [string, string, string];
  if (!UUID.test(orgId) || !UUID.test(id) || secret.length < 20 || secret.length > 100) return null;
  return { orgId, id, secret };
}

function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(sha256(secret), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
