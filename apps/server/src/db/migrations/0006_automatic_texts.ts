import { sql, type Kysely } from "kysely";

/**
 * Automatic texts: per team, the reply to a text received while the team is closed and the reply
 * to a missed call (spec part 1 §6, part 2 §5); and per team and contact number, the last
 * automatic reply, whose row is the gate of "at most one automatic text per period".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE automatic_texts (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      team_id uuid PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
      outside_hours_enabled boolean NOT NULL DEFAULT false,
      outside_hours_text text NOT NULL DEFAULT '' CHECK (char_length(outside_hours_text) <= 640),
      missed_call_enabled boolean NOT NULL DEFAULT false,
      missed_call_text text NOT NULL DEFAULT '' CHECK (char_length(missed_call_text) <= 640),
      period_hours integer NOT NULL DEFAULT 24 CHECK (period_hours BETWEEN 1 AND 720),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      -- An enabled automatic text is never empty (spec part 2 §5), whatever writes the row.
      CHECK (NOT outside_hours_enabled OR outside_hours_text ~ '[^[:space:]]'),
      CHECK (NOT missed_call_enabled OR missed_call_text ~ '[^[:space:]]')
    );
    CREATE INDEX automatic_texts_org_idx ON automatic_texts (organization_id);

    -- One row per team and contact number: claiming it (insert, or update once the period is
    -- over) is what lets an automatic reply go, so two texts at the same instant yield one reply.
    CREATE TABLE automatic_text_replies (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      contact_phone text NOT NULL CHECK (contact_phone ~ '^\\+[1-9][0-9]{10,14}$'),
      kind text NOT NULL CHECK (kind IN ('outside-hours', 'missed-call')),
      message_id uuid REFERENCES messages(id) ON DELETE SET NULL,
      sent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, contact_phone)
    );
    CREATE INDEX automatic_text_replies_org_idx ON automatic_text_replies (organization_id);
  `.execute(db);

  // Forced row-level security, the loop of 0001 (docs/decisions/0002-tenancy-roles-and-rls.md).
  for (const table of ["automatic_texts", "automatic_text_replies"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${sql.table(table)} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
        WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
    `.execute(db);
  }
}
