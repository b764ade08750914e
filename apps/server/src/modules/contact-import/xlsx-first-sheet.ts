import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { badRequest } from "../../platform/errors.ts";

/**
 * Opens the first sheet of an .xlsx for reading row by row with ExcelJS 4.4.0's own parsers, but
 * not through its streaming pass over the zip (decision 0047). That pass pauses the unzipper
 * stream between entries and loses some of them when the reader awaits in between (exceljs#3064):
 * an import then failed at random with `error.import-format`. And it decodes each chunk of XML on
 * its own, so a letter like "é" cut between two chunks became two "�" in a patient's name.
 *
 * Here the zip is opened through its central directory (JSZip; the bytes are already in memory),
 * the workbook's parts are parsed in the order the sheet needs them, and each part's text is
 * decoded as one stream.
 */

export type FirstSheet = ExcelJS.stream.xlsx.WorksheetReader;

/** A part bigger than this once unpacked is not a contact list but a zip bomb or a whole database. */
const XLSX_PART_MAX_BYTES = 256 * 1024 * 1024;

/** The steps of ExcelJS 4.4.0's WorkbookReader (exact pin) that its streaming `parse()` runs, driven here one by one. */
interface WorkbookParts {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: Readable, sheetNo: string): Generator<{ eventType: string; value: FirstSheet }>;
}

/** The workbook's first sheet (in tab order), its shared strings and cell formats read; 400 when it is no workbook. */
export async function openFirstSheet(bytes: Buffer, partMaxBytes = XLSX_PART_MAX_BYTES): Promise<FirstSheet> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch (err) {
    throw Object.assign(badRequest("error.import-format"), { cause: err });
  }
  const part = (path: string) => {
    const file = zip.file(path);
    return file ? decodedText(file, partMaxBytes) : null;
  };
  const rels = part("xl/_rels/workbook.xml.rels");
  const book = part("xl/workbook.xml");
  if (!rels || !book) throw badRequest("error.import-format");

  // styles "cache": without the cell formats, dates would come out as serial numbers.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: "emit",
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    entries: "ignore",
  }) as unknown as WorkbookParts;
  await reader._parseRels(rels);
  await reader._parseWorkbook(book);
  const strings = part("xl/sharedStrings.xml");
  // With sharedStrings "cache" the generator yields nothing: it fills the reader's list.
  if (strings) for await (const _ of reader._parseSharedStrings(strings));
  const styles = part("xl/styles.xml");
  if (styles) await reader._parseStyles(styles);

  const firstId = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((rel) => rel.Id === firstId)?.Target;
  const sheet = target ? part(target.startsWith("/") ? target.slice(1) : `xl/${target}`) : null;
  if (!target || !sheet) throw badRequest("error.import-format");
  // The number only names the sheet in ExcelJS's reader; a sheet stored under another name gets 1.
  const sheetNo = /sheet(\d+)\.xml$/.exec(target)?.[1] ?? "1";
  const [emitted] = [...reader._parseWorksheet(sheet, sheetNo)];
  if (!emitted) throw badRequest("error.import-format");
  return emitted.value;
}

/**
 * A part's XML as text, unpacked and decoded as it is read: one decoder for the whole part keeps
 * a character cut between two chunks whole (ExcelJS passes strings through as they are).
 */
function decodedText(file: JSZip.JSZipObject, maxBytes: number): Readable {
  async function* chunks(): AsyncGenerator<string> {
    const decoder = new TextDecoder("utf-8");
    let unpacked = 0;
    // JSZip answers an old-style stream; wrap() makes it one that for-await reads, errors included.
    const unpacking = new Readable().wrap(file.nodeStream("nodebuffer"));
    for await (const chunk of unpacking as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      if (unpacked > maxBytes) {
        throw badRequest("error.import-unpacked-too-large", { max: Math.round(maxBytes / (1024 * 1024)) });
      }
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  }
  return Readable.from(chunks());
}
