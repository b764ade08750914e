import type { CallPeriod, TransferExtension } from "@relais/shared";
import type { Tx } from "../../db/database.ts";
import {
  openVoicemailAudio,
  periodGreeting,
  storeVoicemailAudio,
  transferExtensionOf,
  voiceSettingsDeps,
  type AudioUpload,
  type OpenedAudio,
  type PeriodGreeting,
} from "./service.ts";

/**
 * The voice settings module's public face. For the calls module: the greeting a caller hears and
 * the extension a call is transferred to, both read inside the caller's tenant transaction, and
 * the voicemail's audio. For app.ts: its start and routes.
 */

export type { AudioUpload, OpenedAudio, PeriodGreeting };

/** Transfer extensions, greetings and their recordings (app.ts). */
export { voiceSettingsRoutes } from "./routes.ts";
export { startVoiceSettings } from "./service.ts";

/** The team's enabled greeting for the period, else the organisation's enabled default, else null. */
export function greetingForPeriod(tx: Tx, orgId: string, teamId: string, period: CallPeriod): Promise<PeriodGreeting | null> {
  return periodGreeting(voiceSettingsDeps(), tx, orgId, teamId, period);
}

/** One transfer extension of the organisation (name, E.164 number, digits dialled after answer), or null. */
export function transferExtension(tx: Tx, orgId: string, id: string): Promise<TransferExtension | null> {
  return transferExtensionOf(tx, orgId, id);
}

/** Stores a voicemail's audio (mp3 or wav by content, the media limit) and answers its id and measured seconds. */
export function saveVoicemailAudio(orgId: string, callId: string, upload: AudioUpload): Promise<{ id: string; durationSeconds: number }> {
  return storeVoicemailAudio(voiceSettingsDeps(), orgId, callId, upload);
}

/** The voicemail left on a call, for a caller the calls module allowed; 404 when the call has none stored. */
export function voicemailAudio(tx: Tx, orgId: string, callId: string): Promise<OpenedAudio> {
  return openVoicemailAudio(voiceSettingsDeps(), tx, orgId, callId);
}
