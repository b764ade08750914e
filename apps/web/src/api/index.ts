import { ApiClient } from "./client.ts";

/** The application's client: every screen calls the API through it. */
export const api = new ApiClient({ baseUrl: "/api" });

export { isApiError } from "./errors.ts";
