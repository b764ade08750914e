import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { AppError } from "../../platform/errors.ts";
import { openSheet, type SheetLine } from "./read-file.ts";
import { openFirstSheet } from "./xlsx-first-sheet.ts";

async function workbook(fill: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The workbook with its first two tabs swapped, as when a person drags the second tab first:
 * workbook.xml lists the sheets in tab order, their files keep their names (sheet1.xml, sheet2.xml).
 */
async function tabsSwapped(bytes: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const book = await zip.file("xl/workbook.xml")?.async("string");
  if (!book) throw new Error("no workbook.xml");
  zip.file("xl/workbook.xml", book.replace(/(<sheet [^>]*\/>)(<sheet [^>]*\/>)/, "$2$1"));
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

async function linesOf(bytes: Buffer): Promise<SheetLine[]> {
  const sheet = await openSheet(bytes);
  const lines: SheetLine[] = [];
  for await (const line of sheet.lines()) lines.push(line);
  return lines;
}

async function errorOf(work: Promise<unknown>): Promise<AppError> {
  const err: unknown = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

describe("reading an .xlsx", () => {
  it("keeps every accented letter whole, wherever the unpacked text is cut into chunks", async () => {
    // Two-byte letters fill the shared strings, so most chunk boundaries fall inside one:
    // decoding each chunk on its own (ExcelJS's stream pass) turned some "é" into "��".
    const names = Array.from({ length: 3000 }, (_, i) => `${"é".repeat(40 + (i % 7))}${i}`);
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet("Patients");
      for (const name of names) ws.addRow([name, "Côté", 5145550000]);
    });
    const lines = await linesOf(bytes);
    expect(lines).toHaveLength(names.length);
    expect(lines.map((l) => l.cells[0])).toEqual(names);
    expect(lines.every((l) => l.cells[1] === "Côté")).toBe(true);
  });

  it("reads the first sheet in the workbook's tab order, not the first one stored in the zip", async () => {
    const bytes = await workbook((wb) => {
      wb.addWorksheet("Notes").addRow(["Ceci n'est pas un contact"]);
      wb.addWorksheet("Patients").addRow(["Émile", "Nelligan", 5145550000]);
    });
    expect(await linesOf(await tabsSwapped(bytes))).toEqual([{ line: 1, cells: ["Émile", "Nelligan", "5145550000"] }]);
  });

  it("reads the same file again on a second pass (the scan, then the run)", async () => {
    const bytes = await workbook((wb) =>
      wb.addWorksheet("Patients").addRows([
        ["A", "B"],
        ["C", "D"],
      ]),
    );
    const sheet = await openSheet(bytes);
    for (let pass = 0; pass < 2; pass++) {
      const seen: string[][] = [];
      for await (const line of sheet.lines()) seen.push(line.cells);
      expect(seen).toEqual([
        ["A", "B"],
        ["C", "D"],
      ]);
    }
  });

  it("refuses a zip that is no workbook, and one whose first sheet is missing", async () => {
    const notBook = new JSZip();
    notBook.file("xl/hello.txt", "bonjour");
    const noBook = await errorOf(openFirstSheet(await notBook.generateAsync({ type: "nodebuffer" })));
    expect(noBook.code).toBe("error.import-format");

    const cut = await JSZip.loadAsync(await workbook((wb) => wb.addWorksheet("Patients").addRow(["A"])));
    cut.remove("xl/worksheets/sheet1.xml");
    const noSheet = await errorOf(openFirstSheet(await cut.generateAsync({ type: "nodebuffer" })));
    expect(noSheet.code).toBe("error.import-format");
  });

  it("stops unpacking a part past the limit, with its own message", async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet("Patients");
      for (let i = 0; i < 2000; i++) ws.addRow([`Nom ${i}`, `Prénom ${i}`]);
    });
    const err = await errorOf(
      (async () => {
        const sheet = await openFirstSheet(bytes, 4 * 1024);
        for await (const _ of sheet);
      })(),
    );
    expect(err.code).toBe("error.import-unpacked-too-large");
  });
});
