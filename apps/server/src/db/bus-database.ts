import pg from "pg";

/** The real-time bus's database in the embedded PostgreSQL (decision 0067). */
export const EMBEDDED_BUS_DATABASE = "relais_bus";

/**
 * Creates the database `name` in the cluster `ownerUrl` reaches, empty, unless it exists, and
 * answers the URL of it (the same login). For a cluster Relais runs itself (the embedded
 * PostgreSQL), whose owner may create databases; an operator's cluster is given its bus's URL
 * (DATABASE_BUS_URL) instead.
 */
export async function ensureBusDatabase(ownerUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) {
      // Another process starting at the same moment may create it first: that one is as good.
      await client.query(`create database ${client.escapeIdentifier(name)}`).catch((err: unknown) => {
        if (!(err instanceof Error && "code" in err && err.code === "42P04")) throw err;
      });
    }
  } finally {
    await client.end();
  }
  return databaseUrl(ownerUrl, name);
}

/** `url` naming the database `name` instead of its own. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}
