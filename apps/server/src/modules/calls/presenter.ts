import { callStatusCode, formatPhoneForDisplay, type CallOffer, type CallView, type MessageCall } from "@relais/shared";
import type { Tx } from "../../db/database.ts";
import { contactsByPhones } from "../contacts/index.ts";
import type { Call } from "./model.ts";
import * as repo from "./repo.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The names a view shows: the call's team and origin team, its owner, the contact with its number. */
async function namesOf(tx: Tx, orgId: string, call: Call) {
  const teams = await repo.teamLabels(tx, orgId, [call.teamId, ...(call.originTeamId ? [call.originTeamId] : [])]);
  const ownerId = call.owner?.kind === "user" ? call.owner.userId : null;
  const users = await repo.userNames(tx, orgId, ownerId ? [ownerId] : []);
  const contact = call.anonymous ? null : ((await contactsByPhones(tx, orgId, [call.remoteNumber])).get(call.remoteNumber) ?? null);
  return {
    teamLabel: teams.get(call.teamId) ?? "",
    originLabel: call.originTeamId ? (teams.get(call.originTeamId) ?? null) : null,
    ownerId,
    ownerName: ownerId ? (users.get(ownerId) ?? null) : null,
    contact,
  };
}

export async function presentCall(tx: Tx, orgId: string, row: repo.CallRow, call: Call): Promise<CallView> {
  const names = await namesOf(tx, orgId, call);
  return {
    id: call.id,
    direction: call.direction,
    state: call.state,
    held: call.held,
    statusCode: callStatusCode(call.state, call.held, call.endStatus),
    remoteNumber: call.remoteNumber,
    formattedNumber: formatPhoneForDisplay(call.remoteNumber),
    anonymous: call.anonymous,
    emergency: call.emergency,
    contactId: names.contact?.id ?? null,
    contactName: names.contact?.fullName ?? null,
    threadId: row.thread_id,
    teamId: call.teamId,
    teamNumber: row.team_number,
    forGroupId: call.teamId,
    forGroupLabel: names.teamLabel,
    fromGroupLabel: names.originLabel,
    ownerUserId: names.ownerId,
    ownerName: names.ownerName,
    startedAt: new Date(call.startedAt).toISOString(),
    answeredAt: iso(call.answeredAt),
    endedAt: iso(call.endedAt),
    endStatus: call.endStatus,
    carrierCallSid: row.carrier_call_sid,
    transfer: call.transfer
      ? {
          id: call.transfer.id,
          targetKind: call.transfer.target.kind,
          targetLabel: call.transfer.target.label ?? "",
          startedAt: new Date(call.transfer.startedAt).toISOString(),
        }
      : null,
    version: call.version,
    serverNow: new Date().toISOString(),
  };
}

export function presentOffer(view: CallView, offer: { round: number; ringUntil: Date }): CallOffer {
  return {
    callId: view.id,
    callerName: view.contactName ?? view.formattedNumber,
    phoneNumber: view.remoteNumber,
    teamId: view.teamId,
    forGroupId: view.forGroupId,
    forGroupLabel: view.forGroupLabel,
    fromGroupLabel: view.fromGroupLabel,
    transfer: false,
    round: offer.round,
    ringUntil: offer.ringUntil.toISOString(),
    version: view.version,
    serverNow: new Date().toISOString(),
  };
}

/**
 * A transfer's offer (issue 13 §2): 'Transferred call', for the target's team ('for team'), from
 * the transferring person's team ('from team'); it rings until the transfer's timeout.
 */
export async function presentTransferOffer(
  tx: Tx,
  orgId: string,
  view: CallView,
  offer: { teamId: string; fromTeamId: string; round: number; ringUntil: Date },
): Promise<CallOffer> {
  const labels = await repo.teamLabels(tx, orgId, [offer.teamId, offer.fromTeamId]);
  return {
    ...presentOffer(view, offer),
    teamId: offer.teamId,
    forGroupId: offer.teamId,
    forGroupLabel: labels.get(offer.teamId) ?? "",
    fromGroupLabel: labels.get(offer.fromTeamId) ?? null,
    transfer: true,
  };
}

/** The call as its thread message shows it (spec attributes.isCall, direction, duration, end status). */
export function messageCallOf(call: Call): MessageCall {
  const duration =
    call.answeredAt !== null && call.endedAt !== null ? Math.max(0, Math.round((call.endedAt - call.answeredAt) / 1000)) : null;
  return {
    callId: call.id,
    direction: call.direction,
    state: call.state,
    endStatus: call.endStatus,
    durationSeconds: duration,
    answeredAt: iso(call.answeredAt),
    ...(call.callbackRequested ? { callbackRequested: true } : {}),
    ...(call.voicemail ? { voicemail: { durationSeconds: call.voicemail.durationSeconds } } : {}),
  };
}
