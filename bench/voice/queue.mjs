// bench/voice/queue.mjs (npm run bench:voice-queue): the call queue under load (issue 13 §7),
// against the real server in its own process on a fresh embedded PostgreSQL with the sandbox
// voice bridge. 20 organisations with the queue on, 10 staff each (200 staff sockets, heartbeat
// as a browser, every person busy: nobody is offered a call, so callers wait), 100 callers (one
// simulated phone socket each, 5 per organisation):
//   1. enter: the 100 calls placed at BENCH_QUEUE_RATE a second; queue view latency = the phone's
//      POST /api/sandbox/calls leaving → the first `queue.updated` of that call on each of its
//      team's 10 sockets.
//   2. pick: one person per call picks it (POST voice/v1/queues/pick) at BENCH_QUEUE_RATE a second;
//      pick → the caller's phone told `call.connected`, pick → the caller's phone receiving the
//      staff tab's SDP answer (the call bridged: the staff leg joined), and pick → the queue view
//      of the team's other sockets showing it in progress.
//   3. held: half the calls held, half parked, for BENCH_HOLD_SECONDS (600): the server's RSS and
//      CPU, and PostgreSQL's CPU, every 30 s; no call may end meanwhile.
// The floor of bench/inbox (../shared/tools/floor-inbox.mjs: POST → insert + NOTIFY → push to
// 10 sockets of each of 20 organisations, no application code) runs at the same rate first.
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import WebSocket from "ws";
import { machine, saveResult, startServer, login } from "../lib.mjs";
import { runFloor } from "./floor.mjs";
import { cpuSeconds, loadAverage, postgresCpuSeconds, rssMiB } from "../inbox/proc.mjs";
import { sleep, summary, until } from "../inbox/stats.mjs";
import { openStaffTabs } from "./staff.mjs";
import { orgNumber, seedVoiceOrgs, staffEmail } from "./seed.mjs";

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const cfg = {
  orgs: env("BENCH_ORGS", 20),
  staffPerOrg: env("BENCH_STAFF_PER_ORG", 10),
  callsPerOrg: env("BENCH_CALLS_PER_ORG", 5),
  rate: env("BENCH_QUEUE_RATE", 5),
  holdSeconds: env("BENCH_HOLD_SECONDS", 600),
  sampleSeconds: env("BENCH_SAMPLE_SECONDS", 30),
};
const PORT = 3338;
const PG_PORT = 5338;
const SDP = { offer: "v=0\r\no=bench 1 1 IN IP4 127.0.0.1\r\ns=-\r\n", answer: "v=0\r\no=bench 2 2 IN IP4 127.0.0.1\r\ns=-\r\n" };
const log = (msg) => console.log(`[queue ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function api(base, token, method, url, body) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const answer = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The queue on at every level (organisation flag and option, team setting) for the benchmark's organisations. */
async function queueOn(ownerUrl) {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query(
      `update organizations set call_queue_enabled = true,
         options = options || '{"voiceQueue": {"enabled": true, "notification": false}}'::jsonb
       where name_fr like 'Voix %'`,
    );
    await client.query(
      `update teams set settings = coalesce(settings, '{}'::jsonb) || '{"voiceQueue": true}'::jsonb
       where organization_id in (select id from organizations where name_fr like 'Voix %')`,
    );
  } finally {
    await client.end();
  }
}

async function liveCalls(ownerUrl) {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select state, count(*)::int as n from calls group by state order by state`);
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  } finally {
    await client.end();
  }
}

