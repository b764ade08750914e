// One inbound text sent as lightly as the load generator can send it: by default as Twilio sends
// one, to the carrier webhook a deployment is reached through, form-encoded and signed; with
// BENCH_INBOUND=sandbox to the sandbox endpoint, as every run before decision 0062 did.
//
// Not fetch: undici builds a Request, a Response, Headers and streams per call, and the abort
// signal each call needed for its timeout is a timer that lives two minutes. At 200 texts a
// second that is 24 000 live timers, promoted to the old generation: the load generator ran a
// full collection every two seconds, 10 to 25 ms each, and every text it was to see meanwhile
// looked that much later (bench/results/s17-gc-1.json: the slowest texts of each case were sent
// within milliseconds of one of its collections). node:http with a keep-alive agent, as the
// floor's load generator sends, and one socket timeout instead of a timer per text.
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";

const REQUEST_TIMEOUT_MS = 120_000;

/** Keep-alive connections, as many as texts in flight (undici's default had no cap either). */
const agent = new http.Agent({ keepAlive: true });

/** Where inbound texts go: "carrier" (the Twilio webhook, signed) or "sandbox". */
export const INBOUND = process.env.BENCH_INBOUND === "sandbox" ? "sandbox" : "carrier";

/**
 * The Twilio account the server is started with when texts come through the carrier webhook
 * (run.mjs). Nothing is ever sent to Twilio: the bench's texts are all inbound, and the API base
 * points at a port nobody listens on, so a stray outbound call fails instead of leaving.
 */
export const BENCH_TWILIO = {
  accountSid: "AC00000000000000000000000000bench",
  authToken: "bench-auth-token",
  apiBase: "http://127.0.0.1:9",
};
const CARRIER_PATH = "/api/webhooks/twilio/sms";

/**
 * Twilio's request signature, written from its documentation rather than taken from the
 * server's SDK: base64 HMAC-SHA1, under the auth token, of the full URL followed by each POST
 * parameter's name and value, names in sorted order.
 */
function twilioSignature(url, params) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", BENCH_TWILIO.authToken).update(data).digest("base64");
}

/**
 * POSTs one inbound text `{from, to, body}` (INBOUND says where); answers `{status, body}` once
 * the answer is read whole, or rejects on a network error or after two minutes without a byte.
 * A text taken in answers 2xx: 200 with empty TwiML from the carrier webhook, 201 from the sandbox.
 */
export function postText(base, text) {
  const { hostname, port } = new URL(base);
  let path;
  let payload;
  let headers;
  if (INBOUND === "carrier") {
    path = CARRIER_PATH;
    const params = {
      MessageSid: `SM${randomBytes(16).toString("hex")}`,
      AccountSid: BENCH_TWILIO.accountSid,
      From: text.from,
      To: text.to,
      Body: text.body,
      NumMedia: "0",
    };
    payload = new URLSearchParams(params).toString();
    headers = { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": twilioSignature(`${base}${path}`, params) };
  } else {
    path = "/api/sandbox/inbound";
    payload = JSON.stringify(text);
    headers = { "content-type": "application/json" };
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, path, method: "POST", agent, headers: { ...headers, "content-length": Buffer.byteLength(payload) } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      },
    );
    // A server stuck: the text counts as an error rather than holding the run.
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error("no answer in two minutes")));
    req.on("error", reject);
    req.end(payload);
  });
}
