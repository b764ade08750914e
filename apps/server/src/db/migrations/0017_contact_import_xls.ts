import { sql, type Kysely } from "kysely";

/** Contact import reads old binary Excel workbooks too (issue 15, spec part 2 §3: "CSV or XLS"). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE contact_imports DROP CONSTRAINT contact_imports_format_check;
    ALTER TABLE contact_imports ADD CONSTRAINT contact_imports_format_check CHECK (format IN ('csv', 'xlsx', 'xls'));
  `.execute(db);
}
