import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import multipart from "@fastify/multipart";
import { endpoints, isAcceptedMediaType, MEDIA_UPLOAD_MAX_BYTES } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import { AppError } from "../../platform/errors.ts";
import type { Limit } from "../../platform/rate-limit.ts";
import { contentDisposition } from "../../platform/storage/file-names.ts";
import { openMedia, openSignedMedia, uploadMedia, type OpenedMedia, type Upload } from "./media.ts";
import type { MessagingDeps } from "./messaging-deps.ts";

/** Uploads per person: a message carries 10 files at most, a busy minute a few messages. */
const UPLOAD_LIMIT: Limit = { max: 60, windowSeconds: 60 };
/** The public link, per address: Twilio fetches each file once, the simulator a few times. */
const LINK_LIMIT: Limit = { max: 300, windowSeconds: 60 };

const fileRequired = () => new AppError("validation.required", 400, undefined, [{ path: "file", code: "validation.required" }]);

/** The multipart parser's own failures (a cut body, a broken boundary) are the client's: 400, not 500. */
function badMultipart(err: unknown): Error {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? (err as Error) : new AppError("error.bad-request", 400);
}

type FilePart = NodeJS.ReadableStream & { truncated?: boolean };

/**
 * Reads an uploaded file up to the multipart limit (MEDIA_UPLOAD_MAX_BYTES) and stops there: the
 * parser signals `limit` and keeps nothing further, so a 1 GB upload never sits in memory.
 */
function readCapped(file: FilePart, filename: string): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const done = (truncated: boolean) => resolve({ bytes: Buffer.concat(chunks), truncated, filename });
    file.on("data", (chunk: Buffer) => chunks.push(chunk));
    file.once("limit", () => done(true));
    file.once("end", () => done(file.truncated === true));
    file.once("error", reject);
    // Closed before its end without an error (the client went away): not a whole file.
    file.once("close", () => reject(new AppError("error.bad-request", 400)));
  });
}

/** Media types a browser may show in place; anything else (a PDF, an unknown file) is a download. */
function disposition(contentType: string): "inline" | "attachment" {
  return isAcceptedMediaType(contentType) && contentType !== "application/pdf" ? "inline" : "attachment";
}

/** The bytes of a stored file, with headers that keep a browser from guessing or running anything. */
function sendFile(reply: FastifyReply, { row, stream }: OpenedMedia) {
  return reply
    .type(row.content_type)
    .header("content-length", String(row.size))
    .header("content-disposition", contentDisposition(disposition(row.content_type), row.filename))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cache-control", "private")
    .send(stream);
}

/**
 * Staff routes of media, under /api/messaging/v1: upload one file (multipart, field `file`), and
 * read a file back as a blob. Multipart is parsed only here.
 */
export function mediaRoutes(deps: AppDeps, messaging: MessagingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MEDIA_UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1000, headerPairs: 20 },
    });

    serve(app, endpoints.messaging.upload, async ({ ctx, req, reply }) => {
      await deps.limiter.hit(`media-upload:${ctx.userId}`, UPLOAD_LIMIT);
      if (!req.isMultipart()) throw new AppError("error.bad-request", 415);
      const part = await req.file({ throwFileSizeLimit: false }).catch((err: unknown) => Promise.reject(badMultipart(err)));
      if (!part || part.fieldname !== "file") throw fileRequired();
      const upload = await readCapped(part.file, part.filename).catch((err: unknown) => Promise.reject(badMultipart(err)));
      // The rest of an oversized upload is not read: the connection closes after the answer.
      if (upload.truncated) reply.header("connection", "close");
      return uploadMedia(messaging, ctx, upload);
    });

    serve(app, endpoints.messaging.file, async ({ params, ctx, reply }) => sendFile(reply, await openMedia(messaging, ctx, params.id)));
  };
}

/**
 * GET /api/media/{id}?exp&sig: the public, signed, time-limited link a carrier (Twilio's
 * MediaUrl) or the phone simulator fetches a file from; rate limited per address.
 */
export function publicMediaRoutes(deps: AppDeps, messaging: MessagingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.messaging.signedFile, async ({ params, query, req, reply }) => {
      await deps.limiter.hit(`media-link:${req.ip}`, LINK_LIMIT);
      return sendFile(reply, await openSignedMedia(messaging, params.id, query.exp, query.sig));
    });
  };
}