/** One simulated phone per caller: it answers the bridge's `call.connected` with an SDP offer, as the simulator page does. */
function openPhone(base, number, book) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/api/sandbox/phone-socket?number=${encodeURIComponent(number)}`, {
      perMessageDeflate: false,
    });
    ws.on("error", reject);
    ws.on("message", (data) => {
      const at = performance.now();
      const message = JSON.parse(data.toString());
      if (message.type === "phone.ready") return resolve(ws);
      const call = book.byPhone.get(number);
      if (!call) return;
      if (message.type === "call.connected" && call.connectedAt === null) {
        call.connectedAt = at;
        ws.send(
          JSON.stringify({
            type: "call.signal",
            callSid: message.callSid,
            signal: { kind: "offer", payload: { type: "offer", sdp: SDP.offer } },
          }),
        );
      } else if (message.type === "call.signal" && message.signal.kind === "answer" && call.bridgedAt === null) {
        call.bridgedAt = at;
      }
    });
  });
}

/** The calls of the run, by caller number and by sid, with what each socket saw of them. */
class CallBook {
  constructor() {
    this.byPhone = new Map();
    this.bySid = new Map();
    /** sid → [{ socket, at, group }] in arrival order. */
    this.queueFrames = new Map();
  }
  add(phone, org, k) {
    const call = { phone, org, k, placedAt: 0, sid: null, callId: null, pickedAt: null, connectedAt: null, bridgedAt: null, owner: null };
    this.byPhone.set(phone, call);
    return call;
  }
  frame(sid, socket, at, group) {
    if (!sid) return;
    (this.queueFrames.get(sid) ?? this.queueFrames.set(sid, []).get(sid)).push({ socket, at, group });
  }
}

const result = { machine: machine(), loadAverage: { start: loadAverage() }, config: cfg };
log(`sizes ${JSON.stringify(cfg)}; load average ${JSON.stringify(result.loadAverage.start)}`);
const totalCalls = cfg.orgs * cfg.callsPerOrg;

// The baseline first, in this session, before the server starts.
log(`floor: ${cfg.orgs} × ${cfg.staffPerOrg} at ${cfg.rate}/s`);
result.floor = {
  orgs: cfg.orgs,
  staff: cfg.staffPerOrg,
  rate: cfg.rate,
  ...(await runFloor({ orgs: cfg.orgs, staff: cfg.staffPerOrg, rate: cfg.rate, seconds: totalCalls / cfg.rate })),
};

// nodeArgs (even none) runs the server under tsx's loader in one process: `pid` is the server itself.
const server = await startServer({ port: PORT, env: { DEV_TOOLS: "true", EMBEDDED_PG_PORT: String(PG_PORT) }, nodeArgs: [] });
const ownerUrl = `postgres://postgres:relais@127.0.0.1:${server.pgPort}/postgres`;
const pgDir = path.join(server.dataDir, "pg");
const usage = async () => ({
  at: performance.now(),
  rssMiB: Math.round(await rssMiB(server.pid)),
  serverCpu: await cpuSeconds(server.pid),
  postgresCpu: await postgresCpuSeconds(pgDir),
});

