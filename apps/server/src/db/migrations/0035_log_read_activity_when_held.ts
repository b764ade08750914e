import { sql, type Kysely } from "kysely";

/**
 * The hub's read of the log with a choice (decision 0066): `p_elsewhere` false answers the
 * statement's snapshot alone ("xmin:xmax:xip|"), without reading which transactions in flight
 * belong to another database. That reading, `pg_stat_get_activity`, copies every backend slot
 * of the server with its query text, at each call: most of the read's time in PostgreSQL. The hub
 * asks for it only when a read is held by a transaction it does not know to be another
 * database's (readEventsAfter). Otherwise the same as relais_read_events(uuid, bigint, integer),
 * which stays for a node not yet updated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION relais_read_events(p_org uuid, p_after bigint, p_limit integer, p_elsewhere boolean)
    RETURNS TABLE ("position" bigint, type text, team_id uuid, user_id uuid, created_at timestamptz, payload_json text, snap text)
    LANGUAGE plpgsql VOLATILE SECURITY INVOKER AS $$
    BEGIN
      PERFORM set_config('app.org_id', p_org::text, true);
      RETURN QUERY
        SELECT e.position, e.type, e.team_id, e.user_id, e.created_at, e.payload::text,
          (SELECT CASE WHEN p_elsewhere THEN relais_log_snapshot() ELSE pg_current_snapshot()::text || '|' END)
        FROM events e
        WHERE e.organization_id = p_org AND e.position > p_after
        ORDER BY e.position
        LIMIT p_limit;
    END
    $$;
    REVOKE ALL ON FUNCTION relais_read_events(uuid, bigint, integer, boolean) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_read_events(uuid, bigint, integer, boolean) TO relais_app;
  `.execute(db);
}
