import { idParams } from "../contracts/common.ts";
import { contactImport, contactImportPreview } from "../contracts/contact-import.ts";
import { endpoint } from "./endpoint.ts";

export const contactImportEndpoints = {
  preview: endpoint({
    method: "POST",
    path: "/patients/import/preview",
    summary:
      "CSV, .xlsx or .xls (≤ 25 MB): format, encoding, separator, title line, date format read (or `dateFormatAmbiguous`), line count, first 10 lines with every reason the run would give; 400 `error.import-empty`, `error.import-format`, `error.import-columns`",
    access: { role: "admin" },
    bodyKind: "multipart",
    response: contactImportPreview,
  }),
  start: endpoint({
    method: "POST",
    path: "/patients/import",
    summary:
      "Status `running`; same 400s as the preview, 400 `error.import-date-format` when the dates are ambiguous and no `dateFormat` field came first; 409 `error.import-running`",
    access: { role: "admin" },
    bodyKind: "multipart",
    response: contactImport,
    status: 202,
  }),
  progress: endpoint({
    method: "GET",
    path: "/patients/import/:id",
    summary: "Progress `processedRows` of `totalRows`; once `done`: `imported`, `refused` and the first 100 refused lines",
    access: { role: "admin" },
    params: idParams,
    response: contactImport,
  }),
  report: endpoint({
    method: "GET",
    path: "/patients/import/:id/report.csv",
    summary:
      "A CSV of every refused line: number, reasons and cells, in the reader's language; 409 `error.import-running` / `error.import-failed`",
    access: { role: "admin" },
    params: idParams,
    answer: "file",
  }),
};
