import { urgentTask, type JobTasks } from "../../platform/jobs/jobs.ts";
import type { MessagingDeps } from "./messaging-deps.ts";
import { runSendTextJob, runSendTextsJob, SEND_TEXT_TASK, SEND_TEXTS_TASK } from "./outbound-service.ts";

/**
 * The tasks this module gives the job worker (app.ts): the jobs that hand outbound texts to the
 * carrier, one (a staff member's, urgent: they watch it leave) or a batch (system texts).
 */
export function messagingTasks(deps: MessagingDeps): JobTasks {
  return { [SEND_TEXT_TASK]: urgentTask((p) => runSendTextJob(deps, p)), [SEND_TEXTS_TASK]: (p) => runSendTextsJob(deps, p) };
}
