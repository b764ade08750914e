import { Migrator, sql } from "kysely";
import { migrations } from "./migrations/index.ts";
import { APP_ROLE, LOGIN_ROLE, type Db } from "./database.ts";

/**
 * Creates the cluster-wide roles when missing. They are NOLOGIN: the server reaches them with
 * SET ROLE from its own connection, so no second password exists to leak.
 */
async function ensureRoles(db: Db): Promise<void> {
  // Serialised: several test databases of one cluster may migrate at the same moment.
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('relais-roles'))`.execute(tx);
    for (const role of [APP_ROLE, LOGIN_ROLE]) {
      await sql`
        DO $$ BEGIN
          IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ${sql.lit(role)}) THEN
            CREATE ROLE ${sql.id(role)} NOLOGIN NOBYPASSRLS;
          END IF;
        END $$;
      `.execute(tx);
      await sql`GRANT ${sql.id(role)} TO current_user`.execute(tx);
    }
  });
}

/** Applies every pending migration, then grants the app role what it may touch. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  await ensureRoles(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  await sql`
    GRANT USAGE ON SCHEMA public TO ${sql.id(APP_ROLE)};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${sql.id(APP_ROLE)};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${sql.id(APP_ROLE)};
    REVOKE ALL ON kysely_migration, kysely_migration_lock FROM ${sql.id(APP_ROLE)};
  `.execute(db);
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
