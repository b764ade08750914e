import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import {
  CONTACT_IMPORT_COLUMNS,
  CONTACT_IMPORT_ISSUES_SHOWN,
  CONTACT_IMPORT_MAX_ROWS,
  CONTACT_IMPORT_PREVIEW_ROWS,
  type ContactImport,
  type ContactImportPreview,
  type ContactImportReason,
  type CreateContactRequest,
  type ImportDateFormat,
  type ImportDateFormatFound,
  importDateFormatDetector,
} from "@relais/shared";
import { withTenant, type Db } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { badRequest, conflict, notFound } from "../../platform/errors.ts";
import { insertImportedContacts } from "../contacts/index.ts";
import { openSheet, type Sheet, type SheetLine } from "./read-file.ts";
import * as repo from "./repo.ts";
import { checkLine, firstLineColumnProblem, isHeaderLine } from "./rules.ts";

/**
 * Contact import (docs/decisions/0010-contact-import.md): the file is checked and counted, a run
 * row is written and answered at once, and the run goes on in the background, in ONE transaction:
 * every valid line becomes a contact at its commit, or none does. Only the progress counter is
 * written beside it, so the web can draw a real progress bar.
 */

export type Upload = { bytes: Buffer; filename: string; dateFormat: ImportDateFormat | null };

/** Lines per insert, and between two progress updates. */
const BATCH = 1000;
const YIELD_EVERY = 100;
/** A run still "running" after this long died with its process; it no longer blocks the next one. */
const STALE_MINUTES = 30;

type Scan = { header: string[] | null; total: number; first: SheetLine[]; dates: ImportDateFormatFound };

/** Excel rows end at their last filled cell; a CSV line always has all its separators. */
const padsShortRows = (sheet: Sheet) => sheet.format !== "csv";

/**
 * One pass over the file: the first line's column count and whether it is a title line, the
 * number of data lines, the first `keep` of them and the format of their birth dates. Refuses a
 * file without data or too long.
 */
async function scanSheet(sheet: Sheet, keep: number): Promise<Scan> {
  const padShort = padsShortRows(sheet);
  const dates = importDateFormatDetector();
  let header: string[] | null = null;
  let total = 0;
  const first: SheetLine[] = [];
  let isFirst = true;
  for await (const line of sheet.lines()) {
    if (isFirst) {
      isFirst = false;
      const found = firstLineColumnProblem(line.cells, padShort);
      if (found !== null) throw badRequest("error.import-columns", { found });
      if (isHeaderLine(line.cells)) {
        header = line.cells;
        continue;
      }
    }
    total++;
    if (total > CONTACT_IMPORT_MAX_ROWS) throw badRequest("error.import-too-many-rows", { max: CONTACT_IMPORT_MAX_ROWS });
    dates.add(line.cells[BIRTHDAY_COLUMN] ?? "");
    if (first.length < keep) first.push(line);
  }
  if (total === 0) throw badRequest("error.import-empty");
  return { header, total, first, dates: dates.found() };
}

const BIRTHDAY_COLUMN = CONTACT_IMPORT_COLUMNS.indexOf("birthday");

/**
 * The format the lines are read with: the person's choice, else the one the dates tell. An
 * ambiguous file without a choice is read day first for its preview (the French export, what
 * the web offers first) and refused by the import (error.import-date-format): never guessed.
 */
function dateFormatOf(scan: Scan, chosen: ImportDateFormat | null): ImportDateFormat {
  return chosen ?? scan.dates.format ?? (scan.dates.ambiguous ? "DD/MM/YYYY" : "YYYY-MM-DD");
}

/** A line checked, as the preview shows it and the run stores it: its reasons, or its contact. */
type Judged = { line: number; cells: string[]; reasons: ContactImportReason[]; input: CreateContactRequest | null };

/**
 * The checks of every line, the same for the preview and the run: the line's own rules
 * (rules.ts), then whether an earlier line of the file is the same contact. A line gets every
 * reason it has, not only the first.
 */
