import { sql, type Kysely } from "kysely";

/**
 * The text inbox: threads (one per team and contact number) and their messages.
 *
 * A carrier's callbacks (inbound texts, delivery statuses) arrive before any tenant is known,
 * so two SECURITY DEFINER functions, owned by relais_login like relais_login_lookup of 0001,
 * answer only "which organisation and team owns this number" and "which organisation and message
 * does this carrier id or idempotency key name". Everything after runs inside withTenant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE threads (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      contact_phone text NOT NULL CHECK (contact_phone ~ '^\\+[1-9][0-9]{10,14}$'),
      state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'inactive')),
      pinned boolean NOT NULL DEFAULT false,
      has_notification boolean NOT NULL DEFAULT false,
      has_incomplete_followup boolean NOT NULL DEFAULT false,
      last_message_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- One thread per contact number and team, active or archived (error.existing-*).
    CREATE UNIQUE INDEX threads_contact_key ON threads (organization_id, team_id, contact_phone);
    -- The list orders: active = pinned first then latest update; inactive = latest update.
    CREATE INDEX threads_list_idx ON threads (organization_id, team_id, state, pinned DESC, updated_at DESC, id DESC);
    CREATE INDEX threads_updated_idx ON threads (organization_id, team_id, state, updated_at DESC, id DESC);

    CREATE TABLE messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      thread_id uuid NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
      direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
      from_phone text NOT NULL,
      to_phone text NOT NULL,
      body text NOT NULL,
      status text NOT NULL CHECK (status IN ('sending', 'sent', 'delivered', 'failed')),
      failure_reason text,
      carrier_message_id text,
      idempotency_key text,
      author_id uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      -- Every outbound send carries its key, so a retried step never texts twice.
      CHECK (direction = 'inbound' OR idempotency_key IS NOT NULL)
    );
    CREATE INDEX messages_thread_idx ON messages (organization_id, thread_id, created_at DESC, id DESC);
    CREATE UNIQUE INDEX messages_idempotency_key ON messages (organization_id, idempotency_key);
    -- A webhook delivered twice names the same carrier message: the second insert is a no-op.
    CREATE UNIQUE INDEX messages_carrier_id_key ON messages (organization_id, carrier_message_id) WHERE carrier_message_id IS NOT NULL;

    ALTER TABLE threads ADD CONSTRAINT threads_last_message_fkey
      FOREIGN KEY (last_message_id) REFERENCES messages(id) ON DELETE SET NULL;
    -- Routing inbound texts: which team owns the number texted.
    CREATE INDEX teams_phone_number_idx ON teams (phone_number) WHERE phone_number IS NOT NULL;
  `.execute(db);

  // Forced row-level security, the loop of 0001 (docs/decisions/0002-tenancy-roles-and-rls.md).
  for (const table of ["threads", "messages"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${sql.table(table)} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
        WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
    `.execute(db);
  }

  // Carrier callbacks come with no tenant: these two functions answer only the owner of a
  // number or of a message, reading through relais_login's narrow policies and column grants.
  await sql`
    CREATE POLICY carrier_lookup ON teams FOR SELECT TO relais_login USING (true);
    GRANT SELECT (id, organization_id, phone_number, created_at) ON teams TO relais_login;
    CREATE FUNCTION relais_phone_owner(p_phone text)
    RETURNS TABLE (organization_id uuid, team_id uuid)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
      SELECT organization_id, id FROM teams WHERE phone_number = p_phone ORDER BY created_at, id LIMIT 1
    $$;
    ALTER FUNCTION relais_phone_owner(text) OWNER TO relais_login;
    REVOKE ALL ON FUNCTION relais_phone_owner(text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_phone_owner(text) TO relais_app;

    CREATE POLICY carrier_lookup ON messages FOR SELECT TO relais_login USING (true);
    GRANT SELECT (id, organization_id, carrier_message_id, idempotency_key) ON messages TO relais_login;
    CREATE FUNCTION relais_message_owner(p_idempotency_key text, p_carrier_message_id text)
    RETURNS TABLE (organization_id uuid, message_id uuid)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
      SELECT organization_id, id FROM messages
      WHERE (p_idempotency_key IS NOT NULL AND idempotency_key = p_idempotency_key)
         OR (p_idempotency_key IS NULL AND carrier_message_id = p_carrier_message_id)
      LIMIT 1
    $$;
    ALTER FUNCTION relais_message_owner(text, text) OWNER TO relais_login;
    REVOKE ALL ON FUNCTION relais_message_owner(text, text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_message_owner(text, text) TO relais_app;
  `.execute(db);
}
