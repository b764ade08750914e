import { sql, type Kysely } from "kysely";

/**
 * How long the real-time log keeps its events (docs/decisions/0014-event-retention.md). The log
 * is for catching up: a socket that reconnects, a tab that polls. Its payloads carry patients'
 * texts and names, so it must not become a second, unbounded copy of them.
 *
 * `pruned_through` is the highest position the retention job has deleted in the organisation:
 * a reader resuming from below it may have missed events and is told to resync. The job reaches
 * every organisation through one SECURITY DEFINER function owned by relais_login (as the
 * look-ups of 0001 and 0003), the only DELETE the log allows: relais_app still only reads and
 * appends (0002).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE event_cursors ADD COLUMN pruned_through bigint NOT NULL DEFAULT 0;
    -- The retention job's scan: the oldest events first, every organisation at once.
    CREATE INDEX events_created_idx ON events (created_at);

    CREATE POLICY retention_read ON events FOR SELECT TO relais_login USING (true);
    CREATE POLICY retention_delete ON events FOR DELETE TO relais_login USING (true);
    GRANT SELECT (organization_id, position, created_at), DELETE ON events TO relais_login;
    CREATE POLICY retention_read ON event_cursors FOR SELECT TO relais_login USING (true);
    CREATE POLICY retention_mark ON event_cursors FOR UPDATE TO relais_login USING (true) WITH CHECK (true);
    GRANT SELECT (organization_id, pruned_through), UPDATE (pruned_through) ON event_cursors TO relais_login;

    -- Deletes at most p_limit events created before p_before, oldest first, and raises each
    -- organisation's pruned_through in the same transaction; answers how many it deleted.
    CREATE FUNCTION relais_prune_events(p_before timestamptz, p_limit integer)
    RETURNS bigint
    LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
      WITH doomed AS (
        SELECT organization_id, position FROM events
        WHERE created_at < p_before
        ORDER BY created_at
        LIMIT p_limit
      ),
      gone AS (
        DELETE FROM events e USING doomed d
        WHERE e.organization_id = d.organization_id AND e.position = d.position
        RETURNING e.organization_id, e.position
      ),
      upto AS (
        SELECT organization_id, max(position) AS through, count(*) AS n FROM gone GROUP BY organization_id
      ),
      marked AS (
        UPDATE event_cursors c SET pruned_through = greatest(c.pruned_through, upto.through)
        FROM upto WHERE c.organization_id = upto.organization_id
        RETURNING 1
      )
      SELECT coalesce(sum(n), 0)::bigint FROM upto
    $$;
    ALTER FUNCTION relais_prune_events(timestamptz, integer) OWNER TO relais_login;
    REVOKE ALL ON FUNCTION relais_prune_events(timestamptz, integer) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_prune_events(timestamptz, integer) TO relais_app;
  `.execute(db);
}
