/** The sips module's public face: its routes and start for app.ts, who has a desk phone for the calls module. */
export { sipRoutes } from "./routes.ts";
export { deskPhonesOf, sandboxSipDirectory, startSips, type SipDirectory } from "./service.ts";
