import type { JobTasks } from "../../platform/jobs/jobs.ts";
import type { MessagingDeps } from "./messaging-deps.ts";
import { runSendTextJob, SEND_TEXT_TASK } from "./outbound-service.ts";

/** The tasks this module gives the job worker (app.ts): the send-text job of every outbound text. */
export function messagingTasks(deps: MessagingDeps): JobTasks {
  return { [SEND_TEXT_TASK]: (p) => runSendTextJob(deps, p) };
}
