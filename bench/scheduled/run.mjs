// bench/scheduled (npm run bench:scheduled): BENCH_SCHEDULED messages (default 10 000) due in the
// same minute. Run 1: seconds from the due time until every text is handed to the carrier. Run 2:
// the same batch size, the server killed with SIGKILL in the middle and started again; lost and
// doubled texts counted (both must be 0). The server is apps/server/test/fixtures/crash-child.ts
// (the app and its job worker, set as in main.ts: 24 jobs at once, fetched 100 at a time) with the FileCarrier, a network
// that outlives the process and takes each idempotency key once; its log is the count.
// Runs under tsx (the npm script) to use the server's own migration and seed code.
import { spawn } from "node:child_process";
import { mkdtemp, rm, chmod } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createDatabase, withTenant } from "../../apps/server/src/db/database.ts";
import { startEmbeddedPostgres } from "../../apps/server/src/db/embedded.ts";
import { migrateToLatest } from "../../apps/server/src/db/migrate.ts";
import { enableAppLogin } from "../../apps/server/src/db/app-login.ts";
import { installJobs } from "../../apps/server/src/platform/jobs/jobs.ts";
import { readAttempts } from "../../apps/server/test/fixtures/file-carrier.ts";
import { seedReference } from "../../apps/server/src/seed/reference.ts";
import { insertOrganization, insertTeam } from "../../apps/server/src/seed/builders.ts";
import { TEST_APP_PASSWORD } from "../../apps/server/test/app-password.ts";
import { machine, saveResult } from "../lib.mjs";

