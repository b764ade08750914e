/** The status module's public face: the maintenance status routes (app.ts). */

export { statusRoutes } from "./routes.ts";
