import { sql, type Kysely } from "kysely";

/**
 * The real-time log's read as a function (decision 0061): every event of every organisation is
 * read once by the hub, and sent as text (readAsTenant) that read was parsed and planned each
 * time — most of its cost in PostgreSQL. PL/pgSQL keeps the plan of its query per connection,
 * so only the call is parsed. Security invoker: the caller's row-level security applies, under
 * the organisation key the function sets for its own statement's transaction — which is why it
 * must never be called inside a longer transaction (readEventsAfter checks). The select and the
 * snapshot expression are those of event-repo.ts (its `snapshot`): keep them in step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION relais_read_events(p_org uuid, p_after bigint, p_limit integer)
    RETURNS TABLE ("position" bigint, type text, team_id uuid, user_id uuid, created_at timestamptz, payload_json text, snap text)
    LANGUAGE plpgsql VOLATILE SECURITY INVOKER AS $$
    BEGIN
      PERFORM set_config('app.org_id', p_org::text, true);
      RETURN QUERY
        SELECT e.position, e.type, e.team_id, e.user_id, e.created_at, e.payload::text,
          pg_current_snapshot()::text || '|' || coalesce((
            SELECT string_agg(a.backend_xid::text, ',') FROM pg_stat_get_activity(null) a
            WHERE a.backend_xid IS NOT NULL
              AND a.datid IS DISTINCT FROM (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
              AND pg_snapshot_xmin(pg_current_snapshot()) <> pg_snapshot_xmax(pg_current_snapshot())
          ), '')
        FROM events e
        WHERE e.organization_id = p_org AND e.position > p_after
        ORDER BY e.position
        LIMIT p_limit;
    END
    $$;
    REVOKE ALL ON FUNCTION relais_read_events(uuid, bigint, integer) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_read_events(uuid, bigint, integer) TO relais_app;
  `.execute(db);
}
