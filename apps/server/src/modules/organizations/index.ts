/** The organizations module's public face: its routes, and the organisation as other modules read it. */

/** Organisation read and update (app.ts). */
export { organizationRoutes } from "./routes.ts";

/** The organisation (name, locale, time zone, …) and its tier's permissions, in the caller's transaction. */
export { loadOrganization, tierPermissions } from "./service.ts";
