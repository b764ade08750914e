import { expect } from "vitest";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import type { ContactImport, ContactImportPreview } from "@relais/shared";
import type { Tenant, TestApp } from "../../../test/helpers.ts";
import { multipartFile } from "../messaging/media-test-kit.ts";

/** Shared steps of the contact import API tests. */

export const API = "/api/patients/import";

/** The header row a French spreadsheet export writes. */
export const HEADER_FR = "Prénom;Nom;Téléphone;Courriel;Date de naissance;Adresse;Ville;Code postal;Langue;Genre;Note";

/** A fresh organisation and its administrator's token: every test counts its own contacts. */
export async function adminOfNewOrg(t: TestApp): Promise<{ org: Tenant; token: string }> {
  const org = await t.tenant();
  return { org, token: await t.as(org.users.admin) };
}

/** A CSV file of `lines` joined by CRLF, as spreadsheets write them, in `encoding`. */
export function csvFile(lines: string[], encoding: "utf-8" | "utf-8-bom" | "windows-1252" = "utf-8"): Buffer {
  const text = `${lines.join("\r\n")}\r\n`;
  // Windows-1252 and Latin-1 agree on every accented letter of French.
  if (encoding === "windows-1252") return Buffer.from(text, "latin1");
  const bytes = Buffer.from(text, "utf8");
  return encoding === "utf-8-bom" ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes;
}

/** An Excel workbook whose first sheet holds `rows`. */
export async function xlsxFile(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Patients");
  for (const row of rows) ws.addRow(row);
  wb.addWorksheet("Notes").addRow(["Ceci n'est pas un contact", "", "5145550000"]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An old binary Excel workbook (.xls, BIFF8 in a Compound File) whose first sheet holds `rows`. */
export function xlsFile(rows: unknown[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), "Patients");
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([["Ceci n'est pas un contact", "", "5145550000"]]), "Notes");
  return Buffer.from(XLSX.write(wb, { type: "buffer", bookType: "xls" }) as Uint8Array);
}

/** The multipart body of a file, with the date format the person chose before it when there is one. */
function upload(filename: string, bytes: Buffer, dateFormat?: string): { payload: Buffer; headers: Record<string, string> } {
  const file = multipartFile(filename, bytes);
  if (!dateFormat) return file;
  const boundary = /boundary=(.+)$/.exec(file.headers["content-type"] ?? "")?.[1] ?? "";
  const field = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dateFormat"\r\n\r\n${dateFormat}\r\n`);
  return { payload: Buffer.concat([field, file.payload]), headers: file.headers };
}

export function postFile(t: TestApp, token: string, path: "" | "/preview", filename: string, bytes: Buffer, dateFormat?: string) {
  return t.request({ method: "POST", url: `${API}${path}`, token, ...upload(filename, bytes, dateFormat) });
}

export async function preview(
  t: TestApp,
  token: string,
  filename: string,
  bytes: Buffer,
  dateFormat?: string,
): Promise<ContactImportPreview> {
  const res = await postFile(t, token, "/preview", filename, bytes, dateFormat);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContactImportPreview>();
}

/** Starts an import and waits for its end; answers the ended run. */
export async function importFile(t: TestApp, token: string, filename: string, bytes: Buffer, dateFormat?: string): Promise<ContactImport> {
  const res = await postFile(t, token, "", filename, bytes, dateFormat);
  expect(res.statusCode, res.body).toBe(202);
  const started = res.json<ContactImport>();
  expect(started.status).toBe("running");
  return waitForEnd(t, token, started.id);
}

export async function waitForEnd(t: TestApp, token: string, id: string): Promise<ContactImport> {
  for (let i = 0; i < 600; i++) {
    const res = await t.request({ method: "GET", url: `${API}/${id}`, token });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json<ContactImport>();
    if (run.status !== "running") return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} did not end`);
}
