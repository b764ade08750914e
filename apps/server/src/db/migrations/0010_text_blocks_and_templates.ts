import { sql, type Kysely } from "kysely";

/**
 * Quick messages (text blocks) of an organisation, SMS templates of a user, and the signature
 * settings (spec part 2 §3): the organisation's mode and personalised text, each user's own line.
 * A user's template or signature row names its user together with the organisation; deleting
 * the user takes them along.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE text_blocks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      locale text NOT NULL CHECK (locale IN ('fr-CA', 'en-CA')),
      title text NOT NULL CHECK (btrim(title) <> ''),
      body text NOT NULL CHECK (btrim(body) <> ''),
      pinned boolean NOT NULL DEFAULT false,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX text_blocks_list_idx ON text_blocks (organization_id, locale, pinned DESC, lower(title));

    CREATE TABLE communication_templates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('sms')),
      locale text NOT NULL CHECK (locale IN ('fr-CA', 'en-CA')),
      title text NOT NULL CHECK (btrim(title) <> ''),
      content text NOT NULL CHECK (btrim(content) <> ''),
      pinned boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX communication_templates_user_idx ON communication_templates (organization_id, user_id, type, locale, pinned DESC);

    -- No row: no signature.
    CREATE TABLE signature_settings (
      organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      mode text NOT NULL CHECK (mode IN ('no-signature', 'clinic', 'user', 'personalized-signature')),
      personalized_text text NOT NULL DEFAULT '',
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE user_signatures (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      text text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, user_id)
    );
  `.execute(db);

  // Forced row-level security, the loop of 0001 (docs/decisions/0002-tenancy-roles-and-rls.md).
  for (const table of ["text_blocks", "communication_templates", "signature_settings", "user_signatures"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${sql.table(table)} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
        WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
    `.execute(db);
  }
}
