// One inbound text sent to the sandbox endpoint, as lightly as the load generator can send it.
//
// Not fetch: undici builds a Request, a Response, Headers and streams per call, and the abort
// signal each call needed for its timeout is a timer that lives two minutes. At 200 texts a
// second that is 24 000 live timers, promoted to the old generation: the load generator ran a
// full collection every two seconds, 10 to 25 ms each, and every text it was to see meanwhile
// looked that much later (bench/results/s17-gc-1.json: the slowest texts of each case were sent
// within milliseconds of one of its collections). node:http with a keep-alive agent, as the
// floor's load generator sends, and one socket timeout instead of a timer per text.
import http from "node:http";

const REQUEST_TIMEOUT_MS = 120_000;

/** Keep-alive connections, as many as texts in flight (undici's default had no cap either). */
const agent = new http.Agent({ keepAlive: true });

/**
 * POSTs `{from, to, body}` to `${base}/api/sandbox/inbound`; answers `{status, body}` once the
 * answer is read whole, or rejects on a network error or after two minutes without a byte.
 */
export function postText(base, text) {
  const { hostname, port } = new URL(base);
  const payload = JSON.stringify(text);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        path: "/api/sandbox/inbound",
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
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
