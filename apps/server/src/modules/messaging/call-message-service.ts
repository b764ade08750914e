import type { MessageCall } from "@relais/shared";
import type { Tx } from "../../db/database.ts";
import * as repo from "./repo.ts";
import { announceMessage, announceThread } from "./thread-events.ts";

/**
 * A call as a message of the contact's thread (issue 12): the thread (created if missing, like
 * an unknown texter's) gets one message per call, written at the first change and updated in
 * place after; the thread's `voice` attribute follows the latest call. Announced like any text.
 */
export async function recordCallMessage(
  tx: Tx,
  orgId: string,
  input: {
    teamId: string;
    callId: string;
    contactPhone: string;
    teamPhone: string;
    direction: "inbound" | "outbound";
    authorId: string | null;
    call: MessageCall;
    voice: { time: string; status: string };
    /** The caller left something for the team to act on (a callback request, a voicemail): the thread is marked unread. */
    unread?: boolean;
  },
): Promise<{ threadId: string; messageId: string }> {
  const { row: thread, created: threadCreated } = await repo.ensureThread(tx, orgId, input.teamId, input.contactPhone);
  const inbound = input.direction === "inbound";
  const { row, created } = await repo.upsertCallMessage(tx, {
    orgId,
    threadId: thread.id,
    callId: input.callId,
    direction: input.direction,
    from: inbound ? input.contactPhone : input.teamPhone,
    to: inbound ? input.teamPhone : input.contactPhone,
    call: JSON.stringify(input.call),
    authorId: input.authorId,
  });
  await repo.setThreadVoice(tx, orgId, thread.id, JSON.stringify(input.voice), created ? row.id : null);
  if (inbound && input.unread) await repo.updateThread(tx, orgId, thread.id, { state: "active", has_notification: true }, true);
  else if (created && inbound && thread.state === "inactive") await repo.updateThread(tx, orgId, thread.id, { state: "active" }, false);
  await announceMessage(tx, orgId, input.teamId, row, created ? "message.created" : "message.updated", []);
  // A call's message has no files: when it is the thread's last, the thread is shown without reading it back.
  await announceThread(tx, orgId, thread.id, threadCreated ? "thread.created" : "thread.updated", { row, media: [] });
  return { threadId: thread.id, messageId: row.id };
}
