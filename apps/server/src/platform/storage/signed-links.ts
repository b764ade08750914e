import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Time-limited links to one resource, for callers that hold no session: Twilio fetching the
 * MediaUrl of an outbound MMS, the phone simulator showing what it received. The signature is an
 * HMAC-SHA256 over the id and the expiry, keyed by a key derived from the server secret for this
 * purpose only, so a link can be neither forged nor stretched, and rotating the secret voids them.
 */
export type LinkSigner = {
  /** `exp` in seconds since the epoch, `sig` in base64url. */
  sign: (id: string, nowMs?: number) => { exp: number; sig: string };
  /** "invalid" when the signature does not match (checked first, so a forger learns nothing more). */
  verify: (id: string, exp: number, sig: string, nowMs?: number) => "valid" | "expired" | "invalid";
};

/** Twilio fetches a MediaUrl within seconds; a day leaves the simulator time to show what it received. */
export const MEDIA_LINK_TTL_SECONDS = 24 * 60 * 60;

export function createLinkSigner(secret: string, purpose: string, ttlSeconds: number): LinkSigner {
  const key = Buffer.from(hkdfSync("sha256", secret, "relais-signed-links", purpose, 32));
  const mac = (id: string, exp: number) => createHmac("sha256", key).update(`${id}.${exp}`).digest();
  return {
    sign(id, nowMs = Date.now()) {
      const exp = Math.floor(nowMs / 1000) + ttlSeconds;
      return { exp, sig: mac(id, exp).toString("base64url") };
    },
    verify(id, exp, sig, nowMs = Date.now()) {
      // Compared as text: only the one canonical spelling of the signature is accepted.
      const given = Buffer.from(sig);
      const expected = Buffer.from(mac(id, exp).toString("base64url"));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      return exp * 1000 < nowMs ? "expired" : "valid";
    },
  };
}