function lineJudge(padShort: boolean, dateFormat: ImportDateFormat): (line: SheetLine) => Judged {
  const seen = new Set<string>();
  return ({ line, cells }) => {
    const checked = checkLine(cells, padShort, dateFormat);
    const reasons: ContactImportReason[] = checked.ok ? [] : [...checked.reasons];
    if (checked.key !== undefined) {
      if (seen.has(checked.key)) reasons.push("duplicate-in-file");
      else if (checked.ok) seen.add(checked.key);
    }
    return { line, cells, reasons, input: checked.ok && reasons.length === 0 ? checked.input : null };
  };
}

/** Thrown to roll back the preview's trial insert, carrying what it found. */
class TrialDone {
  constructor(readonly kept: boolean[]) {}
}

/**
 * Which of these contacts the import would find already there: the run's own insert
 * (insertImportedContacts), tried in a transaction that is always rolled back.
 */
async function existingAmong(db: Db, ctx: Ctx, inputs: CreateContactRequest[]): Promise<boolean[]> {
  if (inputs.length === 0) return [];
  try {
    await withTenant(db, ctx.orgId, async (tx) => {
      throw new TrialDone(await insertImportedContacts(tx, ctx, inputs));
    });
  } catch (err) {
    if (err instanceof TrialDone) return err.kept.map((kept) => !kept);
    throw err;
  }
  return inputs.map(() => false);
}

/**
 * POST patients/import/preview: what the file holds, its first lines checked as the import
 * checks them (existing contacts included), and the format its dates are read in.
 */
export async function previewImport(db: Db, ctx: Ctx, upload: Upload): Promise<ContactImportPreview> {
  const sheet = await openSheet(upload.bytes);
  const scan = await scanSheet(sheet, CONTACT_IMPORT_PREVIEW_ROWS);
  const judge = lineJudge(padsShortRows(sheet), dateFormatOf(scan, upload.dateFormat));
  const judged = scan.first.map(judge);
  const valid = judged.filter((j) => j.input !== null);
  const existing = await existingAmong(
    db,
    ctx,
    valid.map((j) => j.input as CreateContactRequest),
  );
  valid.forEach((j, i) => {
    if (existing[i]) j.reasons.push("duplicate-existing");
  });
  return {
    format: sheet.format,
    encoding: sheet.encoding,
    delimiter: sheet.delimiter,
    header: scan.header,
    totalRows: scan.total,
    dateFormat: upload.dateFormat ?? scan.dates.format,
    dateFormatAmbiguous: scan.dates.ambiguous,
    rows: judged.map(({ line, cells, reasons }) => ({ line, cells, reasons })),
  };
}

function present(row: repo.ImportRow, issues: repo.IssueRow[]): ContactImport {
  return {
    id: row.id,
    filename: row.filename,
    format: row.format as ContactImport["format"],
    status: row.status as ContactImport["status"],
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    imported: row.imported,
    refused: row.refused,
    errorCode: row.error_code,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    issues: issues.map((i) => ({ line: i.line, cells: i.cells, reasons: i.reasons as ContactImportReason[] })),
  };
}

/**
 * POST patients/import: checks the file, writes the run and starts it; `track` is handed the
 * running work so the server can wait for it before it stops. One run per organisation at a
 * time (409 error.import-running); two that start together still run one after the other.
 */
export async function startImport(
  db: Db,
  ctx: Ctx,
  upload: Upload,
  log: FastifyBaseLogger,
  track: (work: Promise<void>) => void,
): Promise<ContactImport> {
  const sheet = await openSheet(upload.bytes);
  const scan = await scanSheet(sheet, 0);
  if (scan.dates.ambiguous && upload.dateFormat === null) throw badRequest("error.import-date-format");
  const dateFormat = dateFormatOf(scan, upload.dateFormat);
  const row = await withTenant(db, ctx.orgId, async (tx) => {
    if (await repo.hasRunningImport(tx, ctx.orgId, STALE_MINUTES)) throw conflict("error.import-running");
    const created = await repo.insertImport(tx, ctx.orgId, ctx.userId, {
      filename: upload.filename,
      format: sheet.format,
      totalRows: scan.total,
    });
    await recordAudit(tx, ctx, "create", "contact_import", created.id, { filename: upload.filename, rows: scan.total });
    return created;
  });
  track(runImport(db, ctx, row.id, sheet, { skipHeader: scan.header !== null, dateFormat }, log));
  return present(row, []);
}

