// Inbound texts at a steady rate through the sandbox endpoint, as phones would send them.
import { contactPhone, TEAM_PHONE } from "./seed.mjs";
import { postText } from "./post-text.mjs";
import { marker, sleep, summary } from "./stats.mjs";

let nextId = 1;
/**
 * Unanswered texts allowed, in seconds of arrivals: a server further behind is overloaded, and
 * sending on would only leave it a backlog to chew through during the next phases (an aborted
 * request is still processed by the server).
 */
const MAX_BACKLOG_SECONDS = 5;

/**
 * Sends `rate` texts a second for `seconds` to the team number, each from a random existing
 * contact (patients answering), on a fixed schedule: text i is due at start + i/rate whatever
 * the answers, so a slow server does not slow the arrivals (open loop) — until the backlog
 * passes MAX_BACKLOG_SECONDS, which stops the phase early (`overloaded`). `book.sent(id, t)` is
 * told just before each request leaves. Answers the rates and the endpoint's own times.
 */
export async function injectTexts(base, { rate, seconds, threads, book }) {
  const planned = Math.round(rate * seconds);
  const maxBacklog = Math.max(1, Math.round(rate * MAX_BACKLOG_SECONDS));
  let total = 0;
  let overloadedAt = null;
  const answers = [];
  const statuses = {};
  const inFlight = new Set();
  let lateMax = 0;
  let firstError = null;
  let lastAnswer = 0;
  const start = performance.now();
  for (let i = 0; i < planned; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    if (inFlight.size >= maxBacklog) {
      overloadedAt = Math.round(performance.now() - start);
      break;
    }
    total++;
    lateMax = Math.max(lateMax, performance.now() - due);
    const id = nextId++;
    const from = contactPhone(1 + Math.floor(Math.random() * threads));
    const sentAt = performance.now();
    book.sent(id, sentAt);
    const req = postText(base, { from, to: TEAM_PHONE, body: `Bonjour, ${marker(id)}` })
      .then(({ status, body }) => {
        if (status < 200 || status >= 300) firstError ??= `${status} ${body.slice(0, 300)}`;
        statuses[status] = (statuses[status] ?? 0) + 1;
        lastAnswer = performance.now();
        answers.push(lastAnswer - sentAt);
      })
      .catch(() => {
        statuses.error = (statuses.error ?? 0) + 1;
      })
      .finally(() => inFlight.delete(req));
    inFlight.add(req);
  }
  const sendSeconds = (performance.now() - start) / 1000;
  await Promise.all(inFlight);
  return {
    targetPerSecond: rate,
    planned,
    sent: total,
    // Milliseconds into the phase when the backlog passed MAX_BACKLOG_SECONDS; null: never.
    overloadedAfterMs: overloadedAt,
    achievedPerSecond: Math.round((total / sendSeconds) * 10) / 10,
    // Texts the server took in per second, first send to last answer: below the target, it
    // could not keep up and a queue grew.
    acceptedPerSecond: Math.round((answers.length / ((lastAnswer - start) / 1000)) * 10) / 10,
    scheduleLagMaxMs: Math.round(lateMax),
    statuses,
    firstError,
    inboundRequestMs: summary(answers),
  };
}
