import { sql, type Kysely } from "kysely";

/**
 * The real-time event log (DESIGN §5, docs/decisions/0004-realtime-event-log.md).
 *
 * Positions are handed out in COMMIT order, per organisation: a writer takes the next position
 * by updating its organisation's row of `event_cursors`, and that row stays locked until the
 * writer commits or rolls back. A second writer of the same organisation waits there, so a row
 * with a lower position can never become visible after one with a higher position, and a
 * rolled-back writer gives its position back (positions are dense). A reader resuming after N
 * therefore never skips a row — which a sequence, handed out at insert, cannot promise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE event_cursors (
      organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      last_position bigint NOT NULL CHECK (last_position > 0)
    );

    -- team_id and user_id carry no foreign key on purpose: the log is history, and a deleted
    -- team must not turn its events into organisation-wide ones (ON DELETE SET NULL would).
    CREATE TABLE events (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      position bigint NOT NULL CHECK (position > 0),
      type text NOT NULL,
      team_id uuid,
      user_id uuid,
      payload jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, position)
    );
  `.execute(db);

  // Forced row-level security, as every tenant table (0002-tenancy-roles-and-rls.md).
  await sql`
    ALTER TABLE event_cursors ENABLE ROW LEVEL SECURITY;
    ALTER TABLE event_cursors FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON event_cursors
      USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
      WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);

    ALTER TABLE events ENABLE ROW LEVEL SECURITY;
    ALTER TABLE events FORCE ROW LEVEL SECURITY;
  `.execute(db);

  // Append-only: only read and insert policies exist, so an UPDATE or DELETE of the log matches
  // no row for any non-superuser role, the owner included (RLS is forced). A retention job will
  // add its own DELETE policy in the migration that brings it.
  await sql`
    CREATE POLICY tenant_read ON events FOR SELECT
      USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
    CREATE POLICY tenant_append ON events FOR INSERT
      WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
  `.execute(db);
}
