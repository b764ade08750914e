// bench/email (npm run bench:email): team email against the real server in its own process on
// a fresh embedded PostgreSQL, with the local mail servers of the API tests (the OAuth server,
// Debian's dovecot checking its tokens, LMTP delivery). Issue 14 §7:
// - first sync of a BENCH_BIG-message mailbox: time until the cursor reaches the last UID, and
//   the server's peak memory (baseline: imapflow alone fetching the same messages);
// - steady state: CPU of the server, PostgreSQL and dovecot per connected idle mailbox per
//   minute, BENCH_MAILBOXES mailboxes (baseline: the same server with no mailbox, same length);
// - an email delivered → its message.created on the team's staff socket, p50/p99 (baselines:
//   IMAP IDLE's own notice of the same delivery, and the floor of a socket push).
// Sizes come from the environment so that a small run takes a few minutes; the defaults are
// the published run (README "Email figures"). BENCH_RESULT names the result file (default email).
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { startMailServers } from "../../apps/server/test/mail/mail-servers.ts";
import { machine, saveResult, startServer, login } from "../lib.mjs";
import { cpuSeconds, loadAverage, ownCpuSeconds, postgresCpuSeconds } from "../inbox/proc.mjs";
import { openSockets } from "../inbox/sockets.mjs";
import { LatencyBook, marker, sleep, summary, until } from "../inbox/stats.mjs";
import { runFloor } from "../voice/floor.mjs";
import { buildEmail, lmtpClient } from "./mail.mjs";
import { adminEmail, contactAddress, inboxAddress, seedEmailOrgs } from "./seed.mjs";
import { childNamed, connectMailbox, mailboxRows, memoryMiB, ownerClient, queueSync, syncJobPending, treeCpuSeconds } from "./steps.mjs";

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const cfg = {
  bigMessages: env("BENCH_BIG", 10_000),
  /** Connected mailboxes in the steady state, the big one included. */
  mailboxes: env("BENCH_MAILBOXES", 100),
  smallMessages: env("BENCH_SMALL_MESSAGES", 20),
  idleMinutes: env("BENCH_IDLE_MINUTES", 2),
  /** The first sync gives up after this long (each failed run is counted). */
  syncCapMinutes: env("BENCH_SYNC_CAP_MINUTES", 20),
  steadyMinutes: env("BENCH_STEADY_MINUTES", 3),
  latencyEmails: env("BENCH_LATENCY_EMAILS", 50),
  latencySpacingMs: env("BENCH_LATENCY_SPACING_MS", 3_000),
  /** Share of the big mailbox's emails sent by a contact (threaded, with an event); the rest are unknown senders. */
  contactShare: env("BENCH_CONTACT_SHARE", 0.4),
  bigContacts: 200,
};
const PORT = 3341;
const PG_PORT = 5341;
/** Emails read by one sync run (BATCH in apps/server/src/modules/email/sync.ts). */
const SYNC_BATCH = 200;
const log = (msg) => console.log(`[email ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const round = (v, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

/** Waits until the wall clock is `second` seconds past a minute: a window then holds whole cron minutes. */
async function atSecond(second) {
  const now = new Date();
  const wait = ((second - now.getSeconds() + 60) % 60) * 1000 - now.getMilliseconds();
  await sleep(wait <= 0 ? wait + 60_000 : wait);
}

/** Delivers `count` emails to `to` over LMTP, `parallel` at a time; answers the bytes and milliseconds. */
async function fill(lmtp, { to, count, seed, from }) {
  let next = 0;
  let bytes = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const raw = buildEmail({ i, from: from(i), to, seed });
      bytes += Buffer.byteLength(raw);
      await lmtp.deliver(to, raw);
    }
  };
  await Promise.all(Array.from({ length: 2 }, worker));
  return { emails: count, mebibytes: round(bytes / 2 ** 20, 1), ms: Math.round(performance.now() - start) };
}

function imap(servers, user, accessToken) {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port: servers.dovecot.imapPort,
    secure: false,
    auth: { user, accessToken },
    logger: false,
  });
  client.on("error", () => undefined);
  return client;
}

/** Baseline of the first sync: imapflow alone, one session, FETCH of every message's source by UID. */
async function rawFetch(servers, address) {
  const client = imap(servers, address, await servers.oauth.tokenFor(address));
  const start = performance.now();
  await client.connect();
  const box = await client.mailboxOpen("INBOX", { readOnly: true });
  let count = 0;
  let bytes = 0;
  for await (const msg of client.fetch("1:*", { uid: true, source: true }, { uid: true })) {
    count++;
    bytes += msg.source.length;
  }
  const ms = Math.round(performance.now() - start);
  await client.logout();
  return { emails: count, mebibytes: round(bytes / 2 ** 20, 1), ms, lastUid: box.uidNext - 1 };
}

/** Baseline of the latency: the same LMTP delivery → dovecot's IDLE notice (EXISTS) to an imapflow session. */
async function idleFloor(servers, lmtp, { emails, spacingMs }) {
  const address = "idle-floor@bench-mail.test";
  // The mailbox exists once it received one email.
  await lmtp.deliver(address, buildEmail({ i: 0, from: "x@bench-mail.test", to: address, seed: 9 }));
  const client = imap(servers, address, await servers.oauth.tokenFor(address));
  await client.connect();
  await client.mailboxOpen("INBOX");
  let seen = null;
  client.on("exists", () => seen?.());
  const delays = [];
  for (let i = 1; i <= emails; i++) {
    await sleep(spacingMs);
    const noticed = new Promise((resolve) => (seen = resolve));
    await lmtp.deliver(address, buildEmail({ i, from: "x@bench-mail.test", to: address, seed: 9 }));
    const stored = performance.now();
    await Promise.race([noticed, sleep(30_000)]);
    delays.push(performance.now() - stored);
  }
  await client.logout();
  return summary(delays);
}

const result = { machine: machine(), loadAverage: { start: loadAverage() }, config: cfg };
log(`sizes ${JSON.stringify(cfg)}; load average ${JSON.stringify(result.loadAverage.start)}`);

const servers = await startMailServers();
const dovecotPid = await childNamed("dovecot");
const lmtp = lmtpClient(servers.dovecot.lmtpPort);
let server = null;
try {
  if (!dovecotPid) throw new Error("dovecot's master process not found");
  // The floor of a socket push (no mail at all), at one event a second to every organisation.
  log("floor: socket push");
  result.floor = { socketPush: await runFloor({ orgs: cfg.mailboxes, staff: 1, rate: 1, seconds: 10 }) };

  log(`filling the big mailbox with ${cfg.bigMessages} emails over LMTP`);
  const big = inboxAddress(1);
  const bigCount = Math.round(cfg.contactShare * 10);
  result.fill = {
    big: await fill(lmtp, {
      to: big,
      count: cfg.bigMessages,
      seed: 1,
      // 4 in 10 from the organisation's contacts (threaded), the rest from unknown senders.
      from: (i) => (i % 10 < bigCount ? contactAddress(1, 1 + (i % cfg.bigContacts)) : `inconnu-${i % 500}@ailleurs.test`),
    }),
  };
  log(`filled: ${JSON.stringify(result.fill.big)}`);
  const small = [];
  const smallStart = performance.now();
  for (let o = 2; o <= cfg.mailboxes; o++) {
    small.push(await fill(lmtp, { to: inboxAddress(o), count: cfg.smallMessages, seed: o, from: () => contactAddress(o, 1) }));
  }
  result.fill.small = { mailboxes: small.length, emailsEach: cfg.smallMessages, ms: Math.round(performance.now() - smallStart) };

  log("baseline: imapflow FETCH of the big mailbox");
  result.baselineFetch = await rawFetch(servers, big);
  log(`baseline fetch: ${JSON.stringify(result.baselineFetch)}`);
  log("floor: IMAP IDLE notice of a delivery");
  result.floor.imapIdle = await idleFloor(servers, lmtp, { emails: cfg.latencyEmails, spacingMs: 1000 });

  server = await startServer({
    port: PORT,
    env: {
      ...servers.config,
      EMBEDDED_PG_PORT: String(PG_PORT),
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      EMAIL_TOKEN_KEY: Buffer.alloc(32, 7).toString("base64"),
      EMAIL_TOKEN_KEY_ID: "bench-1",
    },
    nodeArgs: [],
  });
  const ownerUrl = `postgres://postgres:relais@127.0.0.1:${server.pgPort}/postgres`;
  const owner = ownerClient(ownerUrl);
  await owner.connect();
  const pgVersion = (await owner.query("show server_version")).rows[0].server_version;
  const cpu = async () => ({
    server: await cpuSeconds(server.pid),
    postgres: await postgresCpuSeconds(path.join(server.dataDir, "pg")),
    dovecot: await treeCpuSeconds(dovecotPid),
    benchProcess: ownCpuSeconds(),
  });
  const spent = (a, b) => Object.fromEntries(Object.keys(a).map((k) => [k, round(b[k] - a[k])]));
  result.conditions = {
    database: `embedded PostgreSQL ${pgVersion} in a fresh data folder, default settings`,
    server:
      "apps/server/src/main.ts on Node with the tsx loader, NODE_ENV=production, LISTEN/NOTIFY bus, Gmail settings pointed at the local servers",
    mail: "Debian dovecot (imap + lmtp, maildir, no TLS, XOAUTH2 checked against the OAuth server's userinfo), oauth2-mock-server in the bench process",
    connection:
      "every mailbox connected through the real OAuth flow over HTTP (POST /api/oauth2/Gmail → the OAuth server's redirect → GET callback: code exchange, IMAP and SMTP login, sealed tokens); no browser needed",
    delivery: "LMTP into dovecot (nodemailer's LMTP client), as an MX delivers",
    firstSync:
      `the first run comes from the per-minute cron; each later run is queued by the bench as soon as the previous one ended ` +
      `(same task, payload and job key as the cron), because the server reads ${SYNC_BATCH} emails per run and has no setting for the interval; ` +
      "a failed run is queued again at once too (the cron would wait its backoff of 1, 2, 4 … minutes)",
    sharedMachine: `server, PostgreSQL, dovecot and the bench process on the same ${os.cpus().length} cores, shared with other work (see loadAverage)`,
  };

  await seedEmailOrgs(ownerUrl, { orgs: cfg.mailboxes, bigContacts: cfg.bigContacts, contacts: 1 });
  const tokens = [];
  for (let o = 1; o <= cfg.mailboxes; o++) tokens.push(await login(server.base, adminEmail(o)));
  log(`${cfg.mailboxes} organisations seeded, admins signed in`);

  // Baseline of the steady state: the same server with no mailbox, whole cron minutes.
  await atSecond(30);
  let before = await cpu();
  await sleep(cfg.idleMinutes * 60_000);
  result.idleServer = { minutes: cfg.idleMinutes, cpuSeconds: spent(before, await cpu()), loadAverage1m: loadAverage().one };
  log(`no mailbox: ${JSON.stringify(result.idleServer)}`);

  // First sync of the big mailbox.
  const memBefore = await memoryMiB(server.pid);
  await connectMailbox(server.base, tokens[0], servers.oauth, big);
  const connectedAt = performance.now();
  const account = (await mailboxRows(owner)).find((r) => r.address === big);
  let peakRss = memBefore.rss;
  const sampler = setInterval(() => {
    memoryMiB(server.pid).then(
      (m) => (peakRss = Math.max(peakRss, m.rss)),
      () => undefined,
    );
  }, 200);
  before = await cpu();
  const runs = [];
  let firstRunAt = null;
  let lastUid = 0;
  let failedRuns = 0;
  let failures = 0;
  while (lastUid < result.baselineFetch.lastUid && performance.now() - connectedAt < cfg.syncCapMinutes * 60_000) {
    await sleep(100);
    const row = (await mailboxRows(owner)).find((r) => r.id === account.id);
    // A failed run adds one to `failures` (a successful one sets it back to 0).
    if (row.failures > failures) failedRuns += row.failures - failures;
    failures = row.failures;
    if (row.last_uid !== lastUid) {
      lastUid = row.last_uid;
      runs.push(Math.round(performance.now() - connectedAt));
      if (firstRunAt === null) firstRunAt = performance.now();
    }
    // After the cron's first run (or failed try), the next one as soon as the previous ended.
    if (
      firstRunAt !== null &&
      lastUid < result.baselineFetch.lastUid &&
      !(await syncJobPending(owner, account.organization_id, account.id))
    ) {
      await queueSync(owner, account.organization_id, account.id);
    }
  }
  clearInterval(sampler);
  const syncCpu = spent(before, await cpu());
  const memAfter = await memoryMiB(server.pid);
  const stored = await owner.query(
    "select count(*)::int as emails, count(message_id)::int as threaded from email_messages where mailbox = $1",
    [big],
  );
  const runGaps = runs.slice(1).map((t, i) => t - runs[i]);
  result.firstSync = {
    emails: cfg.bigMessages,
    lastUid: result.baselineFetch.lastUid,
    reachedLastUid: lastUid >= result.baselineFetch.lastUid,
    stored: stored.rows[0],
    runs: runs.length,
    failedRuns,
    cronFirstRunAfterConnectMs: runs[0] ?? null,
    backToBackSeconds: firstRunAt === null ? null : round((performance.now() - firstRunAt) / 1000, 1),
    msPerRun: summary(runGaps),
    // What the product takes by its cron: one run of SYNC_BATCH emails per minute.
    cronWallMinutes: Math.ceil(cfg.bigMessages / SYNC_BATCH),
    cpuSeconds: syncCpu,
    serverMemoryMiB: { rssBefore: memBefore.rss, peakRssSampled: round(peakRss, 1), vmHwmAfter: memAfter.hwm, rssAfter: memAfter.rss },
    loadAverage1m: loadAverage().one,
  };
  log(`first sync: ${JSON.stringify(result.firstSync)}`);

  // The other mailboxes, then the steady state.
  for (let o = 2; o <= cfg.mailboxes; o++) await connectMailbox(server.base, tokens[o - 1], servers.oauth, inboxAddress(o));
  // The demo clinic's sandbox mailbox (seeded, synced by the cron too) holds no email: its cursor stays at 0.
  const ours = (r) => r.address.endsWith("@bench-mail.test");
  const allSynced = async () => (await mailboxRows(owner)).filter(ours).every((r) => r.last_uid > 0);
  let synced = false;
  for (let i = 0; i < 200 && !synced; i++) synced = await allSynced().then((ok) => ok || sleep(1000).then(() => false));
  const rows = await mailboxRows(owner);
  log(`${rows.length} mailboxes connected, all first-synced: ${synced}`);
  for (const r of rows.filter((x) => ours(x) && x.last_uid === 0)) log(`not synced yet: ${r.address} failures ${r.failures}`);
  await atSecond(30);
  before = await cpu();
  await sleep(cfg.steadyMinutes * 60_000);
  const steady = spent(before, await cpu());
  const idleRate = (k) => result.idleServer.cpuSeconds[k] / cfg.idleMinutes;
  const perMailboxMinute = (k, net) =>
    round(((steady[k] - (net ? idleRate(k) * cfg.steadyMinutes : 0)) / rows.length / cfg.steadyMinutes) * 1000, 1);
  result.steady = {
    mailboxes: rows.length,
    minutes: cfg.steadyMinutes,
    allFirstSynced: synced,
    cpuSeconds: steady,
    // Milliseconds of CPU per mailbox per minute; net: minus the same server with no mailbox.
    cpuMsPerMailboxMinute: {
      server: perMailboxMinute("server", false),
      postgres: perMailboxMinute("postgres", false),
      dovecot: perMailboxMinute("dovecot", false),
      oauthServerInBenchProcess: perMailboxMinute("benchProcess", false),
      serverNet: perMailboxMinute("server", true),
      postgresNet: perMailboxMinute("postgres", true),
    },
    failures: (await mailboxRows(owner)).reduce((n, r) => n + r.failures, 0),
    loadAverage1m: loadAverage().one,
  };
  log(`steady: ${JSON.stringify(result.steady)}`);

  // New email → message.created on the team's staff socket.
  const book = new LatencyBook(1);
  const sockets = await openSockets(server.base, tokens, { onText: (id, at) => book.seen(id, at) });
  log(`${sockets.sockets.length} staff sockets open (${sockets.failed} failed)`);
  const latencyStart = performance.now();
  for (let i = 0; i < cfg.latencyEmails; i++) {
    // Spaced with jitter, so arrivals fall anywhere in the cron's minute.
    await sleep(cfg.latencySpacingMs * (0.5 + Math.random()));
    const o = 1 + (i % cfg.mailboxes);
    const to = inboxAddress(o);
    await lmtp.deliver(to, buildEmail({ i: 100_000 + i, from: contactAddress(o, 1), to, marker: marker(i), seed: 5 }));
    book.sent(i, performance.now());
  }
  const drainedMs = await until(() => book.done(), 150_000);
  result.latency = {
    emails: cfg.latencyEmails,
    spacingMs: cfg.latencySpacingMs,
    sockets: sockets.sockets.length,
    seconds: round((performance.now() - latencyStart) / 1000, 1),
    waitedAfterLastMs: drainedMs,
    ...book.report(),
    unmatched: book.unknown,
    loadAverage1m: loadAverage().one,
  };
  log(`latency: ${JSON.stringify(result.latency.everyScreenMs)} missing ${result.latency.missingDeliveries}`);
  await sockets.close();
  await owner.end();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  result.loadAverage.end = loadAverage();
  lmtp.close();
  if (server) {
    await server.stop();
    if (!process.env.BENCH_KEEP_DATA) await rm(server.dataDir, { recursive: true, force: true });
  }
  await servers.stop();
}
if (!process.exitCode) {
  await saveResult(process.env.BENCH_RESULT ?? "email", result);
  const s = result.firstSync;
  const l = result.latency;
  console.log(
    [
      `first sync ${s.emails} emails: ${s.backToBackSeconds} s back to back (${s.runs} runs, ${s.cronWallMinutes} min by the cron); baseline FETCH ${result.baselineFetch.ms} ms`,
      `server memory: ${s.serverMemoryMiB.rssBefore} → peak ${s.serverMemoryMiB.peakRssSampled} MiB (VmHWM ${s.serverMemoryMiB.vmHwmAfter})`,
      `steady: CPU ms per mailbox per minute ${JSON.stringify(result.steady.cpuMsPerMailboxMinute)}`,
      `latency: p50 ${l.everyScreenMs.p50} ms, p99 ${l.everyScreenMs.p99} ms; IDLE floor p50 ${result.floor.imapIdle.p50} ms p99 ${result.floor.imapIdle.p99} ms; socket floor p99 ${result.floor.socketPush.p99_ms} ms`,
    ].join("\n"),
  );
}