type Pending = { line: number; cells: string[]; input: CreateContactRequest };

async function runImport(
  db: Db,
  ctx: Ctx,
  id: string,
  sheet: Sheet,
  { skipHeader, dateFormat }: { skipHeader: boolean; dateFormat: ImportDateFormat },
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await withTenant(db, ctx.orgId, async (tx) => {
      // Runs of one organisation one after the other: the "same file twice" check of the second
      // must see the first's contacts.
      await sql`select pg_advisory_xact_lock(hashtext('relais.contact-import'), hashtext(${ctx.orgId}))`.execute(tx);
      const judge = lineJudge(padsShortRows(sheet), dateFormat);
      let pending: Pending[] = [];
      let issues: repo.IssueRow[] = [];
      let processed = 0;
      let imported = 0;
      let refused = 0;

      const flush = async () => {
        const kept = await insertImportedContacts(
          tx,
          ctx,
          pending.map((p) => p.input),
        );
        pending.forEach((p, i) => {
          if (kept[i]) imported++;
          else issues.push({ line: p.line, cells: p.cells, reasons: ["duplicate-existing"] });
        });
        refused += issues.length;
        await repo.insertIssues(tx, ctx.orgId, id, issues);
        pending = [];
        issues = [];
        // Beside the run's transaction, so that the progress shows before its commit.
        await withTenant(db, ctx.orgId, (progressTx) => repo.setProgress(progressTx, ctx.orgId, id, processed));
      };

      let isFirst = true;
      for await (const { line, cells } of sheet.lines()) {
        if (isFirst) {
          isFirst = false;
          if (skipHeader) continue;
        }
        processed++;
        const judged = judge({ line, cells });
        if (judged.input === null) issues.push({ line, cells, reasons: judged.reasons });
        else pending.push({ line, cells, input: judged.input });
        if (pending.length + issues.length >= BATCH) await flush();
        // Checking a line costs up to a few hundred microseconds: other requests get their
        // turn every YIELD_EVERY lines, not only at each batch's database round trip.
        else if (processed % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await flush();
      await repo.finishImport(tx, ctx.orgId, id, { status: "done", processed, imported, refused, errorCode: null });
      await recordAudit(tx, ctx, "update", "contact_import", id, { imported, refused });
    });
  } catch (err) {
    log.error({ err, importId: id }, "a contact import failed; nothing of it was written");
    await withTenant(db, ctx.orgId, (tx) =>
      repo.finishImport(tx, ctx.orgId, id, { status: "failed", processed: 0, imported: 0, refused: 0, errorCode: "error.import-failed" }),
    ).catch((markErr: unknown) => log.error({ err: markErr, importId: id }, "marking a contact import failed did not work"));
  }
}

/** GET patients/import/{id}: the run as it stands, with its first refused lines. */
export async function getImport(db: Db, ctx: Ctx, id: string): Promise<ContactImport> {
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await repo.findImport(tx, ctx.orgId, id);
    if (!row) throw notFound();
    const issues = row.status === "done" ? await repo.listIssues(tx, ctx.orgId, id, 0, CONTACT_IMPORT_ISSUES_SHOWN) : [];
    return present(row, issues);
  });
}

/** The run of a report: 404 unknown; 409 while it runs, or when it failed (it has no report). */
export async function finishedImport(db: Db, ctx: Ctx, id: string): Promise<repo.ImportRow> {
  const row = await withTenant(db, ctx.orgId, (tx) => repo.findImport(tx, ctx.orgId, id));
  if (!row) throw notFound();
  if (row.status === "running") throw conflict("error.import-running");
  if (row.status === "failed") throw conflict("error.import-failed");
  return row;
}

/** Every refused line of a run, by line number, read a page at a time. */
export async function* importIssues(db: Db, ctx: Ctx, id: string): AsyncGenerator<repo.IssueRow> {
  let after = 0;
  for (;;) {
    const page = await withTenant(db, ctx.orgId, (tx) => repo.listIssues(tx, ctx.orgId, id, after, BATCH));
    yield* page;
    const last = page[page.length - 1];
    if (!last || page.length < BATCH) return;
    after = last.line;
  }
}
