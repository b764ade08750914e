import { hash, verify } from "@node-rs/argon2";

// argon2id with the OWASP 2024 minimum (19 MiB, 2 passes); @node-rs/argon2 defaults to argon2id.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Spends the time of one verification when no account matches, so the answer time does not
 * tell an attacker whether an email has an account.
 */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword("relais-dummy-password");
  await verifyPassword(await dummy, password);
}
