/** The links module's public face: its routes (app.ts). */

/** `POST link/create` under /api, and the public `/l/{code}` redirect outside it. */
export { linkRoutes, shortLinkRoutes } from "./routes.ts";
