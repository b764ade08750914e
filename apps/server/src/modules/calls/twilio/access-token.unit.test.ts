import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { identityOf, userIdOfIdentity, voiceAccessToken, VOICE_TOKEN_TTL_SECONDS } from "./access-token.ts";

const opts = {
  accountSid: "AC0123456789abcdef0123456789abcdef",
  apiKeySid: "SK0123456789abcdef0123456789abcdef",
  apiKeySecret: "voice-api-key-secret-for-tests-only",
  twimlAppSid: "AP0123456789abcdef0123456789abcdef",
};
const userId = "3f2b8c1e-9a4d-4c6b-8e7f-0a1b2c3d4e5f";

/** The three parts of a JWT, decoded by hand so the test does not trust the SDK that wrote it. */
function decode(jwt: string) {
  const [header, payload, signature] = jwt.split(".");
  const json = (part: string | undefined) => JSON.parse(Buffer.from(part ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
  return { header: json(header), payload: json(payload), signed: `${header}.${payload}`, signature };
}

describe("voice identity", () => {
  it("is letters, digits and _ only, and gives the user id back", () => {
    const identity = identityOf(userId);
    expect(identity).toBe("u_3f2b8c1e9a4d4c6b8e7f0a1b2c3d4e5f");
    expect(identity).toMatch(/^\w+$/);
    expect(userIdOfIdentity(`client:${identity}`)).toBe(userId);
    expect(userIdOfIdentity(identity)).toBe(userId);
  });

  it("refuses what is not a user id, and reads nothing from a foreign address", () => {
    expect(() => identityOf("alice@example.test")).toThrow();
    expect(userIdOfIdentity("client:alice")).toBeNull();
    expect(userIdOfIdentity("+15145550100")).toBeNull();
    expect(userIdOfIdentity("client:u_3f2b8c1e9a4d4c6b8e7f0a1b2c3d4e5f0")).toBeNull();
  });
});

describe("voice access token", () => {
  it("is signed with the API key secret (HS256), issued by the key for the account, with the identity and an outgoing-only voice grant", () => {
    const before = Math.floor(Date.now() / 1000);
    const { jwt, expiresAt } = voiceAccessToken(opts, userId);
    const { header, payload, signed, signature } = decode(jwt);
    expect(header).toMatchObject({ alg: "HS256", typ: "JWT", cty: "twilio-fpa;v=1" });
    expect(signature).toBe(createHmac("sha256", opts.apiKeySecret).update(signed).digest("base64url"));
    expect(payload).toMatchObject({
      iss: opts.apiKeySid,
      sub: opts.accountSid,
      grants: {
        identity: "u_3f2b8c1e9a4d4c6b8e7f0a1b2c3d4e5f",
      },
    });
    // No `incoming` at all: the SDK writes the grant only when it allows (incomingAllow false), so no browser is rung by Twilio.
    expect((payload["grants"] as Record<string, unknown>)["voice"]).toEqual({ outgoing: { application_sid: opts.twimlAppSid } });
    const exp = payload["exp"] as number;
    expect(exp - (payload["iat"] as number)).toBe(VOICE_TOKEN_TTL_SECONDS);
    expect(exp).toBeGreaterThanOrEqual(before + VOICE_TOKEN_TTL_SECONDS);
    expect(expiresAt).toBe(new Date(exp * 1000).toISOString());
  });

  it("takes another lifetime when one is set", () => {
    const { payload } = decode(voiceAccessToken({ ...opts, ttlSeconds: 600 }, userId).jwt);
    expect((payload["exp"] as number) - (payload["iat"] as number)).toBe(600);
  });

  it("is not valid under another secret", () => {
    const { signed, signature } = decode(voiceAccessToken(opts, userId).jwt);
    expect(signature).not.toBe(createHmac("sha256", "another-secret").update(signed).digest("base64url"));
  });
});
