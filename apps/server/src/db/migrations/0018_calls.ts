import { sql, type Kysely } from "kysely";

/**
 * The browser phone (issue 12, VOICE.md §3, decision 0020): calls, their legs, the offers made
 * to staff, the append-only call events (unique de-duplication key per call), and the tabs'
 * presence heartbeat (decision 0021). The reducer's whole call is kept in `model`; the columns
 * beside it are what queries filter and join on. A call is one message of its contact's thread
 * (`messages.call`), and the thread shows its latest call (`threads.voice`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organizations ADD COLUMN call_ring_seconds integer NOT NULL DEFAULT 30 CHECK (call_ring_seconds BETWEEN 5 AND 300);
    ALTER TABLE messages ADD COLUMN call jsonb;
    ALTER TABLE threads ADD COLUMN voice jsonb;

    CREATE TABLE calls (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      origin_team_id uuid REFERENCES teams(id) ON DELETE SET NULL,
      direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
      remote_number text NOT NULL,
      team_number text,
      anonymous boolean NOT NULL,
      emergency boolean NOT NULL,
      -- The contact the number belonged to when the call was made (a later edit of the contact does not rewrite history).
      contact_id uuid,
      thread_id uuid REFERENCES threads(id) ON DELETE SET NULL,
      message_id uuid REFERENCES messages(id) ON DELETE SET NULL,
      state text NOT NULL CHECK (state IN ('dialing', 'ivr', 'queued', 'ringing', 'connecting', 'active', 'parked', 'transferring', 'voicemail', 'ended')),
      held boolean NOT NULL DEFAULT false,
      version integer NOT NULL CHECK (version >= 1),
      carrier text NOT NULL CHECK (carrier IN ('sandbox', 'twilio')),
      carrier_call_sid text,
      room text NOT NULL,
      owner_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      park_no integer,
      started_at timestamptz NOT NULL,
      answered_at timestamptz,
      ended_at timestamptz,
      end_status text CHECK (end_status IN ('completed', 'canceled', 'no-answer', 'busy', 'failed')),
      end_reason text,
      model jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((state = 'ended') = (ended_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX calls_carrier_sid_key ON calls (organization_id, carrier_call_sid) WHERE carrier_call_sid IS NOT NULL;
    CREATE INDEX calls_live_idx ON calls (organization_id, state) WHERE state <> 'ended';
    CREATE INDEX calls_owner_idx ON calls (organization_id, owner_user_id) WHERE state <> 'ended';

    CREATE TABLE call_legs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      call_id uuid NOT NULL REFERENCES calls(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('customer', 'staff', 'external', 'voicemail')),
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      status text NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz
    );
    CREATE UNIQUE INDEX call_legs_one_key ON call_legs (call_id, kind, coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid));

    CREATE TABLE call_offers (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      call_id uuid NOT NULL REFERENCES calls(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      round integer NOT NULL,
      team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected', 'ignored', 'declined', 'timed-out', 'revoked')),
      offered_at timestamptz NOT NULL DEFAULT now(),
      ring_until timestamptz NOT NULL,
      acked_at timestamptz,
      closed_at timestamptz,
      PRIMARY KEY (call_id, user_id, round)
    );
    CREATE INDEX call_offers_pending_idx ON call_offers (organization_id, user_id) WHERE status = 'pending';

    CREATE TABLE call_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      call_id uuid NOT NULL REFERENCES calls(id) ON DELETE CASCADE,
      key text NOT NULL,
      type text NOT NULL,
      event jsonb NOT NULL,
      at timestamptz NOT NULL,
      version integer NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (call_id, key)
    );

    CREATE TABLE call_presence (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      tab_id text NOT NULL,
      session_id uuid NOT NULL,
      can_answer boolean NOT NULL,
      seen_at timestamptz NOT NULL,
      PRIMARY KEY (organization_id, user_id, tab_id)
    );
  `.execute(db);

  for (const table of ["calls", "call_legs", "call_offers", "call_events", "call_presence"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${sql.table(table)} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
        WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
    `.execute(db);
  }

  // A carrier report (and the sandbox phone) names a call by its carrier id only, no tenant: this
  // function answers the two ids and nothing else, like relais_phone_owner (migration 0003).
  await sql`
    CREATE POLICY carrier_lookup ON calls FOR SELECT TO relais_login USING (true);
    GRANT SELECT (id, organization_id, carrier_call_sid) ON calls TO relais_login;
    CREATE FUNCTION relais_call_owner(p_sid text)
    RETURNS TABLE (organization_id uuid, call_id uuid)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
      SELECT organization_id, id FROM calls WHERE carrier_call_sid = p_sid LIMIT 1
    $$;
    ALTER FUNCTION relais_call_owner(text) OWNER TO relais_login;
    REVOKE ALL ON FUNCTION relais_call_owner(text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_call_owner(text) TO relais_app;
    CREATE FUNCTION relais_call_organization(p_id uuid)
    RETURNS TABLE (organization_id uuid)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
      SELECT organization_id FROM calls WHERE id = p_id
    $$;
    ALTER FUNCTION relais_call_organization(uuid) OWNER TO relais_login;
    REVOKE ALL ON FUNCTION relais_call_organization(uuid) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_call_organization(uuid) TO relais_app;
  `.execute(db);
}
