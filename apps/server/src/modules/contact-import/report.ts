import { CONTACT_IMPORT_COLUMNS, messages, type Locale, type MessageId } from "@relais/shared";
import type { IssueRow } from "./repo.ts";

/**
 * The downloadable report of an import: one CSV line per refused line of the file, with its
 * number, its reasons in the reader's language and its cells as read, so the person can fix them
 * and import the report's lines again. `;` in French (Excel fr-CA reads `,` as the decimal mark),
 * `,` in English; a UTF-8 BOM so that Excel shows the accents.
 */

/** A cell that a spreadsheet would run as a formula is written as text (CSV injection). */
function neutralised(value: string): string {
  if (/^[=@\t\r]/.test(value)) return `'${value}`;
  // "+1 514…" and "-" alone are harmless; "+cmd|…" is not.
  if (/^[+-]/.test(value) && !/^[+-][\d\s().-]*$/.test(value)) return `'${value}`;
  return value;
}

function csvCell(value: string, delimiter: string): string {
  const v = neutralised(value);
  return v.includes(delimiter) || /["\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function reportDelimiter(locale: Locale): string {
  return locale === "fr-CA" ? ";" : ",";
}

export function reportHeader(locale: Locale): string {
  const t = messages[locale];
  const d = reportDelimiter(locale);
  const titles = [t["import.report.line"], t["import.report.reasons"], ...CONTACT_IMPORT_COLUMNS.map((c) => t[`import.column.${c}`])];
  return `\uFEFF${titles.map((v) => csvCell(v, d)).join(d)}\r\n`;
}

export function reportLine(issue: IssueRow, locale: Locale): string {
  const t = messages[locale];
  const d = reportDelimiter(locale);
  const reasons = issue.reasons.map((r) => t[`import.reason.${r}` as MessageId] ?? r).join(" / ");
  return `${[String(issue.line), reasons, ...issue.cells].map((v) => csvCell(v, d)).join(d)}\r\n`;
}
