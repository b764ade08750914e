// The spec's design: every open tab asks GET /api/messaging/v1/polling every 2.5 s.
import { injectTexts } from "./inject.mjs";
import { LatencyBook, MARKER, sleep, summary, until } from "./stats.mjs";
import { sampleWaits } from "./waits.mjs";

export const POLL_INTERVAL_MS = 2500;

/**
 * Simulated tabs, one per token, each polling every POLL_INTERVAL_MS from a random phase (tabs
 * are opened at random moments) with the cursor of its last answer; an answer with `hasMore`
 * is followed at once, as the feed asks. A poll still running when the next is due skips it.
 */
async function startPollingTabs(base, tokens, { onText = () => undefined } = {}) {
  const listener = { onText };
  const answers = [];
  const statuses = {};
  let requests = 0;
  let stopped = false;
  const timers = new Set();

  const tabs = await Promise.all(
    tokens.map(async (token) => {
      const headers = { authorization: `Bearer ${token}` };
      // Where the feed stands now: the tab starts from there, as the web does on start-up.
      const first = await fetch(`${base}/api/messaging/v1/polling`, { headers }).then((r) => r.json());
      return { headers, position: first.position, busy: false };
    }),
  );

  const poll = async (tab) => {
    if (tab.busy || stopped) return;
    tab.busy = true;
    try {
      let more = true;
      while (more && !stopped) {
        const started = performance.now();
        requests++;
        const res = await fetch(`${base}/api/messaging/v1/polling?after=${tab.position}&limit=500`, { headers: tab.headers });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (!res.ok) {
          await res.arrayBuffer();
          break;
        }
        const page = await res.json();
        const at = performance.now();
        answers.push(at - started);
        for (const event of page.events) {
          if (event.type !== "message.created") continue;
          const m = MARKER.exec(String(event.payload?.body ?? ""));
          if (m) listener.onText(Number(m[1]), at);
        }
        tab.position = page.position;
        more = page.hasMore;
      }
    } catch {
      statuses.error = (statuses.error ?? 0) + 1;
    } finally {
      tab.busy = false;
    }
  };

  for (const tab of tabs) {
    const offset = setTimeout(() => {
      timers.delete(offset);
      void poll(tab);
      const every = setInterval(() => void poll(tab), POLL_INTERVAL_MS);
      timers.add(every);
    }, Math.random() * POLL_INTERVAL_MS);
    timers.add(offset);
  }

  return {
    listen(fn) {
      listener.onText = fn;
    },
    /** Requests and answer times since the last call (one phase's worth). */
    take() {
      const out = { requests, statuses: { ...statuses }, answerMs: summary(answers) };
      requests = 0;
      answers.length = 0;
      for (const k of Object.keys(statuses)) delete statuses[k];
      return out;
    },
    async stop() {
      stopped = true;
      for (const t of timers) {
        clearTimeout(t);
        clearInterval(t);
      }
      while (tabs.some((t) => t.busy)) await sleep(20);
    },
  };
}

/**
 * `count` tabs: first idle (the request load of the design alone), then with texts arriving at
 * `cfg.pollRate` a second. The latency is also computed: a text lands at a uniformly random
 * moment of a tab's cycle, waits for that tab's next poll, then for the poll's own answer.
 */
async function pollingRun({ cfg, server, ownerUrl, tokens, measureCores, drainMs, log }, count) {
  log(`polling: ${count} tabs every ${POLL_INTERVAL_MS} ms`);
  const tabs = await startPollingTabs(
    server.base,
    Array.from({ length: count }, (_, i) => tokens[i % tokens.length]),
  );
  // Every tab has started its cycle before anything is counted.
  await sleep(POLL_INTERVAL_MS + 500);
  const waits = await sampleWaits(ownerUrl);
  // Counted over exactly the measured span.
  const idleRun = await measureCores(async () => {
    tabs.take();
    await sleep(cfg.idleSeconds * 1000);
    return tabs.take();
  });
  const idle = idleRun.value;
  const postgresActivity = await waits.stop();
  const book = new LatencyBook(count);
  tabs.listen((id, at) => book.seen(id, at));
  log(`polling: ${cfg.pollRate} texts/s for ${cfg.seconds} s`);
  const run = await measureCores(async () => {
    tabs.take();
    const injected = await injectTexts(server.base, { rate: cfg.pollRate, seconds: cfg.seconds, threads: cfg.threads, book });
    return { injected, waitedAfterLastTextMs: await until(() => book.done(), drainMs), busy: tabs.take() };
  });
  const busy = run.value.busy;
  await tabs.stop();
  const answer = idle.answerMs.p50 ?? 0;
  const perSecond = (n) => Math.round(n / idleRun.seconds);
  return {
    tabs: count,
    intervalMs: POLL_INTERVAL_MS,
    computedMs: {
      mean: Math.round(POLL_INTERVAL_MS * 0.5 + answer),
      p50: Math.round(POLL_INTERVAL_MS * 0.5 + answer),
      p99: Math.round(POLL_INTERVAL_MS * 0.99 + answer),
      pollAnswerP50: answer,
    },
    idle: {
      seconds: Math.round(idleRun.seconds * 10) / 10,
      // Asked by the schedule; started (a tab skips a beat while its last poll is unanswered);
      // answered: what the server got through.
      requestsPerSecondScheduled: Math.round((count * 1000) / POLL_INTERVAL_MS),
      requestsPerSecondStarted: perSecond(idle.requests),
      requestsPerSecondAnswered: perSecond(idle.answerMs.count),
      answerMs: idle.answerMs,
      statuses: idle.statuses,
      cores: idleRun.cores,
      loadAverage1m: idleRun.loadAverage1m,
      serverEventLoopDelayMs: idleRun.serverEventLoopDelayMs,
      postgresActivity,
    },
    measured: {
      ratePerSecond: cfg.pollRate,
      seconds: cfg.seconds,
      ...run.value.injected,
      ...book.report(),
      waitedAfterLastTextMs: run.value.waitedAfterLastTextMs,
      pollRequests: busy.requests,
      pollAnswerMs: busy.answerMs,
      pollStatuses: busy.statuses,
      cores: run.cores,
      loadAverage1m: run.loadAverage1m,
      serverEventLoopDelayMs: run.serverEventLoopDelayMs,
    },
  };
}

/** One run per tab count of `cfg.pollTabs`. */
export async function pollingPhase(ctx) {
  const runs = [];
  for (const count of ctx.cfg.pollTabs) runs.push(await pollingRun(ctx, count));
  return runs;
}
