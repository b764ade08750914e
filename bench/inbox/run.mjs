// bench/inbox (npm run bench:inbox): the text inbox under load, against the real server in its
// own process on a fresh embedded PostgreSQL, inbound texts through the Twilio webhook (or the sandbox, post-text.mjs). Sizes come from the
// environment so that a small run takes a minute; the defaults are the published run (README
// "Inbox figures"). BENCH_PHASES picks phases (lists,memory,sockets,polling; default all);
// BENCH_PHASES=orgs is the many-organisation load model with the floor beside it (orgs.mjs).
// BENCH_RESULT names the file under bench/results (default inbox), so a run of some phases
// does not replace the published one. BENCH_PG_STATEMENTS=1 adds, per case of the orgs phase,
// PostgreSQL's statements and write-ahead log records per text (statements.mjs).
//
// npm runs this process with --initial-old-space-size=1024 (and --expose-gc, to collect before
// each measured case, orgs.mjs): this process is the instrument, and
// its own full collections (every two seconds at 200 texts/s with V8's default limits, 10 to 25
// ms each) made every text it was to see meanwhile look late (decision 0057). The server runs
// with Node's defaults.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { machine, saveResult, startServer, login } from "../lib.mjs";
import { listsPhase } from "./lists.mjs";
import { watchCollections, watchStalls } from "./loop-watch.mjs";
import { memoryPhase } from "./memory.mjs";
import { orgsPhase, printOrgs } from "./orgs.mjs";
import { COUNT_STATEMENTS, STATEMENT_SETTINGS, printStatements } from "./statements.mjs";
import { pollingPhase, POLL_INTERVAL_MS } from "./polling.mjs";
import {
  askServer,
  coresUsed,
  cpuSeconds,
  loadAverage,
  machineCoresUsed,
  machineTicks,
  ownCpuSeconds,
  postgresCpuSeconds,
} from "./proc.mjs";
import { socketsPhase } from "./pushed.mjs";
import { benchEmail, contactPhone, DEMO_USER, HEAVY_THREADS, ORG_ID, seedInbox } from "./seed.mjs";
import { printTable } from "./table.mjs";
import { BENCH_TWILIO, INBOUND } from "./post-text.mjs";

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const cfg = {
  threads: env("BENCH_THREADS", 50_000),
  messages: env("BENCH_MESSAGES", 1_000_000),
  /** Signed-in users; one socket each for the latency phases. */
  sockets: env("BENCH_SOCKETS", 1_000),
  idleSockets: env("BENCH_IDLE_SOCKETS", 5_000),
  rates: (process.env.BENCH_RATES ?? "5,50,200").split(",").map(Number),
  seconds: env("BENCH_SECONDS", 20),
  pollTabs: (process.env.BENCH_POLL_TABS ?? "100,1000").split(",").map(Number),
  pollRate: env("BENCH_POLL_RATE", 5),
  idleSeconds: env("BENCH_IDLE_SECONDS", 10),
  listRequests: env("BENCH_LIST_REQUESTS", 400),
  listConnections: env("BENCH_LIST_CONNECTIONS", 4),
  /** The load model of DESIGN §8 (phase orgs): organisations × staff, one socket each. */
  orgs: env("BENCH_ORGS", 100),
  staffPerOrg: env("BENCH_STAFF_PER_ORG", 10),
  orgRates: (process.env.BENCH_ORG_RATES ?? "50,100,200,500").split(",").map(Number),
  orgSeconds: env("BENCH_ORG_SECONDS", 10),
  /** Seconds of texts sent before each measured case of the orgs phase, not measured (warm-up). */
  orgWarmupSeconds: env("BENCH_ORG_WARMUP_SECONDS", 2),
  singleOrgRate: env("BENCH_SINGLE_ORG_RATE", 200),
};
const phases = new Set((process.env.BENCH_PHASES ?? "orgs,lists,memory,sockets,polling").split(","));
const PORT = 3320;
const PG_PORT = 5320;
/** After the last text of a phase, how long stragglers may take before they count as missing. */
const DRAIN_MS = 30_000;
const probeFile = path.join(os.tmpdir(), `relais-bench-inbox-probe-${process.pid}.json`);

