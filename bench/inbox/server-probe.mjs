// Preloaded into the server by the inbox benchmark (node --import, with --expose-gc), so the
// benchmark can read from outside what only the process itself knows. On SIGUSR2 it reads the
// question in `<BENCH_PROBE_FILE>.ask` ("<kind> <seq>") and writes the answer, with the same
// seq, to BENCH_PROBE_FILE:
// - memory: process.memoryUsage() after a full collection;
// - loop: event-loop delay since the previous "loop" question (how long a ready callback — a
//   database answer, a socket write — waited for the loop), in milliseconds.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on("SIGUSR2", () => {
    const [kind, seq] = readFileSync(`${file}.ask`, "utf8").trim().split(" ");
    let answer;
    if (kind === "memory") {
      globalThis.gc?.();
      answer = process.memoryUsage();
    } else {
      answer = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), mean: ms(delay.mean) };
      delay.reset();
    }
    // Renamed into place, so the benchmark never reads a half-written answer.
    writeFileSync(`${file}.tmp`, JSON.stringify({ seq, ...answer }));
    renameSync(`${file}.tmp`, file);
  });
}
