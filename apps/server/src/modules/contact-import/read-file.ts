import { Readable } from "node:stream";
import { parse } from "csv-parse";
import * as XLSX from "@e965/xlsx";
import { fileTypeFromBuffer } from "file-type";
import { CONTACT_IMPORT_COLUMNS, type ContactImportPreview } from "@relais/shared";
import { AppError, badRequest } from "../../platform/errors.ts";
import { openFirstSheet } from "./xlsx-first-sheet.ts";

/**
 * Reads an uploaded contact file, CSV or Excel (.xlsx, or the old binary .xls), as numbered lines
 * of text cells, one line at a time: the file's bytes stay in memory (they are capped), its rows
 * never all at once — except an .xls, whose format has no streaming reader (decision 0010).
 */

export type SheetLine = { line: number; cells: string[] };

export type Sheet = {
  format: ContactImportPreview["format"];
  encoding: ContactImportPreview["encoding"];
  delimiter: ContactImportPreview["delimiter"];
  /** A fresh pass over the file's non-blank lines; each call reads it again from the start. */
  lines: () => AsyncGenerator<SheetLine>;
};

const COLUMNS = CONTACT_IMPORT_COLUMNS.length;
/** Text is fed to the CSV parser in slices this big, so it never builds every record of a large file at once. */
const SLICE = 64 * 1024;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/**
 * A stream read with for-await moves on in microtasks, which never let the server answer other
 * requests: a 50 000-line file would hold it for a second or more. So every YIELD_EVERY lines the
 * reading waits for the event loop's next turn.
 */
const YIELD_EVERY = 200;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Opens `bytes` as a sheet, or answers 400 with why not (empty, not a spreadsheet). */
export async function openSheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.length === 0) throw badRequest("error.import-empty");
  const type = await fileTypeFromBuffer(bytes);
  if (type?.ext === "xlsx") return xlsxSheet(bytes);
  // The old binary Excel format (BIFF) lives in a Compound File.
  if (type?.ext === "cfb") return xlsSheet(bytes);
  if (type || looksBinary(bytes)) throw badRequest("error.import-format");
  return csvSheet(bytes);
}

/** Control characters other than tab, line feed and carriage return do not occur in a CSV file. */
function looksBinary(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 64 * 1024);
  let control = 0;
  for (const b of head) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) control++;
  return control > 0;
}

// ---- CSV --------------------------------------------------------------------------------------

/** UTF-8 when the bytes are valid UTF-8 (with or without a BOM), else Windows-1252 (Excel's French CSV). */
function detectEncoding(bytes: Buffer): "utf-8" | "windows-1252" {
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) return "utf-8";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

/** The separators of a line outside double quotes. */
function countOutsideQuotes(line: string, ch: string): number {
  let inQuotes = false;
  let n = 0;
  for (const c of line) {
    if (c === '"') inQuotes = !inQuotes;
    else if (c === ch && !inQuotes) n++;
  }
  return n;
}

/**
 * `;` (French spreadsheets, where `,` is the decimal mark) or `,`: the one that cuts the first line
 * into 11 columns, else the more frequent one, `,` when neither occurs.
 */
export function detectDelimiter(firstLine: string): "," | ";" {
  const semi = countOutsideQuotes(firstLine, ";");
  const comma = countOutsideQuotes(firstLine, ",");
  if (semi === COLUMNS - 1) return ";";
  if (comma === COLUMNS - 1) return ",";
  return semi > comma ? ";" : ",";
}

function* decodedSlices(bytes: Buffer, encoding: "utf-8" | "windows-1252"): Generator<string> {
  // ignoreBOM false: the decoder drops a leading UTF-8 BOM itself.
  const decoder = new TextDecoder(encoding);
  for (let i = 0; i < bytes.length; i += SLICE) yield decoder.decode(bytes.subarray(i, i + SLICE), { stream: true });
  yield decoder.decode();
}

function firstNonBlankLine(bytes: Buffer, encoding: "utf-8" | "windows-1252"): string {
  const text = new TextDecoder(encoding).decode(bytes.subarray(0, 64 * 1024));
  return text.split(/\r\n|\n|\r/).find((l) => l.trim() !== "") ?? "";
}

