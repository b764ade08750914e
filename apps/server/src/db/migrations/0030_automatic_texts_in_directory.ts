import { sql, type Kysely } from "kysely";

/**
 * A team's automatic texts join the directory kept in memory (decision 0060): every inbound text
 * asks whether its team's outside-hours reply is on, and those settings change a few times a
 * year. The trigger of migrations 0028 and 0029 tells every node, and the writer at its commit,
 * which organisation's automatic texts changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TRIGGER directory_change AFTER INSERT OR UPDATE OR DELETE ON automatic_texts FOR EACH ROW
      EXECUTE FUNCTION relais_directory_change('organization_id');
  `.execute(db);
}
