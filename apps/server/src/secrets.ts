import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The access-token secret: JWT_SECRET when given (every node of a cluster must share it), else
 * one generated on first start and kept under the data folder, readable by its owner only.
 */
export async function loadJwtSecret(given: string | undefined, dataDir: string): Promise<string> {
  return given ?? loadOrCreateSecret(dataDir, "jwt-secret");
}

/** A secret kept under `<dataDir>/secrets/<name>`, created on first use. */
export async function loadOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, "secrets", name);
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    const secret = randomBytes(48).toString("base64url");
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}
