// Percentiles and the latency book shared by the socket and polling measurements.

/** Nearest-rank percentile of an ascending-sorted array (p in 0..100); null when empty. */
function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

const round = (v) => (v === null ? null : Math.round(v * 10) / 10);

/** p50/p95/p99/max (and count) of a list of milliseconds, rounded to 0.1 ms. */
export function summary(values) {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.length ? sorted[sorted.length - 1] : null),
  };
}

/** A growable Float64Array: millions of samples without millions of boxed numbers. */
class Samples {
  constructor() {
    this.data = new Float64Array(1 << 16);
    this.length = 0;
  }
  push(v) {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
  values() {
    return this.data.subarray(0, this.length);
  }
}

/**
 * Every text sent in one phase (by id, with its send time) and every time a screen saw it: the
 * latency of each (screen, text) pair, and per text the time until the LAST screen had it.
 */
export class LatencyBook {
  constructor(screens) {
    this.screens = screens;
    this.sentAt = new Map();
    this.pairs = new Samples();
    this.perText = new Map();
    this.unknown = 0;
  }

  sent(id, at) {
    this.firstSentAt ??= at;
    this.firstSentEpochMs ??= Math.round(performance.timeOrigin + at);
    this.sentAt.set(id, at);
    this.perText.set(id, { seen: 0, last: 0 });
  }

  seen(id, at) {
    const sent = this.sentAt.get(id);
    const text = this.perText.get(id);
    if (sent === undefined || !text) {
      this.unknown++;
      return;
    }
    const ms = at - sent;
    this.pairs.push(ms);
    text.seen++;
    if (ms > text.last) text.last = ms;
  }

  /** Every screen has seen every text sent so far. */
  done() {
    return this.pairs.length >= this.sentAt.size * this.screens;
  }

  /** How many (screen, text) pairs never arrived, and the latency figures. */
  report() {
    const complete = [];
    const slow = [];
    let missing = 0;
    for (const [id, text] of this.perText) {
      if (text.seen >= this.screens) complete.push(text.last);
      missing += Math.max(0, this.screens - text.seen);
      slow.push({ sentAtMs: Math.round(this.sentAt.get(id) - this.firstSentAt), lastScreenMs: Math.round(text.last * 10) / 10 });
    }
    // The slowest 1 % in the order they were sent: whether the tail is a few bursts (texts sent
    // within milliseconds of each other, all late together) or spread over the run.
    slow.sort((a, b) => b.lastScreenMs - a.lastScreenMs);
    const slowestTexts = slow.slice(0, Math.max(1, Math.ceil(slow.length / 100))).sort((a, b) => a.sentAtMs - b.sentAtMs);
    return {
      texts: this.sentAt.size,
      screens: this.screens,
      everyScreenMs: summary(this.pairs.values()),
      lastScreenMs: summary(complete),
      textsReachingEveryScreen: complete.length,
      missingDeliveries: missing,
      slowestTexts,
      firstSentEpochMs: this.firstSentEpochMs,
    };
  }
}

/** The marker an injected text carries in its body: its id and the epoch milliseconds it was sent. */
export const MARKER_PREFIX = "relais-bench#";
export const marker = (id) => `${MARKER_PREFIX}${id}@${Date.now()}`;
export const MARKER = /relais-bench#(\d+)@/;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done()` or `ms` passed; answers the milliseconds waited. */
export async function until(done, ms) {
  const start = performance.now();
  while (!done() && performance.now() - start < ms) await sleep(50);
  return Math.round(performance.now() - start);
}
