// Preloaded into the server by the inbox benchmark (node --import, with --expose-gc), so the
// benchmark can read from outside what only the process itself knows. On SIGUSR2 it reads the
// question in `<BENCH_PROBE_FILE>.ask` ("<kind> <seq>") and writes the answer, with the same
// seq, to BENCH_PROBE_FILE:
// - memory: process.memoryUsage() after a full collection;
// - loop: event-loop delay since the previous "loop" question (how long a ready callback — a
//   database answer, a socket write — waited for the loop), in milliseconds; and how long the
//   server held each inbound text's request meanwhile, from its start to its answer's end
//   (Node's http diagnostics channels), to tell the server's time from the load generator's;
//   and each garbage collection meanwhile, when it began (epoch milliseconds) and how long it
//   paused the loop, to set beside the slowest texts' send times.
import diagnostics from "node:diagnostics_channel";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { watchCollections, watchStalls } from "./loop-watch.mjs";

/** The inbound text's routes: the carrier webhook and the sandbox endpoint (post-text.mjs). */
const INBOUND = new Set(["/api/webhooks/twilio/sms", "/api/sandbox/inbound"]);

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const started = new WeakMap();
  let held = [];
  diagnostics.subscribe("http.server.request.start", ({ request }) => {
    if (INBOUND.has(request.url)) started.set(request, performance.now());
  });
  // The requests held 20 ms or more, and the loop's stalls of 10 ms or more, with when they
  // began (epoch milliseconds): to tell a moment when the server stalled from one when it did not.
  let slowRequests = [];
  diagnostics.subscribe("http.server.response.finish", ({ request }) => {
    const at = started.get(request);
    if (at === undefined) return;
    const ms = performance.now() - at;
    held.push(ms);
    if (ms >= 20) slowRequests.push({ at: Math.round(performance.timeOrigin + at), ms: Math.round(ms * 10) / 10 });
  });
  const stalls = watchStalls();
  const collections = watchCollections();
  const heldSummary = () => {
    const sorted = held.sort((a, b) => a - b);
    const at = (q) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 100) / 100;
    held = [];
    return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
  };
  process.on("SIGUSR2", () => {
    const [kind, seq] = readFileSync(`${file}.ask`, "utf8").trim().split(" ");
    let answer;
    if (kind === "memory") {
      globalThis.gc?.();
      answer = process.memoryUsage();
    } else {
      answer = {
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        mean: ms(delay.mean),
        inboundHeldMs: heldSummary(),
        collections: collections.take(),
        slowRequests,
        stalls: stalls.take(),
      };
      slowRequests = [];
      delay.reset();
    }
    // Renamed into place, so the benchmark never reads a half-written answer.
    writeFileSync(`${file}.tmp`, JSON.stringify({ seq, ...answer }));
    renameSync(`${file}.tmp`, file);
  });
}
