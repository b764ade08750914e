// bench/voice (npm run bench:voice): how fast an inbound call rings the staff (issue 12 §1),
// against the real server in its own process on a fresh embedded PostgreSQL with the sandbox
// voice bridge. Offer latency = the simulated phone's POST /api/sandbox/calls leaving → the
// call.offer frame arriving on a staff socket, for every socket offered the call (20
// organisations × 10 staff, one socket each, heartbeat and acks as a browser sends them). Each
// call is hung up by the caller once all its offers arrived, so calls do not pile up. Rates from
// BENCH_CALL_RATES; once more at BENCH_LOADED_CALL_RATE while the inbox takes BENCH_TEXT_RATE
// texts/s. The floor of bench/inbox (../shared/tools/floor-inbox.mjs: POST → insert + NOTIFY →
// push, no application code) runs at the same sizes in the same session, as the baseline.
// BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") runs the server with those Node flags.
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { machine, saveResult, startServer, login } from "../lib.mjs";
import { runFloor } from "./floor.mjs";
import { coresUsed, cpuSeconds, loadAverage, ownCpuSeconds, postgresCpuSeconds } from "../inbox/proc.mjs";
import { sleep, summary, until } from "../inbox/stats.mjs";
import { openStaffTabs } from "./staff.mjs";
import { orgNumber, seedVoiceOrgs, staffEmail } from "./seed.mjs";

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const cfg = {
  orgs: env("BENCH_ORGS", 20),
  staffPerOrg: env("BENCH_STAFF_PER_ORG", 10),
  callRates: (process.env.BENCH_CALL_RATES ?? "1,10,50").split(",").map(Number),
  seconds: env("BENCH_SECONDS", 20),
  textRate: env("BENCH_TEXT_RATE", 200),
  loadedCallRate: env("BENCH_LOADED_CALL_RATE", 10),
};
const PORT = 3337;
const PG_PORT = 5337;
/** After the last call of a phase, how long late offers may take before they count as missing. */
const DRAIN_MS = 20_000;
const log = (msg) => console.log(`[voice ${new Date().toISOString().slice(11, 19)}] ${msg}`);

let callerCounter = 0;
/** A caller number no other call of the run uses: offers are matched to calls by it. */
const nextCaller = () => `+1438${4_000_000 + callerCounter++}`;
const textFrom = (o, k) => `+1438${6_000_000 + o * 1000 + k}`;

/** Every call of one phase: when it was placed, when each offer arrived, its sid for the hang-up. */
class OfferBook {
  constructor(screens) {
    this.screens = screens;
    this.calls = new Map();
    this.pairs = [];
    this.unknown = 0;
  }
  placed(phone, at) {
    this.calls.set(phone, { at, seen: 0, last: 0, sid: null, hungUp: false });
  }
  seen(phone, at) {
    const call = this.calls.get(phone);
    if (!call) return void this.unknown++;
    const ms = at - call.at;
    this.pairs.push(ms);
    call.seen++;
    call.last = Math.max(call.last, ms);
  }
  done() {
    return [...this.calls.values()].every((c) => c.seen >= this.screens);
  }
  report() {
    const complete = [...this.calls.values()].filter((c) => c.seen >= this.screens);
    let missing = 0;
    for (const c of this.calls.values()) missing += Math.max(0, this.screens - c.seen);
    return {
      calls: this.calls.size,
      offersPerCall: this.screens,
      everyScreenMs: summary(this.pairs),
      lastScreenMs: summary(complete.map((c) => c.last)),
      missingOffers: missing,
    };
  }
}

/**
 * Calls at `rate` a second for `seconds` on a fixed schedule (open loop), call i to organisation
 * 1 + i mod orgs from a new number; each is hung up once every offer of it arrived.
 */
async function placeCalls(base, { rate, seconds, orgs, book }) {
  const planned = Math.round(rate * seconds);
  const statuses = {};
  const answers = [];
  const inFlight = new Set();
  const start = performance.now();
  for (let i = 0; i < planned; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    const from = nextCaller();
    const sentAt = performance.now();
    book.placed(from, sentAt);
    const req = fetch(`${base}/api/sandbox/calls`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from, to: orgNumber(1 + (i % orgs)) }),
      signal: AbortSignal.timeout(60_000),
    })
      .then(async (res) => {
        const body = await res.json().catch(() => null);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        answers.push(performance.now() - sentAt);
        const call = book.calls.get(from);
        if (call && body?.call?.sid) call.sid = body.call.sid;
      })
      .catch(() => (statuses.error = (statuses.error ?? 0) + 1))
      .finally(() => inFlight.delete(req));
    inFlight.add(req);
  }
  await Promise.all(inFlight);
  return { planned, statuses, startRequestMs: summary(answers) };
}

