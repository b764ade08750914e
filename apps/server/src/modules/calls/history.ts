import { callStatusCode } from "@relais/shared";
import type { Tx } from "../../db/database.ts";
import { contactsByPhones } from "../contacts/index.ts";
import { backdateMessage, recordCallMessage } from "../messaging/index.ts";
import type { Call, CallEvent } from "./model.ts";
import { messageCallOf } from "./presenter.ts";
import * as repo from "./repo.ts";

/** A call that already happened, as the reducer left it, with the events that led there. */
export type PastCall = {
  call: Call;
  carrier: "sandbox" | "twilio";
  carrierCallSid: string | null;
  teamNumber: string;
  /** The first event's key and the version it gave the call (startInbound / startOutbound). */
  start: { key: string; version: number };
  steps: { event: CallEvent; version: number }[];
};

/**
 * Writes a past call as the service flow would have (decision 0020): the row, its event log and
 * its message in the contact's thread, dated when it happened (the demo seed's history). No
 * command is carried out and no timer scheduled: the call is over.
 */
export async function storePastCall(tx: Tx, orgId: string, past: PastCall): Promise<void> {
  const { call } = past;
  if (call.state !== "ended") throw new Error(`a past call is over: ${call.id} is ${call.state}`);
  const contact = call.anonymous ? null : ((await contactsByPhones(tx, orgId, [call.remoteNumber])).get(call.remoteNumber) ?? null);
  await repo.insertCall(tx, orgId, call, {
    carrier: past.carrier,
    carrierCallSid: past.carrierCallSid,
    teamNumber: past.teamNumber,
    contactId: contact?.id ?? null,
  });
  const type = call.direction === "inbound" ? "call.inbound" : "call.outbound";
  await repo.insertEvent(tx, orgId, call.id, { type, key: past.start.key, at: call.startedAt }, past.start.version);
  for (const s of past.steps) await repo.insertEvent(tx, orgId, call.id, s.event, s.version);
  if (call.anonymous || call.emergency) return;
  const written = await recordCallMessage(tx, orgId, {
    teamId: call.teamId,
    callId: call.id,
    contactPhone: call.remoteNumber,
    teamPhone: past.teamNumber,
    direction: call.direction,
    authorId: call.direction === "outbound" && call.owner?.kind === "user" ? call.owner.userId : null,
    call: messageCallOf(call),
    voice: { time: new Date(call.startedAt).toISOString(), status: callStatusCode(call.state, call.held, call.endStatus) },
  });
  await repo.setCallThread(tx, orgId, call.id, written.threadId, written.messageId);
  // The message is dated when the call happened, and its thread ordered by its latest message.
  await backdateMessage(tx, orgId, written.messageId, new Date(call.startedAt));
}
