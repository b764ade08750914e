import { ApiClient } from "./client.ts";

/** The application's client: every screen calls the API through it. */
export const api = new ApiClient({ baseUrl: "/api" });

export { ApiClient } from "./client.ts";
export type { ClientEvent, EndpointCallOptions, SessionToken } from "./client.ts";
export { ApiError, CLIENT_ERROR, isApiError } from "./errors.ts";
export type { ErrorParams, FieldProblem } from "./errors.ts";
