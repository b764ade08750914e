import { sql, type Kysely } from "kysely";

/**
 * Durable jobs and scheduled messages (issue 5 §2, docs/decisions/0009-jobs.md).
 *
 * graphile-worker installs its own schema (graphile_worker) with its own migrations at start-up;
 * relais_app gets no right on it. Its one door is the schema relais_jobs: add_job and remove_job,
 * SECURITY DEFINER, which take the organisation from the transaction's app.org_id, put it in the
 * payload and in front of the job key, so a tenant can neither act for another nor touch another's
 * jobs. The bodies are PL/pgSQL: resolved when called, after graphile-worker's schema exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE SCHEMA relais_jobs;
    REVOKE ALL ON SCHEMA relais_jobs FROM PUBLIC;

    -- The worker pools alive or once alive, by the application name of their process's
    -- connections: a pool with no connection left is dead and its locked jobs can be released.
    CREATE TABLE relais_jobs.pools (
      pool_id text PRIMARY KEY,
      node text NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE FUNCTION relais_jobs.add_job(p_task text, p_payload json, p_run_at timestamptz, p_job_key text, p_priority integer DEFAULT 0)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    DECLARE
      org text := nullif(current_setting('app.org_id', true), '');
    BEGIN
      IF org IS NULL THEN RAISE EXCEPTION 'relais_jobs.add_job needs app.org_id'; END IF;
      IF p_task !~ '^[a-z][a-z0-9-]{0,62}$' THEN RAISE EXCEPTION 'invalid task name %', p_task; END IF;
      PERFORM graphile_worker.add_job(
        identifier => p_task,
        payload => (coalesce(p_payload::jsonb, '{}'::jsonb) || jsonb_build_object('orgId', org))::json,
        run_at => p_run_at,
        job_key => CASE WHEN p_job_key IS NULL THEN NULL ELSE org || ':' || p_job_key END,
        priority => p_priority
      );
    END $$;

    CREATE FUNCTION relais_jobs.remove_job(p_job_key text)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    DECLARE
      org text := nullif(current_setting('app.org_id', true), '');
    BEGIN
      IF org IS NULL THEN RAISE EXCEPTION 'relais_jobs.remove_job needs app.org_id'; END IF;
      PERFORM graphile_worker.remove_job(org || ':' || p_job_key);
    END $$;

    REVOKE ALL ON FUNCTION relais_jobs.add_job(text, json, timestamptz, text, integer) FROM PUBLIC;
    REVOKE ALL ON FUNCTION relais_jobs.remove_job(text) FROM PUBLIC;
    GRANT USAGE ON SCHEMA relais_jobs TO relais_app;
    GRANT EXECUTE ON FUNCTION relais_jobs.add_job(text, json, timestamptz, text, integer) TO relais_app;
    GRANT EXECUTE ON FUNCTION relais_jobs.remove_job(text) TO relais_app;

    CREATE TABLE scheduled_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      to_phone text NOT NULL CHECK (to_phone ~ '^\\+[1-9][0-9]{10,14}$'),
      title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
      body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 1600),
      -- As entered, in the organisation's time zone; scheduled_at is the same instant in UTC.
      scheduled_date date NOT NULL,
      scheduled_time text NOT NULL CHECK (scheduled_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      scheduled_at timestamptz NOT NULL,
      reminders text[] NOT NULL DEFAULT '{}' CHECK (reminders <@ ARRAY['24h', '48h', '7d']),
      reminders_sent text[] NOT NULL DEFAULT '{}' CHECK (reminders_sent <@ ARRAY['24h', '48h', '7d']),
      -- scheduled: waiting; queued: its text is in the conversation (the text's status tells the
      -- rest); failed: it could not be queued (failure_reason).
      status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'queued', 'failed')),
      failure_reason text,
      message_id uuid REFERENCES messages(id) ON DELETE SET NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX scheduled_messages_org_team_idx ON scheduled_messages (organization_id, team_id, scheduled_at);
    CREATE INDEX scheduled_messages_phone_idx ON scheduled_messages (organization_id, to_phone);

    ALTER TABLE scheduled_messages ENABLE ROW LEVEL SECURITY;
    ALTER TABLE scheduled_messages FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON scheduled_messages
      USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
      WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
  `.execute(db);
}
