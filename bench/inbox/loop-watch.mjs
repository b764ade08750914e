// What keeps a process's event loop from running, each with when it began (epoch milliseconds),
// to set beside the slowest texts' send times (decision 0057): its garbage collections, and its
// stalls of any cause. Used by the load generator (run.mjs) and inside the server (server-probe.mjs).
import { PerformanceObserver, constants } from "node:perf_hooks";

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak",
};

const tenths = (ms) => Math.round(ms * 10) / 10;

/** Every garbage collection from now on; `take()` answers those seen since the last take. */
export function watchCollections() {
  let seen = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      seen.push({
        at: Math.round(performance.timeOrigin + e.startTime),
        ms: tenths(e.duration),
        kind: KINDS[e.detail?.kind] ?? String(e.detail?.kind),
      });
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  return {
    take: () => {
      const taken = seen;
      seen = [];
      return taken;
    },
    stop: () => observer.disconnect(),
  };
}

/**
 * The loop's stalls of `atLeastMs` or more: a timer due every `everyMs` that fired that much
 * late, whatever held the loop. `take()` answers those seen since the last take.
 */
export function watchStalls({ everyMs = 5, atLeastMs = 10 } = {}) {
  let seen = [];
  let tick = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - tick - everyMs;
    if (late >= atLeastMs) seen.push({ at: Math.round(performance.timeOrigin + tick + everyMs), ms: tenths(late) });
    tick = now;
  }, everyMs);
  timer.unref();
  return {
    take: () => {
      const taken = seen;
      seen = [];
      return taken;
    },
    stop: () => clearInterval(timer),
  };
}
