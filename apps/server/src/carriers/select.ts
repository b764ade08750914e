import type { Config } from "../config.ts";
import type { Carrier } from "./carrier.ts";
import { createSandboxCarrier } from "./sandbox/sandbox-carrier.ts";
import { createTwilioCarrier } from "./twilio/twilio-carrier.ts";

/**
 * The telephone network of this process (DESIGN §6): Twilio when its account SID and auth token
 * are both set, else the sandbox. Twilio calls Relais back, so it needs PUBLIC_URL.
 */
export function createCarrier(config: Config, onError: (err: unknown) => void): Carrier {
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN) {
    if (!config.PUBLIC_URL) throw new Error("PUBLIC_URL is required with Twilio: its webhooks and status callbacks call it");
    return createTwilioCarrier({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      publicUrl: config.PUBLIC_URL,
      apiBase: config.TWILIO_API_BASE,
    });
  }
  return createSandboxCarrier({ deliveryMs: config.SANDBOX_DELIVERY_MS, failureRate: config.SANDBOX_FAILURE_RATE }, onError);
}
