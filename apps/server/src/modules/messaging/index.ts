/**
 * The messaging module's public face: its routes and send job, the texts other modules send or
 * record in a thread (system texts, calls, emails), its media store, and the past conversations
 * the demo seed writes. It reads quick messages through text-blocks' face and hands text-blocks
 * their files (`quickMessageFilesOf`), never the other way round.
 */

/** Threads and messages, and the media links a carrier fetches (app.ts). */
export { messagingRoutes } from "./routes.ts";
export { publicMediaRoutes } from "./media-routes.ts";

/** The service, its after-inbound steps and holds, the send job, the drain at close (app.ts). */
export { createMessaging, drainMessaging } from "./messaging-deps.ts";
export type { MessagingDeps } from "./messaging-deps.ts";
export type { AfterInbound, RecordedInbound } from "./inbound-service.ts";
/** Which organisation and team own a clinic number (an inbound text or call). */
export { clinicNumberOwner } from "./inbound-service.ts";
export type { ContactHold } from "./outbound-service.ts";
export { messagingTasks } from "./jobs.ts";

/** Texts the system sends (automatic texts, scheduled messages, surveys), and a thread staff may see. */
export {
  contactHeldUntil,
  contactsHeldUntil,
  openSystemThread,
  outboundOutcomes,
  queueSystemText,
  queueSystemTexts,
  refuseWhileHeld,
  SYSTEM_TEXTS_BATCH,
} from "./outbound-service.ts";
export type { SystemText } from "./outbound-service.ts";
export { threadForStaff } from "./thread-access.ts";
export { teamForNewThread } from "./policy.ts";

/** A call or an email recorded as a message of its thread (calls, email, the demo seed). */
export { recordCallMessage } from "./call-message-service.ts";
export { recordEmailMessage, settleEmailMessage } from "./email-message-service.ts";

/** The file store of texts (app.ts, main.ts, the demo seed, the test set-up). */
export { discardFiles, mediaDepsOf, storeInboundMedia } from "./media.ts";
export type { MediaDeps, MediaHost } from "./media.ts";

/** Quick messages' files: kept here for text-blocks (app.ts), refused where only text is sent. */
export { quickMessageFilesOf, refuseQuickMessageWithFile } from "./quick-message-files.ts";

/** Past conversations and messages of the demo seed (and of calls' history). */
export { backdateMessage, hasTexts, storePastConversation } from "./history.ts";
export type { PastMedia, PastText } from "./history.ts";
