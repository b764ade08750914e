/** Parameters of a catalogue message, as the server sends them (`{retry: 30}`). */
export type ErrorParams = Record<string, string | number>;

/** A field the server refused, with the catalogue key that says why. */
export type FieldProblem = { path: string; code: string };

/** Codes raised by the client itself, not by the server. They are catalogue keys too. */
export const CLIENT_ERROR = {
  timeout: "client.timeout",
  network: "client.network",
  invalidAnswer: "client.invalid-answer",
} as const;

/**
 * Every failed call to the API, whatever the cause: `code` is a catalogue key (from the server's
 * `{error: {code, message, params}}` answer or one of CLIENT_ERROR), `status` is the HTTP status
 * (0 when no answer arrived).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly params: ErrorParams;
  readonly fields: FieldProblem[];

  constructor(status: number, code: string, message?: string, params?: ErrorParams, fields?: FieldProblem[]) {
    super(message ?? code);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.params = params ?? {};
    this.fields = fields ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function toParams(value: unknown): ErrorParams | undefined {
  if (!isRecord(value)) {
    return undefined;
  }
  const out: ErrorParams = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === "string" || typeof v === "number") {
      out[key] = v;
    }
  }
  return out;
}

function toFields(value: unknown): FieldProblem[] | undefined {
  if (!Array.isArray(value)) {
    return undefined;
  }
  return value.filter((f): f is FieldProblem => isRecord(f) && typeof f.path === "string" && typeof f.code === "string");
}

/** Build the ApiError of a non-2xx answer from its (possibly absent or non-JSON) body. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const error = isRecord(body) ? body.error : undefined;
  if (isRecord(error) && typeof error.code === "string") {
    return new ApiError(
      status,
      error.code,
      typeof error.message === "string" ? error.message : undefined,
      toParams(error.params),
      toFields(error.fields),
    );
  }
  const fallback =
    status === 429 ? "error.throttle" : status === 404 ? "error.not-found" : status === 403 ? "error.forbidden" : "error.unknown";
  return new ApiError(status, fallback);
}
