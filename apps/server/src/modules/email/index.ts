/** The email module's public face: its routes and sync job, and the stores the demo seed writes through. */

/** Team email: connection, mailbox reading, sending (app.ts); what a test replaces (AppDeps). */
export { emailRoutes } from "./routes.ts";
export type { EmailOptions } from "./email-deps.ts";

/** The mailbox sync job (app.ts). */
export { EMAIL_SYNC_CRONTAB, emailTasksOf } from "./jobs.ts";

/** Emails written, parsed and stored as the sync and the send would, in a sandbox mailbox (the demo seed). */
export { composeEmail, replyHeaders } from "./mail-compose.ts";
export { parseEmail } from "./mail-parse.ts";
export { attachmentPath, storeInbound } from "./inbound-store.ts";
export { storeOutbound } from "./outbound-store.ts";
export { deliverSandbox, SANDBOX_PROVIDER, saveSandboxAccount } from "./sandbox-mail.ts";
