import { describe, expect, it } from "vitest";
import { formatPhoneForDisplay } from "@relais/shared";
import { apiSuite, expectError, uniquePhone } from "../../../test/helpers.ts";
import { createContact, rowsOf } from "../contacts/contacts-test-kit.ts";
import { csvFile, importFile, postFile, preview, xlsFile, xlsxFile, adminOfNewOrg, HEADER_FR } from "./import-test-kit.ts";

/**
 * Files shaped like what offices export (issue 15 §2): a French Excel's "CSV" (Windows-1252, `;`,
 * DD/MM/YYYY, phones as (514) 555-1234), UTF-8 with a BOM, old .xls and .xlsx workbooks.
 */

const { t } = apiSuite({ tenants: 0 });

async function birthdaysOf(orgId: string): Promise<Record<string, string | null>> {
  const rows = await rowsOf(t, orgId, `select last_name, birthday::text as birthday from contacts where organization_id = '${orgId}'`);
  return Object.fromEntries(rows.map((r) => [String(r.last_name), typeof r.birthday === "string" ? r.birthday : null]));
}

/** Ten patients as a French Excel writes them, days above 12 included. */
function frenchExport(): { lines: string[]; days: string[] } {
  const days = [
    "23/04/1982",
    "05/11/1975",
    "30/01/1990",
    "14/07/1968",
    "01/02/2001",
    "19/09/1955",
    "08/08/1988",
    "27/12/1979",
    "03/06/1995",
    "15/10/1963",
  ];
  const lines = days.map((d, i) => {
    const n = String(1000 + i * 37 + (Date.now() % 50)).slice(-4);
    return `Élise;Côté${i};(514) 555-${n};elise${i}@exemple.ca;${d};12 rue des Érables;Montréal;H2X 1Y${i};Français;F;Préfère le matin`;
  });
  return { lines: [HEADER_FR, ...lines], days };
}

describe("a French Excel export", () => {
  it("imports all 10 rows of a Windows-1252 ';' file with DD/MM/YYYY dates, and the preview says so", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const file = csvFile(frenchExport().lines, "windows-1252");
    const seen = await preview(t, token, "export.csv", file);
    expect(seen).toMatchObject({
      encoding: "windows-1252",
      delimiter: ";",
      dateFormat: "DD/MM/YYYY",
      dateFormatAmbiguous: false,
      totalRows: 10,
    });
    expect(seen.rows.map((r) => r.reasons)).toEqual(Array.from({ length: 10 }, () => []));
    const run = await importFile(t, token, "export.csv", file);
    expect(run).toMatchObject({ status: "done", imported: 10, refused: 0 });
    expect((await birthdaysOf(org.orgId))["Côté0"]).toBe("1982-04-23");
  });

  it("reads UTF-8 with a BOM the same way", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const run = await importFile(t, token, "export.csv", csvFile(frenchExport().lines, "utf-8-bom"));
    expect(run).toMatchObject({ status: "done", imported: 10, refused: 0 });
    expect((await birthdaysOf(org.orgId))["Côté2"]).toBe("1990-01-30");
  });
});

describe("ambiguous dates", () => {
  const lines = () => [
    HEADER_FR,
    `Anne;Avril;${uniquePhone()};;03/04/1982;;;;;;`,
    `Paul;Mai;${uniquePhone()};;12/05/1990;;;;;;`,
    `Léa;Iso;${uniquePhone()};;1975-06-30;;;;;;`,
  ];

  it("asks which format when every date could be day or month first, and imports with the one chosen", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const file = csvFile(lines());
    expect(await preview(t, token, "ambigu.csv", file)).toMatchObject({ dateFormat: null, dateFormatAmbiguous: true });
    expect(await preview(t, token, "ambigu.csv", file, "MM/DD/YYYY")).toMatchObject({
      dateFormat: "MM/DD/YYYY",
      dateFormatAmbiguous: true,
    });
    // Not guessed: the person says which.
    expectError(await postFile(t, token, "", "ambigu.csv", file), 400, "error.import-date-format");
    expectError(await postFile(t, token, "", "ambigu.csv", file, "DD-MM"), 400, "error.import-date-format");
    const run = await importFile(t, token, "ambigu.csv", file, "MM/DD/YYYY");
    expect(run).toMatchObject({ status: "done", imported: 3, refused: 0 });
    expect(await birthdaysOf(org.orgId)).toEqual({ Avril: "1982-03-04", Mai: "1990-12-05", Iso: "1975-06-30" });
  });
});

describe("the preview runs the import's checks", () => {
  it("marks an existing contact and every reason of a line", async () => {
    const { token } = await adminOfNewOrg(t);
    const existing = uniquePhone();
    await createContact(t, token, { firstname: "Déjà", lastname: "Là", phone: existing });
    const twice = uniquePhone();
    const file = csvFile([
      HEADER_FR,
      `Déjà;Là;${existing};;;;;;;;`,
      `Marc;Double;${twice};;;;;;;;`,
      `Marc;Double;${twice};pas@;;;;;klingon;;`,
    ]);
    const seen = await preview(t, token, "verif.csv", file);
    const run = await importFile(t, token, "verif.csv", file);
    const byLine = Object.fromEntries(run.issues.map((i) => [i.line, [...i.reasons].sort()]));
    expect(byLine).toEqual({ 2: ["duplicate-existing"], 4: ["bad-email", "bad-language", "duplicate-in-file"] });
    expect(Object.fromEntries(seen.rows.filter((r) => r.reasons.length).map((r) => [r.line, [...r.reasons].sort()]))).toEqual(byLine);
  });
});

describe("Excel workbooks", () => {
  const rows = () => [
    ["Prénom", "Nom", "Téléphone", "Courriel", "Date de naissance", "Adresse", "Ville", "Code postal", "Langue", "Genre", "Note"],
    ["Hélène", "Classeur", formatPhoneForDisplay(uniquePhone()), "", new Date(Date.UTC(1982, 3, 23)), "", "Québec", "", "fr", "F"],
    ["Marc", "Texte", uniquePhone(), "marc@exemple.ca", "23/04/1982", "", "", "", "en", "M", "note"],
  ];

  it("imports an old .xls workbook, its first sheet only", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const file = xlsFile(rows());
    const seen = await preview(t, token, "patients.xls", file);
    expect(seen).toMatchObject({ format: "xls", totalRows: 2, dateFormat: "DD/MM/YYYY" });
    const run = await importFile(t, token, "patients.xls", file);
    expect(run).toMatchObject({ status: "done", format: "xls", imported: 2, refused: 0 });
    expect(await birthdaysOf(org.orgId)).toEqual({ Classeur: "1982-04-23", Texte: "1982-04-23" });
  });

  it("imports an .xlsx workbook with dates as Excel keeps them and as text", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const run = await importFile(t, token, "patients.xlsx", await xlsxFile(rows()));
    expect(run).toMatchObject({ status: "done", format: "xlsx", imported: 2, refused: 0 });
    expect(await birthdaysOf(org.orgId)).toEqual({ Classeur: "1982-04-23", Texte: "1982-04-23" });
  });

  it("refuses a Compound File that is no workbook", async () => {
    const { token } = await adminOfNewOrg(t);
    // A Compound File header followed by nothing a spreadsheet reader understands.
    const cfb = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(1024, 0)]);
    expectError(await postFile(t, token, "/preview", "vieux.xls", cfb), 400, "error.import-format");
  });
});
