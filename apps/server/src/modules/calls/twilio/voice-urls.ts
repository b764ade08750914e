import { twilioVoiceEndpoints } from "@relais/shared/endpoints/twilio-voice";

type VoiceRoute = keyof typeof twilioVoiceEndpoints;

/**
 * The absolute address of one of the voice webhooks under PUBLIC_URL, with its query. Twilio
 * signs the URL it calls, query included, so what Relais writes here (the call id, the leg) comes
 * back covered by the signature and is trusted as Relais's own.
 */
export function voiceUrl(publicUrl: string, route: VoiceRoute, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${publicUrl.replace(/\/+$/, "")}/api${twilioVoiceEndpoints[route].path}${search ? `?${search}` : ""}`;
}