try {
  const healthy = await fetch(`${server.base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (!healthy) throw new Error("server did not start");
  result.conditions = {
    database: "embedded PostgreSQL in a fresh data folder, default settings",
    server: "apps/server/src/main.ts under tsx, NODE_ENV=production, sandbox carrier and voice bridge, LISTEN/NOTIFY bus",
    client: "one process: 200 staff sockets (heartbeat every 10 s, busy: not offered calls), 100 simulated phone sockets, the API calls",
    sharedMachine: `server, PostgreSQL and load generator on the same ${os.cpus().length} cores (see loadAverage)`,
  };
  log(`seeding ${cfg.orgs} organisations × ${cfg.staffPerOrg} staff, queue on`);
  await seedVoiceOrgs(ownerUrl, { orgs: cfg.orgs, staff: cfg.staffPerOrg });
  await queueOn(ownerUrl);

  const tokens = [];
  for (let o = 1; o <= cfg.orgs; o++) for (let s = 1; s <= cfg.staffPerOrg; s++) tokens.push(await login(server.base, staffEmail(o, s)));
  const orgOfSocket = (index) => 1 + Math.floor(index / cfg.staffPerOrg);
  const book = new CallBook();
  const staff = await openStaffTabs(server.base, tokens, {
    canAnswer: false,
    onFrame: (message, at, ws, index) => {
      if (message.type === "queue.updated") book.frame(message.payload.sid, index, at, message.payload.group);
      else if (message.type === "call.signal" && message.signal.kind === "offer") {
        // As the owner's browser: take the phone's offer and answer it (the staff leg joins).
        ws.send(
          JSON.stringify({
            type: "call.signal",
            callId: message.callId,
            signal: { kind: "answer", payload: { type: "answer", sdp: SDP.answer } },
          }),
        );
      }
    },
  });
  log(`${staff.tabs.length} staff sockets live (${staff.failed} failed)`);
  result.sockets = { staff: staff.tabs.length, failed: staff.failed };

  const calls = [];
  for (let k = 0; k < cfg.callsPerOrg; k++) {
    for (let o = 1; o <= cfg.orgs; o++) calls.push(book.add(`+1438${4_100_000 + o * 100 + k}`, o, k));
  }
  const phones = await Promise.all(calls.map((c) => openPhone(server.base, c.phone, book)));
  result.sockets.phones = phones.length;

  // --- 1. The callers enter the queues. ---
  const enterStart = await usage();
  const statuses = {};
  const inFlight = [];
  const t0 = performance.now();
  for (let i = 0; i < calls.length; i++) {
    const wait = t0 + (i * 1000) / cfg.rate - performance.now();
    if (wait > 1) await sleep(wait);
    const call = calls[i];
    call.placedAt = performance.now();
    inFlight.push(
      fetch(`${server.base}/api/sandbox/calls`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ from: call.phone, to: orgNumber(call.org) }),
        signal: AbortSignal.timeout(60_000),
      }).then(async (res) => {
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const body = await res.json().catch(() => null);
        call.sid = body?.call?.sid ?? null;
        if (call.sid) book.bySid.set(call.sid, call);
      }),
    );
  }
  await Promise.all(inFlight);
  const seenEverywhere = () =>
    calls.every((c) => new Set((book.queueFrames.get(c.sid) ?? []).map((f) => f.socket)).size >= cfg.staffPerOrg);
  const enterWaitMs = await until(seenEverywhere, 30_000);
  const enterEnd = await usage();
  const enterLatencies = [];
  let enterMissing = 0;
  for (const c of calls) {
    const first = new Map();
    for (const f of book.queueFrames.get(c.sid) ?? []) if (!first.has(f.socket)) first.set(f.socket, f.at);
    for (const [socket, at] of first) if (orgOfSocket(socket) === c.org) enterLatencies.push(at - c.placedAt);
    enterMissing += Math.max(0, cfg.staffPerOrg - first.size);
  }
  const foreignFrames = calls.reduce(
    (n, c) => n + (book.queueFrames.get(c.sid) ?? []).filter((f) => orgOfSocket(f.socket) !== c.org).length,
    0,
  );
  // What one person's queue view answers now: the 5 callers of their team, all waiting.
  const view = await api(server.base, tokens[0], "GET", "/voice/v1/queues");
  result.enter = {
    calls: calls.length,
    placedPerSecond: cfg.rate,
    statuses,
    queueViewMs: summary(enterLatencies),
    deliveries: enterLatencies.length,
    missingDeliveries: enterMissing,
    framesOnOtherOrganisationsSockets: foreignFrames,
    waitedAfterLastCallMs: enterWaitMs,
    oneViewAfter: view,
    states: await liveCalls(ownerUrl),
    cores: {
      server: (enterEnd.serverCpu - enterStart.serverCpu) / ((enterEnd.at - enterStart.at) / 1000),
      postgres: (enterEnd.postgresCpu - enterStart.postgresCpu) / ((enterEnd.at - enterStart.at) / 1000),
    },
  };
  log(`enter: queue view p50 ${result.enter.queueViewMs.p50} ms, p99 ${result.enter.queueViewMs.p99} ms, missing ${enterMissing}`);
  await sleep(3000);

  // --- 2. Each call picked by one person of its team. ---
  const pickStart = await usage();
  const pickPromises = [];
  const pickErrors = [];
  const t1 = performance.now();
  for (let i = 0; i < calls.length; i++) {
    const wait = t1 + (i * 1000) / cfg.rate - performance.now();
    if (wait > 1) await sleep(wait);
    const call = calls[i];
    const socket = (call.org - 1) * cfg.staffPerOrg + call.k;
    call.owner = socket;
    call.pickedAt = performance.now();
    pickPromises.push(
      api(server.base, tokens[socket], "POST", "/voice/v1/queues/pick", { callSid: call.sid }).then(
        (v) => (call.callId = v.id),
        (err) => pickErrors.push(String(err)),
      ),
    );
  }
  await Promise.all(pickPromises);
  const pickWaitMs = await until(() => calls.every((c) => c.bridgedAt !== null), 30_000);
  await sleep(2000);
  const pickEnd = await usage();
  const inProgressLatencies = [];
  for (const c of calls) {
    const first = new Map();
    for (const f of book.queueFrames.get(c.sid) ?? []) {
      if (f.at >= c.pickedAt && f.group !== "queued" && !first.has(f.socket)) first.set(f.socket, f.at);
    }
    for (const [socket, at] of first) if (socket !== c.owner) inProgressLatencies.push(at - c.pickedAt);
  }
  result.pick = {
    picks: calls.length,
    picksPerSecond: cfg.rate,
    errors: pickErrors,
    pickToPhoneConnectedMs: summary(calls.filter((c) => c.connectedAt !== null).map((c) => c.connectedAt - c.pickedAt)),
    pickToCallerBridgedMs: summary(calls.filter((c) => c.bridgedAt !== null).map((c) => c.bridgedAt - c.pickedAt)),
    notBridged: calls.filter((c) => c.bridgedAt === null).length,
    pickToColleaguesQueueViewMs: summary(inProgressLatencies),
    waitedAfterLastPickMs: pickWaitMs,
    states: await liveCalls(ownerUrl),
    cores: {
      server: (pickEnd.serverCpu - pickStart.serverCpu) / ((pickEnd.at - pickStart.at) / 1000),
      postgres: (pickEnd.postgresCpu - pickStart.postgresCpu) / ((pickEnd.at - pickStart.at) / 1000),
    },
  };
  log(
    `pick: → connected p50 ${result.pick.pickToPhoneConnectedMs.p50} ms p99 ${result.pick.pickToPhoneConnectedMs.p99}; → bridged p50 ${result.pick.pickToCallerBridgedMs.p50} ms p99 ${result.pick.pickToCallerBridgedMs.p99}; errors ${pickErrors.length}`,
  );

  // --- 3. Half held, half parked, for holdSeconds. ---
  const holdErrors = [];
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i];
    if (!call.callId) continue;
    const [method, url, body] =
      i % 2 === 0 ? ["POST", "/voice/v1/calls/hold", { callId: call.callId }] : ["POST", `/voice/v1/queues/park/${call.callId}`, undefined];
    await api(server.base, tokens[call.owner], method, url, body).catch((err) => holdErrors.push(String(err)));
  }
  await sleep(2000);
  const heldStates = await liveCalls(ownerUrl);
  log(`held/parked: ${JSON.stringify(heldStates)}; ${cfg.holdSeconds} s of samples`);
  const samples = [];
  const h0 = await usage();
  let prev = h0;
  while (performance.now() - h0.at < cfg.holdSeconds * 1000) {
    await sleep(cfg.sampleSeconds * 1000);
    const now = await usage();
    const seconds = (now.at - prev.at) / 1000;
    samples.push({
      atSeconds: Math.round((now.at - h0.at) / 1000),
      rssMiB: now.rssMiB,
      serverCores: Math.round(((now.serverCpu - prev.serverCpu) / seconds) * 1000) / 1000,
      postgresCores: Math.round(((now.postgresCpu - prev.postgresCpu) / seconds) * 1000) / 1000,
    });
    prev = now;
    log(
      `+${samples.at(-1).atSeconds} s: rss ${now.rssMiB} MiB, server ${samples.at(-1).serverCores} cores, postgres ${samples.at(-1).postgresCores}`,
    );
  }
  const h1 = prev;
  const hours = (h1.at - h0.at) / 1000;
  result.held = {
    held: Math.ceil(calls.length / 2),
    parked: Math.floor(calls.length / 2),
    errors: holdErrors,
    statesAtStart: heldStates,
    statesAtEnd: await liveCalls(ownerUrl),
    seconds: Math.round(hours),
    rssMiB: { start: h0.rssMiB, end: h1.rssMiB, max: Math.max(h0.rssMiB, ...samples.map((s) => s.rssMiB)) },
    serverCores: Math.round(((h1.serverCpu - h0.serverCpu) / hours) * 1000) / 1000,
    postgresCores: Math.round(((h1.postgresCpu - h0.postgresCpu) / hours) * 1000) / 1000,
    samples,
  };
  for (const ws of phones) ws.close();
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
  await saveResult(process.env.BENCH_RESULT ?? "voice-queue", result);
  const f = result.floor;
  console.log(`floor (${f.rate}/s to ${cfg.orgs}×${cfg.staffPerOrg}): p50 ${f.p50_ms} ms, p99 ${f.p99_ms} ms`);
  console.log(
    `queue view, caller enters: p50 ${result.enter.queueViewMs.p50} ms, p99 ${result.enter.queueViewMs.p99} ms (${result.enter.deliveries} deliveries, ${result.enter.missingDeliveries} missing)`,
  );
  console.log(`pick → caller bridged: p50 ${result.pick.pickToCallerBridgedMs.p50} ms, p99 ${result.pick.pickToCallerBridgedMs.p99} ms`);
  console.log(
    `held ${result.held.seconds} s: rss ${JSON.stringify(result.held.rssMiB)}, server ${result.held.serverCores} cores, postgres ${result.held.postgresCores} cores`,
  );
}