function csvSheet(bytes: Buffer): Sheet {
  const encoding = detectEncoding(bytes);
  const delimiter = detectDelimiter(firstNonBlankLine(bytes, encoding));
  async function* lines(): AsyncGenerator<SheetLine> {
    const parser = Readable.from(decodedSlices(bytes, encoding)).pipe(
      parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, trim: true }),
    );
    let read = 0;
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (record.every((c) => c === "")) continue;
      yield { line: info.lines, cells: record };
      if (++read % YIELD_EVERY === 0) await turn();
    }
  }
  return { format: "csv", encoding, delimiter, lines };
}

// ---- Excel ------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, "0");

const richText = (runs: { text: string }[]) =>
  runs
    .map((r) => r.text)
    .join("")
    .trim();

/** A cell's value as the text a person sees: dates as YYYY-MM-DD, formulas as their result. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) {
    // Excel dates carry no time zone: exceljs reads them as UTC midnight.
    return Number.isNaN(value.getTime()) ? "" : `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "object") {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return richText(v.richText);
    if ("result" in v) return cellText(v.result);
    if (typeof v.text === "string") return v.text.trim();
  }
  return "";
}

function xlsxSheet(bytes: Buffer): Sheet {
  async function* lines(): AsyncGenerator<SheetLine> {
    try {
      // A fresh reader each pass: the scan reads the file once, the run again.
      const worksheet = await openFirstSheet(bytes);
      for await (const row of worksheet) {
        // row.values is 1-based: index 0 is always empty.
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = Array.from(values, cellText);
        while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
        if (cells.length === 0) continue;
        yield { line: row.number, cells };
        if (row.number % YIELD_EVERY === 0) await turn();
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      // A zip that file-type took for a workbook but whose sheet does not parse.
      throw Object.assign(badRequest("error.import-format"), { cause: err });
    }
  }
  return { format: "xlsx", encoding: null, delimiter: null, lines };
}

// ---- Old Excel (.xls) -------------------------------------------------------------------------

/** Days from Excel's day 0 (1899-12-30 in the 1900 system) to 1970-01-01; 1462 more in the 1904 system. */
const EXCEL_EPOCH_DAYS = 25569;
const DATE1904_DAYS = 1462;

/** Whether a number format shows a date (SheetJS's own test, typed here as the library leaves it untyped). */
const isDateFormat = (format: string): boolean => (XLSX.SSF as { is_date: (f: string) => boolean }).is_date(format);

function xlsCellText(cell: XLSX.CellObject | undefined, date1904: boolean): string {
  if (!cell) return "";
  if (cell.t === "n" && typeof cell.v === "number") {
    if (typeof cell.z === "string" && isDateFormat(cell.z)) {
      const days = Math.floor(cell.v) - EXCEL_EPOCH_DAYS + (date1904 ? DATE1904_DAYS : 0);
      const d = new Date(days * 86_400_000);
      return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    }
    return String(cell.v);
  }
  if (cell.t === "s" && typeof cell.v === "string") return cell.v.trim();
  if (cell.t === "b") return String(cell.v);
  return "";
}

/**
 * An .xls read whole by SheetJS Community Edition 0.20.3 (`@e965/xlsx`, the vendor's build
 * republished on npm; decision 0010): no formulas, styles or HTML kept, the first sheet only,
 * numbers formatted as dates read as the calendar day they show.
 */
function xlsSheet(bytes: Buffer): Sheet {
  let data: XLSX.CellObject[][];
  let date1904: boolean;
  try {
    const wb = XLSX.read(bytes, {
      type: "buffer",
      dense: true,
      sheets: 0,
      cellNF: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
    });
    if (wb.SheetNames.length === 0) throw new Error("no sheet");
    const first = wb.Sheets[wb.SheetNames[0] ?? ""] as XLSX.DenseSheet | undefined;
    data = first?.["!data"] ?? [];
    date1904 = wb.Workbook?.WBProps?.date1904 === true;
  } catch (err) {
    throw Object.assign(badRequest("error.import-format"), { cause: err });
  }
  async function* lines(): AsyncGenerator<SheetLine> {
    for (let r = 0; r < data.length; r++) {
      const cells = Array.from(data[r] ?? [], (cell) => xlsCellText(cell, date1904));
      while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
      if (cells.length === 0) continue;
      yield { line: r + 1, cells };
      if ((r + 1) % YIELD_EVERY === 0) await turn();
    }
  }
  return { format: "xls", encoding: null, delimiter: null, lines };
}