const N = Number(process.env.BENCH_SCHEDULED ?? 10_000);
/** The batch falls due this long after it is moved to its common instant, the server up and idle. */
const LEAD_MS = 3_000;
const log = (msg) => console.log(`[scheduled ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dir = await mkdtemp(path.join(os.tmpdir(), "relais-bench-scheduled-"));
await chmod(dir, 0o755);
const embedded = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port: 5330 });
const url = embedded.url;
const db = createDatabase(url, { ownerPoolSize: 2, appPoolSize: 1 });
await migrateToLatest(db.owner);
await enableAppLogin(db.owner, url, TEST_APP_PASSWORD);
await seedReference(db.owner);
await installJobs(url);

/**
 * A fresh organisation with N scheduled messages and their jobs, planned an hour ahead (writing
 * them takes a while), then all moved to one instant a few seconds ahead, as if the clock were
 * about to reach their common minute: the figure starts at that instant.
 */
async function plantBatch(label) {
  const orgId = await insertOrganization(db.owner, { nameFr: `Banc ${label}`, nameEn: `Bench ${label}`, sector: "dental" });
  const teamId = await insertTeam(db.owner, orgId, { label: "Réception", main: true, phoneNumber: "+15145550100" });
  const planned = new Date(Date.now() + 3600_000);
  await withTenant(db.owner, orgId, async (tx) => {
    await sql`
      insert into scheduled_messages (organization_id, team_id, to_phone, title, body, scheduled_date, scheduled_time, scheduled_at)
      select ${orgId}, ${teamId}, '+1438' || lpad((2000000 + g)::text, 7, '0'), 'Banc', 'Rappel ' || g, current_date, '12:00', ${planned}
      from generate_series(1, ${N}) g`.execute(tx);
    await sql`
      select relais_jobs.add_job('scheduled-send', json_build_object('id', id), scheduled_at, 'scheduled:' || id)
      from scheduled_messages where organization_id = ${orgId}`.execute(tx);
  });
  const dueAt = new Date(Date.now() + LEAD_MS);
  await db.owner.transaction().execute(async (tx) => {
    await sql`update scheduled_messages set scheduled_at = ${dueAt} where organization_id = ${orgId}`.execute(tx);
    await sql`update graphile_worker._private_jobs set run_at = ${dueAt} where key like ${`${orgId}:scheduled:%`}`.execute(tx);
  });
  if (Date.now() > dueAt.getTime()) throw new Error("the batch was moved after its own due time: raise LEAD_MS");
  log(`batch ${label} planted, due at ${dueAt.toISOString().slice(11, 19)}`);
  return { orgId, dueAt };
}

function startServer(carrierFile) {
  const proc = spawn(process.execPath, ["--import", "tsx", "apps/server/test/fixtures/crash-child.ts"], {
    env: { ...process.env, CRASH_DATABASE_URL: url, CRASH_CARRIER_FILE: carrierFile, CRASH_SEND_DELAY_MS: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    proc.stdout.on("data", (d) => d.toString().includes("ready") && resolve(proc));
    proc.once("exit", (code) => reject(new Error(`server exited (${code}) before ready`)));
  });
}

const exited = (proc) =>
  new Promise((resolve) => (proc.exitCode !== null || proc.signalCode !== null ? resolve() : proc.once("exit", resolve)));

/** Waits until the network has taken `n` texts; answers when that happened. */
async function acceptedAll(carrierFile, n, timeoutMs = 600_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const accepted = readAttempts(carrierFile).filter((a) => !a.duplicate).length;
    if (accepted >= n) return Date.now();
    if (Date.now() > end) throw new Error(`only ${accepted} of ${n} texts reached the network`);
    await sleep(100);
  }
}

/** The staff member's text queued in the middle of run 1's burst: its own phone and key. */
const STAFF_TO = "+14385559999";
const STAFF_KEY = "bench-staff-text";

/**
 * A text a receptionist sends while the burst runs, queued as the outbound service queues one (a
 * message "sending" and its send-text job, priority −10, in one transaction): the figure is the
 * time until the network has it.
 */
async function queueStaffText(orgId) {
  const teamId = (await sql`select id from teams where organization_id = ${orgId}`.execute(db.owner)).rows[0].id;
  await withTenant(db.owner, orgId, async (tx) => {
    const r = await sql`
      with th as (insert into threads (organization_id, team_id, contact_phone) values (${orgId}, ${teamId}, ${STAFF_TO}) returning id)
      insert into messages (organization_id, thread_id, direction, from_phone, to_phone, body, status, idempotency_key)
      select ${orgId}, th.id, 'outbound', '+15145550100', ${STAFF_TO}, 'Votre dossier est prêt.', 'sending', ${STAFF_KEY} from th
      returning id`.execute(tx);
    await sql`select relais_jobs.add_job('send-text', json_build_object('messageId', ${r.rows[0].id}::uuid), null, null, -10)`.execute(tx);
  });
  return Date.now();
}

async function countTexts(orgId) {
  const r = await sql`select count(*)::int as texts, count(distinct idempotency_key)::int as keys, count(carrier_message_id)::int as handed
    from messages where organization_id = ${orgId} and direction = 'outbound'`.execute(db.owner);
  return r.rows[0];
}

// ---- Run 1: the batch, uninterrupted -------------------------------------------------------
log(`run 1: ${N} messages due at once`);
const file1 = path.join(dir, "network-1.jsonl");
const server1 = await startServer(file1);
const batch1 = await plantBatch("1");
// A second after the burst's first text reached the network, a receptionist sends one.
async function staffTextInTheBurst() {
  for (;;) {
    const firstAt = Math.min(...readAttempts(file1).map((a) => a.at));
    if (Number.isFinite(firstAt) && Date.now() >= firstAt + 1_000) return queueStaffText(batch1.orgId);
    await sleep(20);
  }
}
const staffQueuedAt = await staffTextInTheBurst();
const done1 = await acceptedAll(file1, N + 1);
server1.kill("SIGTERM");
await exited(server1);
const texts1 = await countTexts(batch1.orgId);
const attempts1 = readAttempts(file1);
const times1 = attempts1.filter((a) => a.key !== STAFF_KEY).map((a) => a.at);
const staffAt = attempts1.find((a) => a.key === STAFF_KEY)?.at;
const staffSeconds = staffAt === undefined ? null : (staffAt - staffQueuedAt) / 1000;
const burstLeftAtStaff = attempts1.filter((a) => a.key !== STAFF_KEY && staffAt !== undefined && a.at > staffAt).length;
const firstSeconds = (Math.min(...times1) - batch1.dueAt.getTime()) / 1000;
const seconds = (done1 - batch1.dueAt.getTime()) / 1000;
log(`run 1: first text at the carrier ${firstSeconds.toFixed(1)} s after the due time, all ${N} after ${seconds.toFixed(1)} s`);
log(
  `run 1: a staff text queued during the burst reached the carrier after ${staffSeconds?.toFixed(2)} s (${burstLeftAtStaff} burst texts still to go)`,
);

// ---- Run 2: kill -9 in the middle of the batch, then a restart -----------------------------
log(`run 2: ${N} messages, the server killed in the middle`);
const file2 = path.join(dir, "network-2.jsonl");
const first = await startServer(file2);
const batch2 = await plantBatch("2");
for (;;) {
  if (readAttempts(file2).length >= N / 3) break;
  await sleep(50);
}
first.kill("SIGKILL");
await exited(first);
const atKill = readAttempts(file2).length;
const lockedAtKill = (await sql`select count(*)::int as n from graphile_worker._private_jobs where locked_by is not null`.execute(db.owner))
  .rows[0].n;
log(`run 2: killed with ${atKill} texts at the network, ${lockedAtKill} jobs locked by the dead server`);
for (;;) {
  const r = await sql`select count(*)::int as n from pg_stat_activity where application_name like 'relais-jobs:%'`.execute(db.owner);
  if (r.rows[0].n === 0) break;
  await sleep(100);
}
const second = await startServer(file2);

try {
  await acceptedAll(file2, N, 600_000);
} catch (err) {
  log(String(err));
}
// Let a straggler that would double a text show itself before counting.
await sleep(3_000);
second.kill("SIGTERM");
await exited(second);
const attempts = readAttempts(file2);
const acceptedKeys = new Set(attempts.filter((a) => !a.duplicate).map((a) => a.key));
const texts2 = await countTexts(batch2.orgId);
const lost = N - acceptedKeys.size;
// Doubled: a second text for one scheduled message (another key), in the database or at the network.
const doubled = texts2.texts - N + (attempts.filter((a) => !a.duplicate).length - acceptedKeys.size);
const redelivered = attempts.filter((a) => a.duplicate).length;
log(`run 2: lost ${lost}, doubled ${doubled}; ${redelivered} attempts repeated after the restart and answered as the same text`);

await saveResult("scheduled", {
  machine: machine(),
  messages: N,
  worker: { concurrency: Number(process.env.CRASH_CONCURRENCY ?? 24), localQueue: Number(process.env.CRASH_LOCAL_QUEUE ?? 100) },
  carrier: "FileCarrier (no network delay; idempotent per key, survives the process)",
  run1: {
    secondsFromDueUntilFirstHandedToCarrier: Number(firstSeconds.toFixed(2)),
    secondsFromDueUntilAllHandedToCarrier: Number(seconds.toFixed(2)),
    textsPerSecond: Math.round(N / seconds),
    texts: texts1,
    staffTextDuringBurst: { secondsUntilHandedToCarrier: staffSeconds, burstTextsStillToGo: burstLeftAtStaff },
  },
  run2: {
    textsAtNetworkWhenKilled: atKill,
    jobsLockedByDeadServer: lockedAtKill,
    lost,
    doubled,
    repeatedAttemptsAnsweredAsSame: redelivered,
    texts: texts2,
  },
});
await db.close();
await embedded.stop();
await rm(dir, { recursive: true, force: true });
if (lost || doubled) process.exit(1);
