import type { AppDeps } from "../../app-deps.ts";
import type { JobTasks } from "../../platform/jobs/jobs.ts";
import { createEmailDeps } from "./email-deps.ts";
import { emailSendTasks } from "./send-service.ts";
import { emailSyncTasks } from "./sync.ts";

export { EMAIL_SYNC_CRONTAB } from "./sync.ts";

type Log = Parameters<typeof createEmailDeps>[3];

/**
 * The email module's job tasks for the worker (app.ts): the sync cron, each mailbox's sync and
 * each email's send. `sandbox`: the sandbox mailbox works (the sandbox network is on).
 */
export function emailTasksOf(deps: AppDeps, log: Log, sandbox: boolean): JobTasks {
  const email = createEmailDeps(deps.db.app, deps.config, deps.files, log, { ...deps.email, sandbox });
  return { ...emailSyncTasks(email), ...emailSendTasks(email) };
}
