// Memory of idle authenticated sockets: the server's RSS and heap before and after.
import { askServer, rssMiB } from "./proc.mjs";
import { openSockets } from "./sockets.mjs";
import { sleep } from "./stats.mjs";

const mib = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** Heap and RSS of the server after a full collection. */
async function serverMemory(pid, file) {
  const usage = await askServer(pid, file, "memory");
  return { rssMiB: Math.round((await rssMiB(pid)) * 10) / 10, heapUsedMiB: mib(usage.heapUsed), externalMiB: mib(usage.external) };
}

/**
 * `cfg.idleSockets` sockets from the `tokens`' sessions, several per session (tabs of one
 * signed-in person), left idle: memory per socket, and the CPU the server spends on them. They
 * open in two halves: memory the process had already reserved absorbs the first half's growth
 * of RSS, so the second half's slope is the steadier figure.
 */
export async function memoryPhase({ cfg, server, tokens, probeFile, measureCores, log }) {
  const tabsPerUser = Math.ceil(cfg.idleSockets / tokens.length);
  log(`memory: ${cfg.idleSockets} idle sockets (${tokens.length} users, up to ${tabsPerUser} tabs each)`);
  const all = Array.from({ length: cfg.idleSockets }, (_, i) => tokens[i % tokens.length]);
  const half = Math.floor(all.length / 2);
  const before = await serverMemory(server.pid, probeFile);
  const start = performance.now();
  const first = await openSockets(server.base, all.slice(0, half));
  const middle = await serverMemory(server.pid, probeFile);
  const second = await openSockets(server.base, all.slice(half));
  const connectMs = Math.round(performance.now() - start);
  await sleep(2000);
  const after = await serverMemory(server.pid, probeFile);
  const load = await measureCores(() => sleep(cfg.idleSeconds * 1000));
  const open = first.open + second.open;
  await Promise.all([first.close(), second.close()]);
  const opened = first.sockets.length + second.sockets.length;
  const per = (a, b, k, n) => Math.round(((b[k] - a[k]) * 1024 * 10) / n) / 10;
  log(`memory ${JSON.stringify(before)} → ${JSON.stringify(middle)} → ${JSON.stringify(after)}`);
  return {
    sockets: opened,
    failed: first.failed + second.failed,
    stillOpenAfterIdle: open,
    users: tokens.length,
    tabsPerUser,
    connectMs,
    before,
    afterHalf: middle,
    after,
    perSocketKiB: {
      rss: per(before, after, "rssMiB", opened),
      heapUsed: per(before, after, "heapUsedMiB", opened),
      rssSecondHalf: per(middle, after, "rssMiB", second.sockets.length),
      heapUsedSecondHalf: per(middle, after, "heapUsedMiB", second.sockets.length),
    },
    idleSeconds: cfg.idleSeconds,
    idleCores: load.cores,
    loadAverage1m: load.loadAverage1m,
    serverEventLoopDelayMs: load.serverEventLoopDelayMs,
  };
}
