import { sql, type Kysely } from "kysely";

/**
 * Every node keeps what requests read of an organisation's directory in memory between requests
 * (decision 0050): the rows a caller's Ctx is built from (session, role, locale, teams,
 * tier), the team list and a session's view (profile, organisation, current team). A change to any of them, made by any code path or by hand, must reach
 * every node: a trigger on each table they come from notifies `relais_directory_change` with the
 * organisation's id (no argument, '*': a tier is shared by many), and PostgreSQL delivers it
 * after the commit, to each node's listener and to the writer itself.
 *
 * A session's touch (only `last_seen_at` moves, once a minute per session) notifies nothing: it
 * changes nothing a request is checked against, and would otherwise empty an organisation's
 * cache once a minute per person signed in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION relais_directory_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
    BEGIN
      PERFORM pg_notify('relais_directory_change', coalesce(changed ->> TG_ARGV[0], '*'));
      RETURN NULL;
    END
    $$;

    CREATE TRIGGER directory_change AFTER UPDATE ON sessions FOR EACH ROW
      WHEN ((to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at'))
      EXECUTE FUNCTION relais_directory_change('organization_id');
    CREATE TRIGGER directory_change_deleted AFTER DELETE ON sessions FOR EACH ROW
      EXECUTE FUNCTION relais_directory_change('organization_id');
    CREATE TRIGGER directory_change AFTER UPDATE OR DELETE ON users FOR EACH ROW
      EXECUTE FUNCTION relais_directory_change('organization_id');
    CREATE TRIGGER directory_change AFTER INSERT OR UPDATE OR DELETE ON teams FOR EACH ROW
      EXECUTE FUNCTION relais_directory_change('organization_id');
    CREATE TRIGGER directory_change AFTER INSERT OR UPDATE OR DELETE ON team_members FOR EACH ROW
      EXECUTE FUNCTION relais_directory_change('organization_id');
    CREATE TRIGGER directory_change AFTER UPDATE OR DELETE ON organizations FOR EACH ROW
      EXECUTE FUNCTION relais_directory_change('id');
    CREATE TRIGGER directory_change AFTER UPDATE OF permissions OR DELETE ON tiers FOR EACH ROW
      EXECUTE FUNCTION relais_directory_change();
  `.execute(db);
}
