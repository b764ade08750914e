import { sql } from "kysely";
import { APP_ROLE, type Db } from "./database.ts";

/**
 * Lets relais_app log in with `password` and answers the URL that does so. Only for a database
 * whose owner may alter roles (the embedded one, the tests' servers): in production the DBA
 * gives DATABASE_APP_URL instead.
 */
export async function enableAppLogin(owner: Db, ownerUrl: string, password: string): Promise<string> {
  if (!/^[\w-]{16,}$/.test(password)) throw new Error("app role password must be 16+ url-safe characters");
  await sql`ALTER ROLE ${sql.id(APP_ROLE)} LOGIN PASSWORD ${sql.lit(password)}`.execute(owner);
  return appUrlFor(ownerUrl, password);
}

/** The owner's URL with relais_app and its password as the credentials. */
export function appUrlFor(ownerUrl: string, password: string): string {
  const u = new URL(ownerUrl);
  u.username = APP_ROLE;
  u.password = password;
  return u.toString();
}
