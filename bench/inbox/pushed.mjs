// Inbound text → message.created on every connected socket, at steady rates.
import { injectTexts } from "./inject.mjs";
import { openSockets } from "./sockets.mjs";
import { LatencyBook, sleep, until } from "./stats.mjs";
import { sampleWaits } from "./waits.mjs";

const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);

/**
 * How many texts a second one organisation's inbound path takes with nobody connected: the
 * highest rate, for half a phase. Against the phases with sockets, it tells the database's
 * share of the ceiling from the fan-out's.
 */
async function withoutSockets({ cfg, server, ownerUrl, measureCores, log }) {
  const rate = Math.max(...cfg.rates);
  const seconds = Math.max(1, Math.round(cfg.seconds / 2));
  log(`inbound ceiling without sockets: ${rate} texts/s for ${seconds} s`);
  const waits = await sampleWaits(ownerUrl);
  const run = await measureCores(() => injectTexts(server.base, { rate, seconds, threads: cfg.threads, book: new LatencyBook(0) }));
  const { inboundRequestMs, acceptedPerSecond, sent, planned, overloadedAfterMs } = run.value;
  return {
    ratePerSecond: rate,
    seconds,
    planned,
    sent,
    overloadedAfterMs,
    acceptedPerSecond,
    inboundRequestMs,
    cores: run.cores,
    loadAverage1m: run.loadAverage1m,
    serverEventLoopDelayMs: run.serverEventLoopDelayMs,
    postgresActivity: await waits.stop(),
  };
}

/** One socket per bench user; each rate of `cfg.rates` for `cfg.seconds`. */
export async function socketsPhase(ctx) {
  const { cfg, server, ownerUrl, tokens, measureCores, drainMs, log } = ctx;
  const ceiling = await withoutSockets(ctx);
  await sleep(3000);
  log(`latency: ${tokens.length} sockets, one per user`);
  const live = await openSockets(server.base, tokens);
  const idle = await measureCores(() => sleep(cfg.idleSeconds * 1000));
  const phases = [];
  for (const rate of cfg.rates) {
    log(`latency: ${rate} texts/s for ${cfg.seconds} s`);
    const book = new LatencyBook(live.sockets.length);
    live.listen((id, at) => book.seen(id, at));
    const closedBefore = sum(live.closed);
    const waits = await sampleWaits(ownerUrl);
    const run = await measureCores(async () => {
      const injected = await injectTexts(server.base, { rate, seconds: cfg.seconds, threads: cfg.threads, book });
      return { injected, waitedAfterLastTextMs: await until(() => book.done(), drainMs) };
    });
    const postgresActivity = await waits.stop();
    const report = book.report();
    phases.push({
      ratePerSecond: rate,
      seconds: cfg.seconds,
      ...run.value.injected,
      ...report,
      waitedAfterLastTextMs: run.value.waitedAfterLastTextMs,
      socketsClosedByServer: sum(live.closed) - closedBefore,
      closeCodes: { ...live.closed },
      cores: run.cores,
      loadAverage1m: run.loadAverage1m,
      serverEventLoopDelayMs: run.serverEventLoopDelayMs,
      postgresActivity,
    });
    log(`latency ${rate}/s: every socket ${JSON.stringify(report.everyScreenMs)}`);
    await sleep(3000);
  }
  await live.close();
  return {
    sockets: live.sockets.length,
    failed: live.failed,
    users: tokens.length,
    tabsPerUser: 1,
    sampled: "every socket: each (socket, text) pair is one sample",
    inboundWithoutSockets: ceiling,
    idle: {
      seconds: cfg.idleSeconds,
      cores: idle.cores,
      loadAverage1m: idle.loadAverage1m,
      serverEventLoopDelayMs: idle.serverEventLoopDelayMs,
      httpRequestsPerSecond: 0,
    },
    phases,
  };
}
