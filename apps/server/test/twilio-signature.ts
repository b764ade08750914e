import { createHmac } from "node:crypto";

/**
 * The `X-Twilio-Signature` Twilio sends with a webhook, computed as Twilio documents it (HMAC-SHA1
 * of the URL followed by each POST parameter's name and value, sorted by name, base64), written
 * here apart from the server's check so that a test proves that check rather than repeats it.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}
