/** The users module's public face: its routes, and the person's own profile and password for auth. */

/** Colleagues: list, create, update, delete (app.ts). */
export { userRoutes } from "./routes.ts";

/** The caller's profile, status and password (auth's routes). */
export { changePassword, setStatus, updateProfile } from "./service.ts";

/** A person's profile and credentials, and a reset password, in the caller's transaction (auth, text-blocks). */
export { loadCredentials, loadProfile, resetPassword } from "./service.ts";
