import { sql, type Kysely } from "kysely";

/**
 * Contact imports (spec part 2 §3, "Import file"): one row per import run, polled by the web for
 * its progress bar, and one row per refused line of the file, the downloadable report. The
 * contacts themselves go to `contacts` in one transaction with the report and the final counts
 * (docs/decisions/0010-contact-import.md); only `processed_rows` moves before that commit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE contact_imports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      filename text NOT NULL,
      format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
      status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
      total_rows integer NOT NULL CHECK (total_rows >= 0),
      processed_rows integer NOT NULL DEFAULT 0 CHECK (processed_rows >= 0),
      imported integer NOT NULL DEFAULT 0 CHECK (imported >= 0),
      refused integer NOT NULL DEFAULT 0 CHECK (refused >= 0),
      error_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      UNIQUE (organization_id, id)
    );
    CREATE INDEX contact_imports_recent_idx ON contact_imports (organization_id, created_at DESC);

    -- A refused line: its number in the file, the reasons (catalogue keys) and the cells as read,
    -- so the report can be fixed and imported again.
    CREATE TABLE contact_import_issues (
      organization_id uuid NOT NULL,
      import_id uuid NOT NULL,
      line integer NOT NULL CHECK (line > 0),
      reasons text[] NOT NULL,
      cells text[] NOT NULL,
      PRIMARY KEY (organization_id, import_id, line),
      FOREIGN KEY (organization_id, import_id) REFERENCES contact_imports (organization_id, id) ON DELETE CASCADE
    );
  `.execute(db);

  // Forced row-level security, the loop of 0001 (docs/decisions/0002-tenancy-roles-and-rls.md).
  for (const table of ["contact_imports", "contact_import_issues"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${sql.table(table)} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
        WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
    `.execute(db);
  }
}
