import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isMessageId, type ErrorResponse, type Locale, type MessageId } from "@relais/shared";
import { AppError, type FieldProblem } from "./errors.ts";
import { unstorableText } from "./pg-errors.ts";
import { localeFromHeader, translate } from "./i18n.ts";

/** The language of an error answer: the signed-in user's, else the browser's. */
function requestLocale(request: FastifyRequest): Locale {
  return request.ctx?.locale ?? localeFromHeader(request.headers["accept-language"]);
}

function fieldProblems(error: { validation: { instancePath: string; message?: string; params: Record<string, unknown> }[] }): {
  fields: FieldProblem[];
  params: Record<string, number>;
} {
  const params: Record<string, number> = {};
  const fields = error.validation.map((v) => {
    const code = v.message && isMessageId(v.message) ? v.message : "validation.invalid";
    // fastify-type-provider-zod puts the zod issue's own fields (maximum, origin…) in params.
    const maximum = v.params["maximum"];
    if (code === "validation.max-length" && typeof maximum === "number") params["maxLength"] = maximum;
    return { path: v.instancePath.replace(/^\//, "").replaceAll("/", "."), code };
  });
  return { fields, params };
}

/** Fastify's own errors mapped to catalogue keys; anything unknown is a 500. */
const FASTIFY_CODES: Record<string, [MessageId, number]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ["error.bad-request", 400],
  FST_ERR_CTP_EMPTY_JSON_BODY: ["error.bad-request", 400],
  FST_ERR_CTP_BODY_TOO_LARGE: ["error.payload-too-large", 413],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ["error.bad-request", 415],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ["error.bad-request", 400],
  FST_ERR_VALIDATION: ["error.validation", 400],
};

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: MessageId,
  extra: Omit<ErrorResponse["error"], "code" | "message"> = {},
) {
  const body: ErrorResponse = {
    error: { code, message: translate(requestLocale(request), code, extra.params), ...extra },
  };
  return reply.status(status).type("application/json").send(body);
}

/**
 * Errors of the router itself (a malformed percent-encoding, a path parameter longer than
 * maxParamLength) never reach setErrorHandler; Fastify calls this instead, so they too answer
 * in the one JSON shape.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  if (status === 500) request.log.error({ err }, "router error");
  void send(reply, request, status, status === 500 ? "error.unknown" : "error.bad-request");
}

/** One error type in, one JSON shape out: `{error: {code, message, params, fields}}`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      const extra: Omit<ErrorResponse["error"], "code" | "message"> = {};
      if (err.params) extra.params = err.params;
      if (err.fields) extra.fields = err.fields;
      if (err.status === 429 && err.params?.["retry"] !== undefined) reply.header("retry-after", String(err.params["retry"]));
      return send(reply, request, err.status, err.code, extra);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const { fields, params } = fieldProblems(err);
      // A single problem carries its own key (e.g. error.phone-invalid) to the top for the web.
      const only =
        fields.length === 1 && fields[0] && fields[0].code !== "validation.invalid" && isMessageId(fields[0].code) ? fields[0].code : null;
      return send(reply, request, 400, only ?? "error.validation", { fields, ...(Object.keys(params).length ? { params } : {}) });
    }
    if (isResponseSerializationError(err)) {
      // The server's own answer broke its contract: a bug. The answer names the fields (never
      // their values) so that a failing test or a bug report says where to look.
      const fields = err.cause.issues.map((i) => i.path.join(".")).join(", ");
      request.log.error({ err, issues: err.cause.issues }, "answer does not match its schema");
      return send(reply, request, 500, "error.unknown", { params: { fields } });
    }
    const code = "code" in err && typeof err.code === "string" ? FASTIFY_CODES[err.code] : undefined;
    if (code) return send(reply, request, code[1], code[0]);
    // A NUL character passes every schema but no PostgreSQL text column: a bad request, not a 500.
    if (unstorableText(err)) return send(reply, request, 400, "error.bad-request");
    const status = "statusCode" in err && typeof err.statusCode === "number" ? err.statusCode : 500;
    if (status >= 400 && status < 500) return send(reply, request, status, "error.bad-request");
    request.log.error({ err }, "unhandled error");
    return send(reply, request, 500, "error.unknown");
  });

  app.setNotFoundHandler((request, reply) => send(reply, request, 404, "error.not-found"));
}
