// The readable summary of bench/results/inbox.json, printed at the end of a run.

const ms = (v) => (v === null || v === undefined ? "—" : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);
const pad = (s, n) => String(s).padEnd(n);
const cores = (c) => `server ${c.server} + PostgreSQL ${c.postgres} (+ load generator ${c.loadGenerator}) cores`;

function seed(r, add) {
  add(`Seed: ${r.seed.threads} threads, ${r.seed.messages} messages in ${ms(r.seed.totalMs)} ${JSON.stringify(r.seed.timings)}`);
}

function sockets(s, add, r) {
  add(`Inbound text → message.created on every socket (${s.sockets} sockets, one per user)`);
  add(
    `${pad("texts/s", 9)}${pad("accepted/s", 12)}${pad("p50", 10)}${pad("p99", 10)}${pad("last socket p50/p99", 22)}${pad("missing", 9)}CPU`,
  );
  for (const p of s.phases) {
    add(
      `${pad(p.ratePerSecond, 9)}${pad(p.acceptedPerSecond, 12)}${pad(ms(p.everyScreenMs.p50), 10)}${pad(ms(p.everyScreenMs.p99), 10)}` +
        `${pad(`${ms(p.lastScreenMs.p50)} / ${ms(p.lastScreenMs.p99)}`, 22)}${pad(p.missingDeliveries, 9)}${pad(p.loadAverage1m, 6)}${cores(p.cores)}`,
    );
    const loop = p.serverEventLoopDelayMs;
    add(`    server event loop delay p50 ${ms(loop.p50)}, p99 ${ms(loop.p99)}; inbound request p50 ${ms(p.inboundRequestMs.p50)}`);
    if (p.overloadedAfterMs !== null) add(`    overloaded: ${p.sent} of ${p.planned} texts sent, stopped after ${ms(p.overloadedAfterMs)}`);
    for (const a of p.postgresActivity ?? []) add(`    ${a.connections} × ${a.what}`);
  }
  add(`idle: ${cores(s.idle.cores)}, no HTTP requests`);
  const c = s.inboundWithoutSockets;
  if (c) {
    add(
      `no socket connected, ${c.ratePerSecond} texts/s sent: ${c.acceptedPerSecond} accepted/s, inbound request p50 ${ms(c.inboundRequestMs.p50)}`,
    );
    add(`    server event loop delay p50 ${ms(c.serverEventLoopDelayMs.p50)}, p99 ${ms(c.serverEventLoopDelayMs.p99)}`);
    for (const a of c.postgresActivity) add(`    ${a.connections} × ${a.what}`);
  }
  const i = r.lists?.inboundText;
  if (i) {
    add(`one text alone: ${i.statements} statements in ${i.transactions} transactions, request p50 ${ms(i.requestMsMedian)}`);
  }
}

function lists(l, add) {
  add(`Pages (${l.connections} connections, ${l.requestsEach} requests each)`);
  add(`${pad("page", 16)}${pad("p50", 10)}${pad("p95", 10)}${pad("p99", 10)}${pad("req/s", 8)}SQL statements (transactions)`);
  for (const kind of ["threads", "messages"]) {
    for (const p of l[kind]) {
      add(
        `${pad(`${kind} ×${p.pageSize}`, 16)}${pad(ms(p.latencyMs.p50), 10)}${pad(ms(p.latencyMs.p95), 10)}${pad(ms(p.latencyMs.p99), 10)}` +
          `${pad(p.latencyMs.requestsPerSecond, 8)}${p.sqlStatements} (${p.transactions})`,
      );
    }
  }
}

function memory(m, add) {
  add(
    `Memory, ${m.sockets} idle sockets: RSS ${m.before.rssMiB} → ${m.after.rssMiB} MiB, heap ${m.before.heapUsedMiB} → ${m.after.heapUsedMiB} MiB`,
  );
  const k = m.perSocketKiB;
  add(`per socket: RSS ${k.rss} KiB (second half ${k.rssSecondHalf}), heap ${k.heapUsed} KiB (second half ${k.heapUsedSecondHalf})`);
  add(`idle: ${cores(m.idleCores)}`);
}

function polling(runs, add) {
  for (const p of runs) {
    add(`Polling every ${p.intervalMs} ms, ${p.tabs} tabs`);
    add(`computed: mean ${ms(p.computedMs.mean)}, p99 ${ms(p.computedMs.p99)} (poll answer p50 ${ms(p.computedMs.pollAnswerP50)})`);
    const m = p.measured;
    add(
      `measured at ${m.ratePerSecond} texts/s: p50 ${ms(m.everyScreenMs.p50)}, p99 ${ms(m.everyScreenMs.p99)}, missing ${m.missingDeliveries}`,
    );
    add(`           ${cores(m.cores)}`);
    const i = p.idle;
    add(
      `idle: ${i.requestsPerSecondScheduled} req/s scheduled, ${i.requestsPerSecondAnswered} answered (p50 ${ms(i.answerMs.p50)}); ${cores(i.cores)}`,
    );
    for (const a of i.postgresActivity ?? []) add(`    ${a.connections} × ${a.what}`);
  }
}

export function printTable(r) {
  const lines = [];
  const add = (s = "") => lines.push(s);
  const parts = [
    [r.seed, seed],
    [r.lists, lists],
    [r.memory, memory],
    [r.sockets, sockets],
    [r.polling, polling],
  ];
  for (const [data, print] of parts) {
    if (!data) continue;
    print(data === r.seed ? r : data, add, r);
    add();
  }
  add(`Load average: start ${JSON.stringify(r.loadAverage.start)}, end ${JSON.stringify(r.loadAverage.end)}`);
  console.log(lines.join("\n"));
}