/**
 * Waits until the server has nothing left of the previous phase: every call ended and no job
 * due (offer acks, ring timers), so a phase never measures its predecessor's backlog. Answers
 * the milliseconds waited, and what was left when `maxMs` ran out.
 */
async function quiet(ownerUrl, maxMs = 180_000) {
  const client = new pg.Client({ connectionString: ownerUrl });
  client.on("error", () => undefined);
  await client.connect();
  const start = performance.now();
  let left = null;
  try {
    while (performance.now() - start < maxMs) {
      const { rows } = await client.query(
        `select (select count(*)::int from calls where state <> 'ended') as calls,
                (select count(*)::int from graphile_worker._private_jobs where run_at <= now()) as jobs`,
      );
      left = rows[0];
      if (left.calls === 0 && left.jobs === 0) return { waitedMs: Math.round(performance.now() - start), left: null };
      await sleep(500);
    }
    return { waitedMs: Math.round(performance.now() - start), left };
  } finally {
    await client.end();
  }
}

/** The caller hangs up each call whose offers all arrived (and, at the end, every call left). */
function hangUps(base, book, { all = false } = {}) {
  const jobs = [];
  for (const call of book.calls.values()) {
    if (call.hungUp || !call.sid || (!all && call.seen < book.screens)) continue;
    call.hungUp = true;
    jobs.push(
      fetch(`${base}/api/sandbox/calls/${call.sid}/hangup`, { method: "POST" }).then(
        (r) => r.text(),
        () => undefined,
      ),
    );
  }
  return Promise.all(jobs);
}

/** Inbound texts at `rate` a second to the organisations' numbers (the inbox under load, open loop). */
async function injectTexts(base, { rate, seconds, orgs }) {
  const planned = Math.round(rate * seconds);
  const statuses = {};
  const inFlight = new Set();
  /** Each text's POST → 201: how long the server took to take it in (the texts' side of the priority lane). */
  const takenInMs = [];
  const start = performance.now();
  for (let i = 0; i < planned; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    const o = 1 + (i % orgs);
    const sentAt = performance.now();
    const req = fetch(`${base}/api/sandbox/inbound`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: textFrom(o, i % 300), to: orgNumber(o), body: "Bonjour, je voudrais déplacer mon rendez-vous" }),
      signal: AbortSignal.timeout(60_000),
    })
      .then((res) =>
        res.text().then(() => {
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.ok) takenInMs.push(performance.now() - sentAt);
        }),
      )
      .catch(() => (statuses.error = (statuses.error ?? 0) + 1))
      .finally(() => inFlight.delete(req));
    inFlight.add(req);
  }
  const seconds_ = (performance.now() - start) / 1000;
  await Promise.all(inFlight);
  return { planned, sentPerSecond: Math.round((planned / seconds_) * 10) / 10, statuses, takenInMs: summary(takenInMs) };
}

const result = { machine: machine(), loadAverage: { start: loadAverage() }, config: cfg };
log(`sizes ${JSON.stringify(cfg)}; load average ${JSON.stringify(result.loadAverage.start)}`);

// The baseline first, in this session, before the server starts: the floor at each call rate
// (a call rings the 10 staff of one organisation, as a text reaches them), and at the texts' rate.
result.floor = [];
for (const rate of [...cfg.callRates, cfg.textRate]) {
  log(`floor: ${cfg.orgs} × ${cfg.staffPerOrg} at ${rate}/s`);
  result.floor.push({
    orgs: cfg.orgs,
    staff: cfg.staffPerOrg,
    rate,
    ...(await runFloor({ orgs: cfg.orgs, staff: cfg.staffPerOrg, rate, seconds: cfg.seconds })),
  });
}

const server = await startServer({
  port: PORT,
  env: { DEV_TOOLS: "true", EMBEDDED_PG_PORT: String(PG_PORT) },
  nodeArgs: process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(" ") : [],
});
const ownerUrl = `postgres://postgres:relais@127.0.0.1:${server.pgPort}/postgres`;
const cpu = async () => ({
  server: await cpuSeconds(server.pid),
  postgres: await postgresCpuSeconds(path.join(server.dataDir, "pg")),
  loadGenerator: ownCpuSeconds(),
});

