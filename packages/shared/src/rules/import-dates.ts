/**
 * Dates of an imported contact file (issue 15 §2): offices export birth dates as YYYY-MM-DD or,
 * from a French Excel, as DD/MM/YYYY (23/04/1982). A file whose day-first dates could all be
 * read month-first too (every number ≤ 12) is ambiguous: the person is asked which it is.
 */

export const IMPORT_DATE_FORMATS = ["YYYY-MM-DD", "DD/MM/YYYY", "MM/DD/YYYY"] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

/** An optional time after the date, as some exports write it (00:00:00). */
const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?`;
const ISO = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`);
const SLASHED = new RegExp(String.raw`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})${TIME}$`);

const two = (n: string) => n.padStart(2, "0");

/**
 * The value as YYYY-MM-DD read with `format` (a year-first date is read as such whatever the
 * file's format), or null when it is not a date of that shape. Whether the day exists is the
 * contact's birthday rule (contracts/contacts.ts), not this one.
 */
export function readImportDate(value: string, format: ImportDateFormat): string | null {
  const v = value.trim();
  const iso = ISO.exec(v);
  if (iso) return `${iso[1]}-${two(iso[2] ?? "")}-${two(iso[3] ?? "")}`;
  const slashed = SLASHED.exec(v);
  if (!slashed || format === "YYYY-MM-DD") return null;
  const [first, second, year] = [slashed[1] ?? "", slashed[2] ?? "", slashed[3] ?? ""];
  const [day, month] = format === "DD/MM/YYYY" ? [first, second] : [second, first];
  if (Number(month) > 12 || Number(day) > 31) return null;
  return `${year}-${two(month)}-${two(day)}`;
}

export interface ImportDateFormatFound {
  /** The format read; null when no date tells (ambiguous, or no date in the file). */
  format: ImportDateFormat | null;
  /** Day-first and month-first both fit every date: the person must choose. */
  ambiguous: boolean;
}

/**
 * Collects a file's date cells one at a time (files are read a line at a time) and tells which
 * format they are in: YYYY-MM-DD when no date is written day or month first; DD/MM/YYYY when a
 * first number is above 12, MM/DD/YYYY when a second one is; ambiguous when none is. A file that
 * contradicts itself is read day-first (the French export), its other dates refused line by line.
 */
export function importDateFormatDetector(): { add: (value: string) => void; found: () => ImportDateFormatFound } {
  let iso = false;
  let slashed = false;
  let dayFirst = true;
  let monthFirst = true;
  return {
    add(value) {
      const v = value.trim();
      if (v === "") return;
      if (ISO.test(v)) {
        iso = true;
        return;
      }
      const m = SLASHED.exec(v);
      if (!m) return;
      slashed = true;
      if (Number(m[1]) > 12) monthFirst = false;
      if (Number(m[2]) > 12) dayFirst = false;
    },
    found() {
      if (!slashed) return { format: iso ? "YYYY-MM-DD" : null, ambiguous: false };
      if (dayFirst && monthFirst) return { format: null, ambiguous: true };
      return { format: monthFirst && !dayFirst ? "MM/DD/YYYY" : "DD/MM/YYYY", ambiguous: false };
    },
  };
}

/** The format of these values (see importDateFormatDetector). */
export function detectImportDateFormat(values: Iterable<string>): ImportDateFormatFound {
  const detector = importDateFormatDetector();
  for (const v of values) detector.add(v);
  return detector.found();
}
