import type { MessageId } from "@relais/shared";

export type ErrorParams = Record<string, string | number>;
export type FieldProblem = { path: string; code: string };

/**
 * The one error type of Relais. `code` is a catalogue key; the error handler turns it into
 * `{error: {code, message, params}}` with the message in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: MessageId,
    readonly status: number,
    readonly params?: ErrorParams,
    readonly fields?: FieldProblem[],
  ) {
    super(code);
    this.name = "AppError";
  }
}

export const notFound = () => new AppError("error.not-found", 404);
export const forbidden = () => new AppError("error.forbidden", 403);
export const unauthorized = () => new AppError("error.unauthorized", 401);
export const conflict = (code: MessageId, params?: ErrorParams) => new AppError(code, 409, params);
export const badRequest = (code: MessageId, params?: ErrorParams) => new AppError(code, 400, params);
