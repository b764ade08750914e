import twilio from "twilio";

/** The Voice JS SDK's token lives an hour; the browser refreshes it before (VOICE.md §6: 20104 / 31205 refresh it too). */
export const VOICE_TOKEN_TTL_SECONDS = 3600;

export type VoiceTokenOptions = {
  accountSid: string;
  /** An API key of the account (SK…) and its secret: the token is signed with them, never with the auth token. */
  apiKeySid: string;
  apiKeySecret: string;
  /** The TwiML App (AP…) whose voice URL is /api/webhooks/twilio/voice/incoming. */
  twimlAppSid: string;
  ttlSeconds?: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The client identity of a staff member: letters, digits and `_` only (VOICE.md §4; Twilio
 * mangles other characters in `client:` addresses), derived from the user id alone so that the
 * webhook of a browser leg finds the person again with `userIdOfIdentity`.
 */
export function identityOf(userId: string): string {
  if (!UUID.test(userId)) throw new Error("voice identity: a user id is a UUID");
  return `u_${userId.replaceAll("-", "").toLowerCase()}`;
}

/** The user id of a `client:u_…` address or a bare identity, or null when it is not one of ours. */
export function userIdOfIdentity(address: string): string | null {
  const m = /^(?:client:)?u_([0-9a-f]{32})$/.exec(address);
  if (!m?.[1]) return null;
  const h = m[1];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A Voice JS SDK access token: outgoing calls through the TwiML App only. `incomingAllow` is
 * false because Relais rings browsers itself over its socket (VOICE.md §1): a browser never
 * receives a call from Twilio, it joins the call's room when its person answers.
 */
export function voiceAccessToken(opts: VoiceTokenOptions, userId: string): { jwt: string; expiresAt: string } {
  const token = new twilio.jwt.AccessToken(opts.accountSid, opts.apiKeySid, opts.apiKeySecret, {
    identity: identityOf(userId),
    ttl: opts.ttlSeconds ?? VOICE_TOKEN_TTL_SECONDS,
  });
  token.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: opts.twimlAppSid, incomingAllow: false }));
  const jwt = token.toJwt();
  // The SDK dates the token with its own clock: the expiry is read back from it, not recomputed.
  const payload = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as { exp: number };
  return { jwt, expiresAt: new Date(payload.exp * 1000).toISOString() };
}
