import { sql, type Kysely } from "kysely";

/**
 * Event positions that no longer serialise one organisation's commits
 * (docs/decisions/0017-event-log-without-commit-lock.md).
 *
 * Until now a writer took its organisation's next position from `event_cursors.last_position`
 * and held that row locked until commit, so commits of one organisation waited for each other,
 * write-ahead-log flush included. Now a position is the writing transaction's id times 4096 plus
 * the event's rank in it (record-event.ts), written with no lock at all, and a reader only takes
 * positions below the oldest transaction still in flight (`pg_snapshot_xmin`): every row below
 * that mark is committed or gone for good, so a reader resuming from the last position it saw
 * never skips one that commits late.
 *
 * A transaction that stays open holds every reader back, whatever its organisation or database.
 * Readers pass over one open for more than 7 s (event-repo.ts); for that to be safe, a
 * transaction open for more than 5 s may not commit events: a deferred trigger checks it at
 * commit, and the transaction fails with a serialization failure (40001), which a job retries.
 *
 * `last_position` goes: nothing writes it any more. The retention job may now meet an
 * organisation without a cursor row, so it inserts the row it marks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // New positions start at (current transaction id × 4096): above every dense position handed
  // out so far, as long as no organisation has more events than the cluster has had
  // transactions times 4096. Checked rather than assumed, so a resuming reader never goes back.
  await sql`
    DO $$
    BEGIN
      IF (SELECT coalesce(max(position), 0) FROM events) >= pg_current_xact_id()::text::bigint * 4096 THEN
        RAISE EXCEPTION 'events: an existing position is above the first transaction-based one';
      END IF;
    END $$;

    ALTER TABLE event_cursors DROP COLUMN last_position;

    -- Run at commit (deferred), so the check is as close to the commit as it can be. now() is
    -- when the transaction began: never later than when any reader could first see it in flight.
    CREATE FUNCTION relais_events_committed_in_time() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF clock_timestamp() - now() > interval '5 seconds' THEN
        RAISE EXCEPTION 'events: a transaction open for more than 5 s cannot record real-time events'
          USING ERRCODE = 'serialization_failure';
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER events_committed_in_time AFTER INSERT ON events
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION relais_events_committed_in_time();

    CREATE POLICY retention_insert ON event_cursors FOR INSERT TO relais_login WITH CHECK (true);
    GRANT INSERT (organization_id, pruned_through) ON event_cursors TO relais_login;

    CREATE OR REPLACE FUNCTION relais_prune_events(p_before timestamptz, p_limit integer)
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
        INSERT INTO event_cursors AS c (organization_id, pruned_through)
        SELECT organization_id, through FROM upto
        ON CONFLICT (organization_id) DO UPDATE SET pruned_through = greatest(c.pruned_through, excluded.pruned_through)
        RETURNING 1
      )
      SELECT coalesce(sum(n), 0)::bigint FROM upto
    $$;
  `.execute(db);
}
