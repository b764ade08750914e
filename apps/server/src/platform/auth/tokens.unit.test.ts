import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_TTL_SECONDS } from "@relais/shared";
import { createTokenSigner } from "./tokens.ts";

const claims = {
  userId: "7b4c1f0e-58a2-4d0a-9a51-0c6f1f0e2b11",
  orgId: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  sessionId: "5f6e7d8c-9b0a-4c1d-8e2f-3a4b5c6d7e8f",
  role: "user" as const,
};

afterEach(() => vi.useRealTimers());

describe("access tokens", () => {
  it("answers the claims of a token it signed, again and again", async () => {
    const signer = createTokenSigner("a".repeat(64));
    const { jwt } = await signer.sign(claims);
    expect(await signer.verify(jwt)).toEqual(claims);
    expect(await signer.verify(jwt)).toEqual(claims);
  });

  it("refuses a token changed by one character, a token of another secret and garbage", async () => {
    const signer = createTokenSigner("a".repeat(64));
    const { jwt } = await signer.sign(claims);
    await signer.verify(jwt);
    // The signature's first character: its last one also carries two padding bits, which a
    // change may touch alone and leave the same bytes.
    const at = jwt.lastIndexOf(".") + 1;
    const changed = jwt.charAt(at) === "A" ? "B" : "A";
    expect(await signer.verify(jwt.slice(0, at) + changed + jwt.slice(at + 1))).toBeNull();
    const other = await createTokenSigner("b".repeat(64)).sign(claims);
    expect(await signer.verify(other.jwt)).toBeNull();
    expect(await signer.verify("not.a.token")).toBeNull();
  });

  it("refuses a token past its expiry, though it was verified while valid", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T09:00:00Z"));
    const signer = createTokenSigner("a".repeat(64));
    const { jwt } = await signer.sign(claims);
    expect(await signer.verify(jwt)).toEqual(claims);
    vi.setSystemTime(new Date(Date.parse("2026-11-29T09:00:00Z") + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000));
    expect(await signer.verify(jwt)).toEqual(claims);
    vi.setSystemTime(new Date(Date.parse("2026-11-29T09:00:00Z") + ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000));
    expect(await signer.verify(jwt)).toBeNull();
    // And a signer that never saw it refuses it as well.
    expect(await createTokenSigner("a".repeat(64)).verify(jwt)).toBeNull();
  });
});