const log = (msg) => console.log(`[inbox ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** Signs every bench user in, four at a time (each sign-in is an argon2id hash on the server). */
async function loginAll(base, count) {
  const tokens = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      tokens[i] = await login(base, benchEmail(i + 1));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return tokens;
}

const result = { machine: machine(), loadAverage: { start: loadAverage() }, config: { ...cfg, inbound: INBOUND } };
log(`sizes ${JSON.stringify(cfg)}; load average ${JSON.stringify(result.loadAverage.start)}`);
const server = await startServer({
  port: PORT,
  env: {
    DEV_TOOLS: "true",
    EMBEDDED_PG_PORT: String(PG_PORT),
    BENCH_PROBE_FILE: probeFile,
    ...(COUNT_STATEMENTS ? { EMBEDDED_PG_SETTINGS: STATEMENT_SETTINGS } : {}),
    // Texts come in through the Twilio webhook, as in production (post-text.mjs, decision 0062).
    ...(INBOUND === "carrier"
      ? {
          TWILIO_ACCOUNT_SID: BENCH_TWILIO.accountSid,
          TWILIO_AUTH_TOKEN: BENCH_TWILIO.authToken,
          TWILIO_API_BASE: BENCH_TWILIO.apiBase,
          PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        }
      : {}),
  },
  // BENCH_NODE_ARGS adds Node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  nodeArgs: [
    "--expose-gc",
    ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
    "--import",
    "./bench/inbox/server-probe.mjs",
  ],
});
const ownerUrl = `postgres://postgres:relais@127.0.0.1:${server.pgPort}/postgres`;
const cpu = async () => ({
  server: await cpuSeconds(server.pid),
  postgres: await postgresCpuSeconds(path.join(server.dataDir, "pg")),
  loadGenerator: ownCpuSeconds(),
});

/**
 * While `during` runs: the CPU the server and PostgreSQL used (1.0 = one whole core), the
 * server's event-loop delay, the load generator's own (a text it timed waited that long to be
 * sent or seen, whatever the server did), and for how long it ran.
 */
async function measureCores(during) {
  await askServer(server.pid, probeFile, "loop");
  const before = await cpu();
  const machineBefore = await machineTicks();
  const ownDelay = monitorEventLoopDelay({ resolution: 5 });
  ownDelay.enable();
  // The load generator's own collections and stalls too: a pause here makes texts look late
  // that were not.
  const ownCollections = watchCollections();
  const ownStalls = watchStalls();
  const start = performance.now();
  const value = await during();
  const seconds = (performance.now() - start) / 1000;
  ownDelay.disable();
  ownCollections.stop();
  ownStalls.stop();
  const cores = coresUsed(before, await cpu(), seconds);
  const machineCores = machineCoresUsed(machineBefore, await machineTicks(), seconds);
  const serverEventLoopDelayMs = await askServer(server.pid, probeFile, "loop");
  delete serverEventLoopDelayMs.seq;
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const loadGeneratorEventLoopDelayMs = { p50: ms(ownDelay.percentile(50)), p99: ms(ownDelay.percentile(99)), max: ms(ownDelay.max) };
  // The machine's 1-minute load average at the end: how much else wanted the cores meanwhile.
  return {
    value,
    seconds,
    cores,
    machineCores,
    serverEventLoopDelayMs,
    loadGeneratorEventLoopDelayMs,
    loadGeneratorCollections: ownCollections.take(),
    loadGeneratorStalls: ownStalls.take(),
    loadAverage1m: loadAverage().one,
  };
}

try {
  const healthy = await fetch(`${server.base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (!healthy) throw new Error("server did not start");
  const owner = new pg.Client({ connectionString: ownerUrl });
  // Stopping the server in `finally` ends this connection: that must not hide the real error.
  owner.on("error", () => undefined);
  await owner.connect();
  const pgVersion = (await owner.query("show server_version")).rows[0].server_version;
  result.conditions = {
    database: `embedded PostgreSQL ${pgVersion} in a fresh data folder, default settings (max_connections 200)`,
    server: `apps/server/src/main.ts on Node with the tsx loader, NODE_ENV=production, ${INBOUND === "carrier" ? "Twilio carrier (inbound texts through its signed webhook)" : "sandbox carrier"}, ${process.env.REDIS_URL ? "Redis bus (REDIS_URL)" : "LISTEN/NOTIFY bus"}`,
    client: "one process: sockets, polling tabs, text injector and autocannon",
    sharedMachine: `server, PostgreSQL and load generator on the same ${os.cpus().length} cores, shared with other work (see loadAverage)`,
    // One active session per user (a new sign-in revokes the others), but one session may hold
    // a socket per tab, and the server keeps a connection object per socket either way.
    sockets:
      "latency: one user (own session) per socket, so the server also re-checks that many sessions every 30 s; " +
      "memory: several tabs (sockets) per signed-in user",
  };

  log(`seeding ${cfg.sockets} users, ${cfg.threads} threads, ${cfg.messages} messages`);
  const seedStart = performance.now();
  result.seed = await seedInbox(ownerUrl, { users: cfg.sockets, threads: cfg.threads, messages: cfg.messages });
  result.seed.totalMs = Math.round(performance.now() - seedStart);
  log(`seeded in ${result.seed.totalMs} ms ${JSON.stringify(result.seed.timings)}`);
  const { rows } = await owner.query(
    "select id from threads where organization_id = $1 and contact_phone = any($2) order by contact_phone",
    [ORG_ID, Array.from({ length: HEAVY_THREADS }, (_, i) => contactPhone(i + 1))],
  );
  const heavy = rows.map((r) => r.id);
  await owner.end();

  const loginStart = performance.now();
  const tokens = await loginAll(server.base, cfg.sockets);
  const demoToken = await login(server.base, DEMO_USER);
  result.logins = { users: cfg.sockets, ms: Math.round(performance.now() - loginStart) };
  log(`${cfg.sockets} users signed in in ${result.logins.ms} ms`);

  const ctx = { cfg, server, ownerUrl, tokens, demoToken, heavy, probeFile, measureCores, drainMs: DRAIN_MS, log };
  // The load model first, on a server no other phase has loaded yet (the floor runs inside it).
  if (phases.has("orgs")) result.orgs = await orgsPhase(ctx, { login });
  // Memory next: no earlier phase has grown the heap much or the allocator's reserve yet.
  if (phases.has("memory")) result.memory = await memoryPhase(ctx);
  if (phases.has("lists")) result.lists = await listsPhase(ctx);
  if (phases.has("sockets")) result.sockets = await socketsPhase(ctx);
  if (phases.has("polling")) result.polling = await pollingPhase(ctx);
  const polled = result.polling?.at(-1);
  result.requestLoadPer1000Tabs = {
    polling: {
      computedRequestsPerSecond: Math.round(1000 / (POLL_INTERVAL_MS / 1000)),
      measuredAnsweredPerSecond: polled ? Math.round((polled.idle.requestsPerSecondAnswered / polled.tabs) * 1000) : null,
    },
    // The hub pings each socket every 30 s (a control frame, no database work) and re-checks
    // the sessions of an organisation's sockets with one transaction every 30 s per node.
    sockets: { httpRequestsPerSecond: 0, pingFramesPerSecond: Math.round((1000 / 30) * 10) / 10 },
  };
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  result.loadAverage.end = loadAverage();
  await server.stop();
  for (const suffix of ["", ".ask", ".tmp"]) await rm(`${probeFile}${suffix}`, { force: true });
  if (!process.env.BENCH_KEEP_DATA) await rm(server.dataDir, { recursive: true, force: true });
}
if (!process.exitCode) {
  await saveResult(process.env.BENCH_RESULT ?? "inbox", result);
  printTable(result);
  printOrgs(result.orgs);
  printStatements(result.orgs?.relais ?? []);
}
