import type { Config } from "../../../config.ts";
import { TwilioVoiceCarrier } from "./voice-carrier.ts";

/**
 * The Twilio voice carrier of this process, chosen as the text carrier is (carriers/select.ts):
 * Twilio when its account SID and auth token are both set, else null and the calls module uses
 * its sandbox bridge. The three token settings go together: a partial set is a mistake caught at
 * start-up, none leaves Twilio's calls working but no browser able to join them.
 */
export function twilioVoiceCarrierOf(config: Config): TwilioVoiceCarrier | null {
  if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN) return null;
  if (!config.PUBLIC_URL) throw new Error("PUBLIC_URL is required with Twilio: its voice webhooks call it");
  const keys = [config.TWILIO_API_KEY_SID, config.TWILIO_API_KEY_SECRET, config.TWILIO_TWIML_APP_SID];
  const given = keys.filter(Boolean).length;
  if (given !== 0 && given !== keys.length) {
    throw new Error("TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET and TWILIO_TWIML_APP_SID go together: set all three or none");
  }
  if (Boolean(config.TWILIO_SIP_DOMAIN) !== Boolean(config.TWILIO_SIP_CREDENTIAL_LIST_SID)) {
    throw new Error("TWILIO_SIP_DOMAIN and TWILIO_SIP_CREDENTIAL_LIST_SID go together: set both or neither");
  }
  return new TwilioVoiceCarrier({
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    publicUrl: config.PUBLIC_URL,
    apiBase: config.TWILIO_API_BASE,
    token:
      config.TWILIO_API_KEY_SID && config.TWILIO_API_KEY_SECRET && config.TWILIO_TWIML_APP_SID
        ? { apiKeySid: config.TWILIO_API_KEY_SID, apiKeySecret: config.TWILIO_API_KEY_SECRET, twimlAppSid: config.TWILIO_TWIML_APP_SID }
        : undefined,
    holdMusicUrl: config.TWILIO_HOLD_MUSIC_URL,
    parkMusicUrl: config.TWILIO_PARK_MUSIC_URL,
    sip:
      config.TWILIO_SIP_DOMAIN && config.TWILIO_SIP_CREDENTIAL_LIST_SID
        ? { domain: config.TWILIO_SIP_DOMAIN, credentialListSid: config.TWILIO_SIP_CREDENTIAL_LIST_SID }
        : undefined,
  });
}
