import { z } from "zod";
import { IMPORT_DATE_FORMATS } from "../rules/import-dates.ts";
import { uuid } from "./common.ts";

/**
 * Contact import from a file (spec part 2 §3, "Import file"): a preview of the first rows, then
 * an import run polled for its progress, whose refused lines make a downloadable report. Served
 * under /api/patients/import (docs/api.md); administrators only.
 */

/** The 11 columns of the file, in the spec's order, named as the contact's fields. */
export const CONTACT_IMPORT_COLUMNS = [
  "firstname",
  "lastname",
  "phone",
  "email",
  "birthday",
  "address",
  "city",
  "postalCode",
  "language",
  "gender",
  "note",
] as const;
export type ContactImportColumn = (typeof CONTACT_IMPORT_COLUMNS)[number];

/** A 50 000-row CSV is about 6 MB; this leaves room for long notes and for Excel's zip. */
export const CONTACT_IMPORT_MAX_BYTES = 25 * 1024 * 1024;
/** Files longer than this are refused whole (error.import-too-many-rows): split them. */
export const CONTACT_IMPORT_MAX_ROWS = 100_000;
export const CONTACT_IMPORT_PREVIEW_ROWS = 10;
/** The refused lines shown with the run; the downloaded report has them all. */
export const CONTACT_IMPORT_ISSUES_SHOWN = 100;

export const CONTACT_IMPORT_FORMATS = ["csv", "xlsx", "xls"] as const;
export const CONTACT_IMPORT_ENCODINGS = ["utf-8", "windows-1252"] as const;
export const CONTACT_IMPORT_DELIMITERS = [",", ";"] as const;
export const CONTACT_IMPORT_STATUSES = ["running", "done", "failed"] as const;
export type ContactImportStatus = (typeof CONTACT_IMPORT_STATUSES)[number];

/** Why a line is refused; each is the catalogue key `import.reason.<reason>`. */
export const CONTACT_IMPORT_REASONS = [
  "missing-name",
  "bad-phone",
  "bad-email",
  "bad-birthday",
  "bad-language",
  "bad-gender",
  "too-long",
  "column-count",
  "duplicate-in-file",
  "duplicate-existing",
] as const;
export type ContactImportReason = (typeof CONTACT_IMPORT_REASONS)[number];

/** A line of the file: its number (1 is the first line, the header when there is one) and its cells. */
export const contactImportLine = z.object({
  line: z.number().int().min(1),
  cells: z.array(z.string()),
  /** Empty when the line would be imported: the preview runs the import's own checks, existing contacts included. */
  reasons: z.array(z.enum(CONTACT_IMPORT_REASONS)),
});
export type ContactImportLine = z.infer<typeof contactImportLine>;

/** POST patients/import/preview: what the server read from the file. */
export const contactImportPreview = z.object({
  format: z.enum(CONTACT_IMPORT_FORMATS),
  /** CSV only: the text encoding detected. */
  encoding: z.enum(CONTACT_IMPORT_ENCODINGS).nullable(),
  /** CSV only: the separator detected. */
  delimiter: z.enum(CONTACT_IMPORT_DELIMITERS).nullable(),
  /** The first line names the columns (it has no phone number, only words): it is not imported. */
  header: z.array(z.string()).nullable(),
  /** Lines holding data (blank lines and the header apart). */
  totalRows: z.number().int().min(0),
  /**
   * How the birth dates are read: the format chosen, else the one the file's dates tell
   * (rules/import-dates.ts); null when they do not tell (ambiguous, or no date at all).
   */
  dateFormat: z.enum(IMPORT_DATE_FORMATS).nullable(),
  /** Every date could be day or month first: the person chooses, and the import needs that choice. */
  dateFormatAmbiguous: z.boolean(),
  rows: z.array(contactImportLine),
});
export type ContactImportPreview = z.infer<typeof contactImportPreview>;

/**
 * The multipart field `dateFormat`, sent before the file to the preview and the import: how the
 * person says an ambiguous file's dates are written. Anything else answers error.import-date-format.
 */
export const contactImportDateFormat = z.enum(IMPORT_DATE_FORMATS, { message: "error.import-date-format" });

/** An import run: POST patients/import answers it at once (202, running), GET patients/import/{id} as it goes. */
export const contactImport = z.object({
  id: uuid,
  filename: z.string(),
  format: z.enum(CONTACT_IMPORT_FORMATS),
  status: z.enum(CONTACT_IMPORT_STATUSES),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  /** Known once done: contacts are written all together at the end (nothing half-written). */
  imported: z.number().int(),
  refused: z.number().int(),
  /** A failed run's reason (catalogue key); nothing of it was imported. */
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The first CONTACT_IMPORT_ISSUES_SHOWN refused lines, by line number. */
  issues: z.array(contactImportLine),
});
export type ContactImport = z.infer<typeof contactImport>;
