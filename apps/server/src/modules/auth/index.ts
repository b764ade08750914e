/** The auth module's public face: its routes (app.ts); sessions and tokens are platform/auth's. */

/** Login, refresh, logout, profile, status, team switch, password forgot and reset. */
export { authRoutes } from "./routes.ts";
