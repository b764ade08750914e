import type { FastifyInstance } from "fastify";

/**
 * Every route under /api comes from the endpoint registry (packages/shared/src/endpoints): a
 * route added with a bare `app.get` would escape its validation, its access rule, the OpenAPI
 * document, the API map and the hostile-input test, so the app refuses to start with one.
 * The OpenAPI document and its viewer (/api/docs) describe the registry and are not in it.
 */
export function requireRegistryEntries(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || route.url.startsWith("/api/docs")) return;
    if (route.method === "HEAD") return;
    if (!route.config?.endpoint) throw new Error(`${String(route.method)} ${route.url} is not declared in the endpoint registry`);
  });
}
