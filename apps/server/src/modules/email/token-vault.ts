import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { loadOrCreateSecret } from "../../secrets.ts";

/**
 * A mailbox's OAuth tokens at rest (EMAIL.md §2, decision 0023): envelope encryption with
 * AES-256-GCM. Each row has a data key of its own; the tokens are sealed under it, and it is
 * sealed under the key the environment gives (EMAIL_TOKEN_KEY), named by a key id so that a new
 * key can seal new rows while older ids still open old ones. Both seals are bound to the row
 * (organisation and account id as additional data): a sealed value copied to another row does
 * not open.
 */

export type EmailTokens = {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch milliseconds; null when the provider did not say. */
  expiresAt: number | null;
};

export type VaultKeys = { currentId: string; keys: ReadonlyMap<string, Buffer> };

export type Sealed = { keyId: string; wrappedKey: Buffer; sealedTokens: Buffer };

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

function seal(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]);
}

function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) throw new Error("unknown sealed token format");
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
}

const rowAad = (orgId: string, accountId: string, part: "key" | "tokens") => `relais-email:${part}:${orgId}:${accountId}`;

/** Seals `tokens` for account `accountId` of `orgId` under a fresh data key. */
export function sealTokens(vault: VaultKeys, orgId: string, accountId: string, tokens: EmailTokens): Sealed {
  const master = vault.keys.get(vault.currentId);
  if (!master) throw new Error(`email token key ${vault.currentId} missing`);
  const dataKey = randomBytes(32);
  try {
    return {
      keyId: vault.currentId,
      wrappedKey: seal(master, dataKey, rowAad(orgId, accountId, "key")),
      sealedTokens: seal(dataKey, Buffer.from(JSON.stringify(tokens)), rowAad(orgId, accountId, "tokens")),
    };
  } finally {
    dataKey.fill(0);
  }
}

/** Opens what sealTokens sealed for the same row; throws when a key is unknown or a seal was altered. */
export function openTokens(vault: VaultKeys, orgId: string, accountId: string, sealed: Sealed): EmailTokens {
  const master = vault.keys.get(sealed.keyId);
  if (!master) throw new Error(`email token key ${sealed.keyId} unknown`);
  const dataKey = open(master, sealed.wrappedKey, rowAad(orgId, accountId, "key"));
  try {
    return JSON.parse(open(dataKey, sealed.sealedTokens, rowAad(orgId, accountId, "tokens")).toString("utf8")) as EmailTokens;
  } finally {
    dataKey.fill(0);
  }
}

function decodeKey(id: string, base64: string): Buffer {
  const key = Buffer.from(base64, "base64");
  if (key.length !== 32) throw new Error(`email token key ${id} must be 32 bytes in base64`);
  return key;
}

/**
 * The keys from the environment: EMAIL_TOKEN_KEY under EMAIL_TOKEN_KEY_ID, and the older ones
 * of EMAIL_TOKEN_OLD_KEYS (`id:base64,…`). Unset, a secret generated under DATA_DIR/secrets on
 * first use, as the access-token secret is; every node of a cluster must then share that folder
 * or be given the key.
 */
export async function loadVaultKeys(env: {
  EMAIL_TOKEN_KEY?: string | undefined;
  EMAIL_TOKEN_KEY_ID: string;
  EMAIL_TOKEN_OLD_KEYS: string;
  DATA_DIR: string;
}): Promise<VaultKeys> {
  const keys = new Map<string, Buffer>();
  for (const entry of env.EMAIL_TOKEN_OLD_KEYS.split(",").filter(Boolean)) {
    const [id, value] = entry.split(":", 2);
    if (!id || !value) throw new Error("EMAIL_TOKEN_OLD_KEYS is `id:base64,id:base64`");
    keys.set(id, decodeKey(id, value));
  }
  const current = env.EMAIL_TOKEN_KEY
    ? decodeKey(env.EMAIL_TOKEN_KEY_ID, env.EMAIL_TOKEN_KEY)
    : Buffer.from(hkdfSync("sha256", await loadOrCreateSecret(env.DATA_DIR, "email-token-key"), "relais", "email-token-key", 32));
  keys.set(env.EMAIL_TOKEN_KEY_ID, current);
  return { currentId: env.EMAIL_TOKEN_KEY_ID, keys };
}
