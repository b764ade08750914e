import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadVaultKeys, openTokens, sealTokens, type VaultKeys } from "./token-vault.ts";

const tokens = { accessToken: "ya29.access-secret", refreshToken: "1//refresh-secret", expiresAt: 1_900_000_000_000 };
const vault = (id: string, key = randomBytes(32)): VaultKeys => ({ currentId: id, keys: new Map([[id, key]]) });
const org = randomUUID();
const account = randomUUID();

describe("the token vault", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("opens what it sealed, and the sealed bytes hold no token in clear", () => {
    const v = vault("k1");
    const sealed = sealTokens(v, org, account, tokens);
    expect(openTokens(v, org, account, sealed)).toEqual(tokens);
    const stored = Buffer.concat([sealed.wrappedKey, sealed.sealedTokens]).toString("latin1");
    expect(stored).not.toContain("access-secret");
    expect(stored).not.toContain("refresh-secret");
  });

  it("seals each row under a key of its own", () => {
    const v = vault("k1");
    const a = sealTokens(v, org, account, tokens);
    const b = sealTokens(v, org, account, tokens);
    expect(a.wrappedKey.equals(b.wrappedKey)).toBe(false);
    expect(a.sealedTokens.equals(b.sealedTokens)).toBe(false);
  });

  it("refuses a seal moved to another row or organisation, or altered", () => {
    const v = vault("k1");
    const sealed = sealTokens(v, org, account, tokens);
    expect(() => openTokens(v, org, randomUUID(), sealed)).toThrow();
    expect(() => openTokens(v, randomUUID(), account, sealed)).toThrow();
    const altered = Buffer.from(sealed.sealedTokens);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    expect(() => openTokens(v, org, account, { ...sealed, sealedTokens: altered })).toThrow();
  });

  it("opens rows of an older key after rotation and seals new ones under the new id", async () => {
    const oldKey = randomBytes(32);
    const before = sealTokens(vault("k1", oldKey), org, account, tokens);
    const rotated = await loadVaultKeys({
      EMAIL_TOKEN_KEY: randomBytes(32).toString("base64"),
      EMAIL_TOKEN_KEY_ID: "k2",
      EMAIL_TOKEN_OLD_KEYS: `k1:${oldKey.toString("base64")}`,
      DATA_DIR: "/nonexistent",
    });
    expect(openTokens(rotated, org, account, before)).toEqual(tokens);
    expect(sealTokens(rotated, org, account, tokens).keyId).toBe("k2");
    expect(() => openTokens(vault("k2"), org, account, before)).toThrow(/unknown/);
  });

  it("generates a key under DATA_DIR/secrets when none is given, readable by its owner only, the same on the next start", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "relais-vault-"));
    dirs.push(dataDir);
    const env = { EMAIL_TOKEN_KEY_ID: "local-1", EMAIL_TOKEN_OLD_KEYS: "", DATA_DIR: dataDir };
    const first = await loadVaultKeys(env);
    const file = path.join(dataDir, "secrets", "email-token-key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").length).toBeGreaterThan(40);
    const sealed = sealTokens(first, org, account, tokens);
    expect(openTokens(await loadVaultKeys(env), org, account, sealed)).toEqual(tokens);
  });

  it("refuses a key that is not 32 bytes", async () => {
    await expect(
      loadVaultKeys({ EMAIL_TOKEN_KEY: "c2hvcnQ=", EMAIL_TOKEN_KEY_ID: "k1", EMAIL_TOKEN_OLD_KEYS: "", DATA_DIR: "/nonexistent" }),
    ).rejects.toThrow(/32 bytes/);
  });
});
