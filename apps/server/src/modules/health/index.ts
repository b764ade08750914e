/** The health module's public face: the health check route (app.ts). */

export { healthRoutes } from "./routes.ts";
