import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import multipart from "@fastify/multipart";
import { EMAIL_SEND_LIMITS, endpoints, isMessageId, sendEmailFields, type SendEmailFields } from "@relais/shared";
import { serve } from "../../platform/http/serve.ts";
import { AppError, type FieldProblem } from "../../platform/errors.ts";
import type { Limit, RateLimiter } from "../../platform/rate-limit.ts";
import type { EmailDeps } from "./email-deps.ts";
import { queueEmail, type EmailUpload } from "./send-service.ts";

/** Sends per person: a busy minute is a few emails, not a mailing. */
const SEND_LIMIT: Limit = { max: 30, windowSeconds: 60 };
/** A text field's bytes: the body's characters may take up to 4 bytes each in UTF-8. */
const FIELD_BYTES = EMAIL_SEND_LIMITS.bodyLength * 4;

const tooLarge = () => new AppError("error.limit-size", 413);

/** The multipart parser's own failures: too many or too large files are the limit's, the rest the client's (400). */
function badMultipart(err: unknown): Error {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === "FST_FILES_LIMIT" || code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  return new AppError("error.bad-request", 400);
}

/** The zod problems of the text fields, as the error handler spells a schema's (one problem: its key on top). */
function invalidFields(issues: readonly { path: PropertyKey[]; message: string; code: string; maximum?: unknown }[]): AppError {
  const fields: FieldProblem[] = issues.map((i) => ({
    path: i.path.map(String).join("."),
    code: isMessageId(i.message) ? i.message : "validation.invalid",
  }));
  const maximum = issues.find((i) => i.code === "too_big")?.maximum;
  const params = typeof maximum === "number" ? { maxLength: maximum } : undefined;
  const only = fields.length === 1 && fields[0] && fields[0].code !== "validation.invalid" ? fields[0].code : null;
  return new AppError(only && isMessageId(only) ? only : "error.validation", 400, params, fields);
}

/**
 * Reads the send form: text fields, and files (parts `attachments`) counted as they stream in. Past
 * 20 MB together the upload is not read further (413 error.limit-size, connection closed).
 */
async function readSendForm(req: FastifyRequest): Promise<SendEmailFields & { files: EmailUpload[] }> {
  if (!req.isMultipart()) throw new AppError("error.bad-request", 415);
  const fields: Record<string, string> = {};
  const files: EmailUpload[] = [];
  let total = 0;
  try {
    for await (const part of req.parts()) {
      if (part.type === "field") {
        if (part.valueTruncated) throw new AppError("validation.max-length", 400, { maxLength: EMAIL_SEND_LIMITS.bodyLength });
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== "attachments") throw new AppError("error.bad-request", 400);
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) {
        total += (chunk as Buffer).length;
        if (total >= EMAIL_SEND_LIMITS.attachmentsBytesUnder) throw tooLarge();
        chunks.push(chunk as Buffer);
      }
      files.push({ filename: part.filename, bytes: Buffer.concat(chunks) });
    }
  } catch (err) {
    throw badMultipart(err);
  }
  const parsed = sendEmailFields.safeParse(fields);
  if (!parsed.success) throw invalidFields(parsed.error.issues);
  return { ...parsed.data, files };
}

/** POST /email-sync/{type}/send/{id}: multipart is parsed only here. */
export function emailSendRoutes(email: EmailDeps, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: EMAIL_SEND_LIMITS.attachmentsBytesUnder,
        files: EMAIL_SEND_LIMITS.attachments,
        fields: 3,
        // One part more than the fields and files allowed: an eleventh file meets the files limit (413), not this one.
        parts: EMAIL_SEND_LIMITS.attachments + 4,
        fieldSize: FIELD_BYTES,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
    serve(app, endpoints.email.send, async ({ ctx, params, req, reply }) => {
      await limiter.hit(`email-send:${ctx.userId}`, SEND_LIMIT);
      try {
        return await queueEmail(email, ctx, params.type, params.id, await readSendForm(req));
      } catch (err) {
        // The rest of a refused upload is not read: the connection closes after the answer.
        if (err instanceof AppError && err.status === 413) reply.header("connection", "close");
        throw err;
      }
    });
  };
}
