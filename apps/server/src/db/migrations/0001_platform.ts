import { sql, type Kysely } from "kysely";

/** Tables of the platform: tiers, services, organisations, users, teams, sessions, audit. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pgcrypto;

    CREATE TABLE tiers (
      id integer PRIMARY KEY,
      name text NOT NULL,
      permissions integer[] NOT NULL DEFAULT '{}'
    );

    CREATE TABLE services (
      id text PRIMARY KEY,
      sector text NOT NULL CHECK (sector IN ('dental', 'notary')),
      label_fr text NOT NULL,
      label_en text NOT NULL
    );

    CREATE TABLE organizations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name_fr text NOT NULL,
      name_en text NOT NULL,
      logo text,
      country text NOT NULL DEFAULT 'CA',
      client_id text,
      sector text NOT NULL CHECK (sector IN ('dental', 'notary')),
      services text[] NOT NULL DEFAULT '{}',
      url text,
      schedule jsonb NOT NULL,
      vacation_start date,
      vacation_end date,
      address text,
      email text,
      phone text,
      latitude double precision,
      longitude double precision,
      tier_id integer REFERENCES tiers(id),
      call_queue_enabled boolean NOT NULL DEFAULT false,
      enable_ext_transfer boolean NOT NULL DEFAULT false,
      france_region boolean NOT NULL DEFAULT false,
      timezone text NOT NULL DEFAULT 'America/Toronto',
      consultations_enabled boolean NOT NULL DEFAULT false,
      office_networks text[] NOT NULL DEFAULT '{}',
      options jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((vacation_start IS NULL) = (vacation_end IS NULL)),
      CHECK (vacation_start IS NULL OR vacation_start <= vacation_end)
    );

    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      email text NOT NULL CHECK (email = lower(email)),
      name text NOT NULL,
      password_hash text NOT NULL,
      role text NOT NULL CHECK (role IN ('user', 'admin', 'super-admin', 'devops', 'marketing')),
      locale text NOT NULL DEFAULT 'fr-CA',
      settings jsonb NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'offline' CHECK (status IN ('online', 'offline', 'busy')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- A person signs in with an email alone, so an email names one account across all tenants.
    CREATE UNIQUE INDEX users_email_key ON users (email);
    CREATE INDEX users_org_idx ON users (organization_id);

    CREATE TABLE teams (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      label text NOT NULL,
      email text CHECK (email = lower(email)),
      email_provider text CHECK (email_provider IN ('Gmail', 'Outlook')),
      email_valid boolean NOT NULL DEFAULT false,
      phone_number text,
      main boolean NOT NULL DEFAULT false,
      schedule jsonb NOT NULL,
      settings jsonb NOT NULL DEFAULT '{"voiceQueue": false}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX teams_label_key ON teams (organization_id, lower(label));
    CREATE UNIQUE INDEX teams_main_key ON teams (organization_id) WHERE main;

    CREATE TABLE team_members (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      team_role text NOT NULL CHECK (team_role IN ('admin', 'user')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, user_id)
    );
    CREATE INDEX team_members_org_user_idx ON team_members (organization_id, user_id);

    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      current_team_id uuid REFERENCES teams(id) ON DELETE SET NULL,
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoked_reason text CHECK (revoked_reason IN ('logout', 'superseded', 'reuse', 'idle', 'password', 'removed'))
    );
    CREATE INDEX sessions_org_user_idx ON sessions (organization_id, user_id) WHERE revoked_at IS NULL;

    CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      token_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX refresh_tokens_org_session_idx ON refresh_tokens (organization_id, session_id);

    CREATE TABLE password_resets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX password_resets_org_user_idx ON password_resets (organization_id, user_id);

    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      action text NOT NULL,
      entity text NOT NULL,
      entity_id text,
      details jsonb NOT NULL DEFAULT '{}',
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_org_at_idx ON audit_log (organization_id, at DESC);

    -- Not tenant data: counters keyed by account or address, shared by every server process.
    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL
    );

    CREATE TABLE system_status (
      id integer PRIMARY KEY CHECK (id = 1),
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);

  // Row-level security, forced so that even the owner obeys it inside a tenant transaction.
  // The key is app.org_id, set per transaction by withTenant(); unset, it matches no row.
  for (const table of ["users", "teams", "team_members", "sessions", "refresh_tokens", "password_resets", "audit_log"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${sql.table(table)} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
        WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
    `.execute(db);
  }
  await sql`
    ALTER TABLE organizations ENABLE ROW LEVEL SECURITY;
    ALTER TABLE organizations FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON organizations
      USING (id = nullif(current_setting('app.org_id', true), '')::uuid)
      WITH CHECK (id = nullif(current_setting('app.org_id', true), '')::uuid);
  `.execute(db);

  // Sign-in starts before any tenant is known. This one function answers only "which account
  // and organisation does this email name"; it runs as relais_login, a role that cannot log in
  // and whose single policy lets it read users. The app role may call it but never become it.
  await sql`
    CREATE POLICY login_lookup ON users FOR SELECT TO relais_login USING (true);
    GRANT SELECT (id, organization_id, email) ON users TO relais_login;
    CREATE FUNCTION relais_login_lookup(p_email text)
    RETURNS TABLE (user_id uuid, organization_id uuid)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
      SELECT id, organization_id FROM users WHERE email = lower(p_email)
    $$;
    ALTER FUNCTION relais_login_lookup(text) OWNER TO relais_login;
    REVOKE ALL ON FUNCTION relais_login_lookup(text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_login_lookup(text) TO relais_app;
  `.execute(db);
}
