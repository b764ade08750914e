import { sql, type Selectable } from "kysely";
import type { Tx } from "../../db/database.ts";
import type { ContactImportIssuesTable, ContactImportsTable } from "../../db/schema.ts";

/** SQL of import runs and their refused lines; every query is scoped by the organisation. */

export type ImportRow = Selectable<ContactImportsTable>;
export type IssueRow = Pick<Selectable<ContactImportIssuesTable>, "line" | "reasons" | "cells">;

export async function insertImport(
  tx: Tx,
  orgId: string,
  createdBy: string,
  run: { filename: string; format: string; totalRows: number },
): Promise<ImportRow> {
  return tx
    .insertInto("contact_imports")
    .values({ organization_id: orgId, created_by: createdBy, filename: run.filename, format: run.format, total_rows: run.totalRows })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findImport(tx: Tx, orgId: string, id: string): Promise<ImportRow | undefined> {
  return tx.selectFrom("contact_imports").selectAll().where("organization_id", "=", orgId).where("id", "=", id).executeTakeFirst();
}

/**
 * Whether a run of the organisation is under way. A run whose process died stays "running" in
 * its row; after `staleMinutes` it no longer holds the next one back.
 */
export async function hasRunningImport(tx: Tx, orgId: string, staleMinutes: number): Promise<boolean> {
  const row = await tx
    .selectFrom("contact_imports")
    .select("id")
    .where("organization_id", "=", orgId)
    .where("status", "=", "running")
    .where("created_at", ">", sql<Date>`now() - make_interval(mins => ${staleMinutes})`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setProgress(tx: Tx, orgId: string, id: string, processed: number): Promise<void> {
  await tx
    .updateTable("contact_imports")
    .set({ processed_rows: processed })
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .execute();
}

export async function finishImport(
  tx: Tx,
  orgId: string,
  id: string,
  end: { status: "done" | "failed"; processed: number; imported: number; refused: number; errorCode: string | null },
): Promise<void> {
  await tx
    .updateTable("contact_imports")
    .set({
      status: end.status,
      processed_rows: end.processed,
      imported: end.imported,
      refused: end.refused,
      error_code: end.errorCode,
      finished_at: sql<Date>`now()`,
    })
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .execute();
}

export async function insertIssues(tx: Tx, orgId: string, importId: string, issues: IssueRow[]): Promise<void> {
  if (issues.length === 0) return;
  await tx
    .insertInto("contact_import_issues")
    .values(issues.map((i) => ({ organization_id: orgId, import_id: importId, line: i.line, reasons: i.reasons, cells: i.cells })))
    .execute();
}

/** Refused lines by line number, `limit` of them from line `afterLine` on (keyset paging). */
export async function listIssues(tx: Tx, orgId: string, importId: string, afterLine: number, limit: number): Promise<IssueRow[]> {
  return tx
    .selectFrom("contact_import_issues")
    .select(["line", "reasons", "cells"])
    .where("organization_id", "=", orgId)
    .where("import_id", "=", importId)
    .where("line", ">", afterLine)
    .orderBy("line")
    .limit(limit)
    .execute();
}
