import { sql, type Kysely } from "kysely";

/**
 * The node that commits a change to an organisation's directory learns it with its commit's
 * answer without listening on its pooled connections (decision 0053). PostgreSQL wakes every
 * listening backend of the database at each NOTIFY, whatever its channel, so with every pooled
 * connection listening for directory changes, each real-time signal (many a second under load)
 * woke some twenty-five backends that had nothing to read.
 *
 * The trigger of migration 0028 still notifies every node's listener; it also writes, in the
 * writer's own session, which organisation changed: `relais.directory_changed` holds its id, or
 * '*' once a second organisation or a tier changed. A setting written by a transaction that rolls
 * back is undone with it, so after a commit the value names only what was committed; the pool
 * reads and clears it in the same message as the commit (db/directory-commit.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION relais_directory_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
      org text := coalesce(changed ->> TG_ARGV[0], '*');
      known text := coalesce(current_setting('relais.directory_changed', true), '');
    BEGIN
      PERFORM pg_notify('relais_directory_change', org);
      IF known <> org THEN
        PERFORM set_config('relais.directory_changed', CASE WHEN known = '' THEN org ELSE '*' END, false);
      END IF;
      RETURN NULL;
    END
    $$;
  `.execute(db);
}
