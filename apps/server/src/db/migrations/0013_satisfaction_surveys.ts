import { sql, type Kysely } from "kysely";

/**
 * The satisfaction survey by text: the organisation's questions (one setting per organisation)
 * and each sending of them to a contact (a run). A run holds the contact's line until it ends or
 * expires; at most one run is open per contact number in an organisation, whichever team sent it,
 * so two surveys never interleave their questions on one phone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE survey_settings (
      organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      enabled boolean NOT NULL DEFAULT false,
      title text NOT NULL CHECK (btrim(title) <> ''),
      questions jsonb NOT NULL CHECK (jsonb_typeof(questions) = 'array' AND jsonb_array_length(questions) BETWEEN 1 AND 3),
      thanks text NOT NULL CHECK (btrim(thanks) <> ''),
      retry text NOT NULL CHECK (btrim(retry) <> ''),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE survey_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      thread_id uuid NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
      contact_id uuid NOT NULL,
      contact_phone text NOT NULL,
      -- The texts as they were when it was sent, fields filled: an edit of the setting does not change a run.
      title text NOT NULL,
      questions jsonb NOT NULL CHECK (jsonb_typeof(questions) = 'array'),
      thanks text NOT NULL,
      retry text NOT NULL,
      answers jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(answers) = 'array'),
      started_by uuid REFERENCES users(id) ON DELETE SET NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      ended_at timestamptz,
      end_reason text CHECK (end_reason IN ('completed', 'expired', 'stopped', 'opted-out')),
      ended_by uuid REFERENCES users(id) ON DELETE SET NULL,
      FOREIGN KEY (organization_id, contact_id) REFERENCES contacts (organization_id, id) ON DELETE CASCADE,
      CHECK ((ended_at IS NULL) = (end_reason IS NULL)),
      CHECK (expires_at > started_at)
    );
    CREATE UNIQUE INDEX survey_runs_open_key ON survey_runs (organization_id, contact_phone) WHERE ended_at IS NULL;
    CREATE INDEX survey_runs_thread_idx ON survey_runs (organization_id, thread_id, started_at DESC);
  `.execute(db);

  // Forced row-level security, the loop of 0001 (docs/decisions/0002-tenancy-roles-and-rls.md).
  for (const table of ["survey_settings", "survey_runs"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${sql.table(table)} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
        WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
    `.execute(db);
  }
}
