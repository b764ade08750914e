import { sql, type Kysely } from "kysely";

/**
 * The log's snapshot expression in one place: event-repo.ts (currentPosition) and the hub's read
 * (relais_read_events, migration 0031) each held a copy of it, to be kept in step by hand.
 *
 * STABLE, not VOLATILE: a function that is not volatile runs under its caller's snapshot, so the
 * snapshot it prints is the one the calling statement reads the events with (a volatile one
 * would take a fresh snapshot of its own, and the mark could pass an event that statement did
 * not see). It reads pg_stat_get_activity, which is volatile; only the snapshot matters here,
 * and the function is never used where PostgreSQL could fold or reuse its result (a select list).
 *
 * Not inlined (its body holds a subquery), so the hub's read calls it as `(select
 * relais_log_snapshot())`: once per statement (an init plan), not once per row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION relais_log_snapshot() RETURNS text
    LANGUAGE sql STABLE SECURITY INVOKER AS $$
      SELECT pg_current_snapshot()::text || '|' || coalesce((
        SELECT string_agg(a.backend_xid::text, ',') FROM pg_stat_get_activity(null) a
        WHERE a.backend_xid IS NOT NULL
          AND a.datid IS DISTINCT FROM (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
          AND pg_snapshot_xmin(pg_current_snapshot()) <> pg_snapshot_xmax(pg_current_snapshot())
      ), '')
    $$;
    REVOKE ALL ON FUNCTION relais_log_snapshot() FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_log_snapshot() TO relais_app;

    CREATE OR REPLACE FUNCTION relais_read_events(p_org uuid, p_after bigint, p_limit integer)
    RETURNS TABLE ("position" bigint, type text, team_id uuid, user_id uuid, created_at timestamptz, payload_json text, snap text)
    LANGUAGE plpgsql VOLATILE SECURITY INVOKER AS $$
    BEGIN
      PERFORM set_config('app.org_id', p_org::text, true);
      RETURN QUERY
        SELECT e.position, e.type, e.team_id, e.user_id, e.created_at, e.payload::text, (SELECT relais_log_snapshot())
        FROM events e
        WHERE e.organization_id = p_org AND e.position > p_after
        ORDER BY e.position
        LIMIT p_limit;
    END
    $$;
  `.execute(db);
}