try {
  const healthy = await fetch(`${server.base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (!healthy) throw new Error("server did not start");
  result.conditions = {
    database: "embedded PostgreSQL in a fresh data folder, default settings",
    server: "apps/server/src/main.ts on Node with the tsx loader, NODE_ENV=production, sandbox carrier and voice bridge, LISTEN/NOTIFY bus",
    client: "one process: staff sockets (heartbeat every 10 s, each offer acked), simulated phones, text injector",
    sharedMachine: `server, PostgreSQL and load generator on the same ${os.cpus().length} cores, shared with other work (see loadAverage)`,
  };
  log(`seeding ${cfg.orgs} organisations × ${cfg.staffPerOrg} staff`);
  await seedVoiceOrgs(ownerUrl, { orgs: cfg.orgs, staff: cfg.staffPerOrg });
  const emails = [];
  for (let o = 1; o <= cfg.orgs; o++) for (let s = 1; s <= cfg.staffPerOrg; s++) emails.push(staffEmail(o, s));
  const tokens = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < emails.length) {
        const i = next++;
        tokens[i] = await login(server.base, emails[i]);
      }
    }),
  );
  let book = new OfferBook(cfg.staffPerOrg);
  const staff = await openStaffTabs(server.base, tokens, { onOffer: (phone, _callId, at) => book.seen(phone, at) });
  log(`${staff.tabs.length} staff tabs live (${staff.failed} failed)`);
  result.sockets = { live: staff.tabs.length, failed: staff.failed };

  result.runs = [];
  const phase = async (label, rate, texts) => {
    const settled = await quiet(ownerUrl);
    log(`${label}: server quiet after ${settled.waitedMs} ms${settled.left ? ` (still ${JSON.stringify(settled.left)})` : ""}`);
    book = new OfferBook(cfg.staffPerOrg);
    const hangTimer = setInterval(() => void hangUps(server.base, book), 250);
    const before = await cpu();
    const t0 = performance.now();
    const [placed, injected] = await Promise.all([
      placeCalls(server.base, { rate, seconds: cfg.seconds, orgs: cfg.orgs, book }),
      texts ? injectTexts(server.base, { rate: texts, seconds: cfg.seconds, orgs: cfg.orgs }) : Promise.resolve(null),
    ]);
    const waitedAfterLastCallMs = await until(() => book.done(), DRAIN_MS);
    const seconds = (performance.now() - t0) / 1000;
    const cores = coresUsed(before, await cpu(), seconds);
    clearInterval(hangTimer);
    await hangUps(server.base, book, { all: true });
    const report = book.report();
    const entry = {
      case: label,
      callsPerSecond: rate,
      textsPerSecond: texts ?? 0,
      seconds: cfg.seconds,
      ...placed,
      texts: injected,
      ...report,
      unmatchedOffers: book.unknown,
      waitedAfterLastCallMs,
      cores,
      loadAverage1m: loadAverage().one,
      quietBefore: settled,
    };
    log(
      `${label}: p50 ${report.everyScreenMs.p50} ms, p99 ${report.everyScreenMs.p99} ms, missing ${report.missingOffers}, load ${entry.loadAverage1m}`,
    );
    result.runs.push(entry);
    await sleep(5000);
  };
  // Rates that may overload the server last: its backlog must not reach a lighter case.
  const byRate = [...cfg.callRates].sort((a, b) => a - b);
  for (const rate of byRate.filter((r) => r <= cfg.loadedCallRate)) await phase(`${rate} calls/s`, rate, 0);
  await phase(`${cfg.loadedCallRate} calls/s + ${cfg.textRate} texts/s`, cfg.loadedCallRate, cfg.textRate);
  for (const rate of byRate.filter((r) => r > cfg.loadedCallRate)) await phase(`${rate} calls/s`, rate, 0);
  await staff.close();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  result.loadAverage.end = loadAverage();
  await server.stop();
  if (!process.env.BENCH_KEEP_DATA) await rm(server.dataDir, { recursive: true, force: true });
}
if (!process.exitCode) {
  await saveResult(process.env.BENCH_RESULT ?? "voice", result);
  const rows = [["case", "floor p99", "offer p50", "offer p99", "last screen p99", "missing", "texts taken in p50 / p99", "load 1m"]];
  for (const r of result.runs) {
    // Under the texts, the floor at the texts' rate: what the inbox alone costs at least.
    const f = result.floor.find((x) => x.rate === (r.textsPerSecond || r.callsPerSecond));
    rows.push([
      r.case,
      f?.p99_ms === undefined ? "—" : `${f.p99_ms} ms`,
      `${r.everyScreenMs.p50} ms`,
      `${r.everyScreenMs.p99} ms`,
      `${r.lastScreenMs.p99} ms`,
      String(r.missingOffers),
      r.texts ? `${r.texts.takenInMs.p50} / ${r.texts.takenInMs.p99} ms` : "—",
      String(r.loadAverage1m),
    ]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  for (const row of rows) console.log(row.map((cell, c) => cell.padStart(widths[c])).join("  "));
}
