/** The dev module's public face: the development mailbox routes (app.ts, development tools only). */

export { devRoutes } from "./routes.ts";
