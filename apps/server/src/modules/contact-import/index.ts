/** The contact-import module's public face: its routes (app.ts); the contacts it reads go through contacts' face. */

/** CSV, .xlsx and .xls import: preview, progress, report. */
export { contactImportRoutes } from "./routes.ts";
