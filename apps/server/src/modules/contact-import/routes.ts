import { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import multipart from "@fastify/multipart";
import { CONTACT_IMPORT_MAX_BYTES, contactImportDateFormat, endpoints, type ImportDateFormat } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import { AppError, badRequest } from "../../platform/errors.ts";
import type { Limit } from "../../platform/rate-limit.ts";
import { contentDisposition } from "../../platform/storage/file-names.ts";
import { reportHeader, reportLine } from "./report.ts";
import * as svc from "./service.ts";

/** Reading a file costs a full pass over it: a few previews and imports a minute are plenty. */
const UPLOAD_LIMIT: Limit = { max: 30, windowSeconds: 60 };

type FilePart = NodeJS.ReadableStream & { truncated?: boolean };

const fileRequired = () => new AppError("validation.required", 400, undefined, [{ path: "file", code: "validation.required" }]);
const tooLarge = () => badRequest("error.import-too-large", { max: CONTACT_IMPORT_MAX_BYTES / (1024 * 1024) });

/** The multipart parser's own failures (a cut body, a broken boundary) are the client's: 400, not 500. */
function badMultipart(err: unknown): Error {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? (err as Error) : new AppError("error.bad-request", 400);
}

/** The uploaded file (field `file`) up to CONTACT_IMPORT_MAX_BYTES; a larger one is refused, not cut. */
async function readUpload(req: FastifyRequest): Promise<svc.Upload> {
  if (!req.isMultipart()) throw new AppError("error.bad-request", 415);
  const part = await req.file({ throwFileSizeLimit: false }).catch((err: unknown) => Promise.reject(badMultipart(err)));
  if (!part || part.fieldname !== "file") throw fileRequired();
  const file = part.file as FilePart;
  const dateFormat = dateFormatField(part.fields["dateFormat"]);
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on("data", (chunk: Buffer) => chunks.push(chunk));
    file.once("limit", () => reject(tooLarge()));
    file.once("end", () => (file.truncated ? reject(tooLarge()) : resolve(Buffer.concat(chunks))));
    file.once("error", (err: unknown) => reject(badMultipart(err)));
  });
  return { bytes, filename: part.filename.slice(0, 255) || "contacts", dateFormat };
}

/** The `dateFormat` field sent before the file, when the person chose one (error.import-date-format otherwise). */
function dateFormatField(field: unknown): ImportDateFormat | null {
  if (field === undefined) return null;
  const value = Array.isArray(field) ? undefined : (field as { type?: unknown; value?: unknown }).value;
  const parsed = contactImportDateFormat.safeParse(value);
  if (!parsed.success) throw badRequest("error.import-date-format");
  return parsed.data;
}

/**
 * Contact import under /api/patients/import (spec part 2 §3): administrators only, as bringing
 * in thousands of patients at once is (docs/decisions/0010-contact-import.md).
 */
export function contactImportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: CONTACT_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1000, headerPairs: 20 },
    });
    // Runs go on after their request has been answered; the server waits for them before it stops.
    const running = new Set<Promise<void>>();
    app.addHook("onClose", async () => {
      await Promise.allSettled([...running]);
    });
    const track = (work: Promise<void>) => {
      running.add(work);
      void work.finally(() => running.delete(work));
    };

    serve(app, endpoints.contactImport.preview, async ({ ctx, req }) => {
      await deps.limiter.hit(`contact-import:${ctx.userId}`, UPLOAD_LIMIT);
      return svc.previewImport(db, ctx, await readUpload(req));
    });

    serve(app, endpoints.contactImport.start, async ({ ctx, req }) => {
      await deps.limiter.hit(`contact-import:${ctx.userId}`, UPLOAD_LIMIT);
      const upload = await readUpload(req);
      return svc.startImport(db, ctx, upload, req.log, track);
    });

    serve(app, endpoints.contactImport.progress, ({ params, ctx }) => svc.getImport(db, ctx, params.id));

    serve(app, endpoints.contactImport.report, async ({ params, ctx, reply }) => {
      const run = await svc.finishedImport(db, ctx, params.id);
      async function* lines() {
        yield reportHeader(ctx.locale);
        for await (const issue of svc.importIssues(db, ctx, run.id)) yield reportLine(issue, ctx.locale);
      }
      const name = `${run.filename.replace(/\.[^.]*$/, "")}-${ctx.locale === "fr-CA" ? "rapport" : "report"}.csv`;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", contentDisposition("attachment", name))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private")
        .send(Readable.from(lines()));
    });
  };
}
