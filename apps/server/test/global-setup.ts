import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDatabase } from "../src/db/database.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { installJobs } from "../src/platform/jobs/jobs.ts";
import { enableAppLogin } from "../src/db/app-login.ts";
import { TEST_APP_PASSWORD } from "./app-password.ts";
import { seedReference } from "../src/seed/reference.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Server URL (any database) of the PostgreSQL the API tests use. */
    pgServerUrl: string;
    /** A migrated database each test file clones into its own. */
    templateDatabase: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * One PostgreSQL for the whole API run: TEST_DATABASE_URL when set (CI runs the suite a second
 * time against the machine's own server), else an embedded one in a temporary folder — never
 * ./data. It migrates one template database; each test file clones it (CREATE DATABASE …
 * TEMPLATE), which takes milliseconds and keeps files from seeing each other's rows.
 */
export default async function setup(project: TestProject) {
  let dir: string | null = null;
  let stopEmbedded: (() => Promise<void>) | null = null;
  let serverUrl = process.env["TEST_DATABASE_URL"];
  if (!serverUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), "relais-test-pg-"));
    // PostgreSQL runs as the postgres user when the tests run as root: it must reach the folder.
    await import("node:fs/promises").then((fs) => fs.chmod(dir as string, 0o755));
    const embedded = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port: 15000 + (process.pid % 5000) });
    serverUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const template = `relais_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const db = createDatabase(withDatabase(serverUrl, template), { appPoolSize: 1, ownerPoolSize: 1 });
  await migrateToLatest(db.owner);
  await installJobs(withDatabase(serverUrl, template));
  // Requests in tests log in as relais_app itself, as they do on the embedded database.
  await enableAppLogin(db.owner, serverUrl, TEST_APP_PASSWORD);
  await seedReference(db.owner);
  await db.close();
  project.provide("pgServerUrl", serverUrl);
  project.provide("templateDatabase", template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`, [
      `${template}_%`,
      template,
    ]);
    for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    await admin.end();
    await stopEmbedded?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
