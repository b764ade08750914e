// Run by run.mjs under tsx: the real app, built in this process on the benchmark's database,
// with every statement that reaches PostgreSQL counted and timed — to show that the number of
// queries per request does not grow with the page size, and what an inbound text sends.
// Prints one JSON line.
import pg from "pg";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { createDatabase } from "../../apps/server/src/db/database.ts";
import { appUrlFor } from "../../apps/server/src/db/app-login.ts";
import { loadJwtSecret, loadOrCreateSecret } from "../../apps/server/src/secrets.ts";
import { createTokenSigner } from "../../apps/server/src/platform/auth/tokens.ts";
import { createMailer } from "../../apps/server/src/platform/mail.ts";
import { createRateLimiter } from "../../apps/server/src/platform/rate-limit.ts";
import { createCarrier } from "../../apps/server/src/carriers/select.ts";

const { BENCH_OWNER_URL: ownerUrl, BENCH_DATA_DIR: dataDir, BENCH_TOKEN: token, BENCH_THREAD_ID: threadId } = process.env;
const { BENCH_FROM: from, BENCH_TO: to } = process.env;
const SIZES = [15, 50, 200];
const INBOUND_RUNS = 5;

// Every statement of every pool (node-pg's Client.query is the one door to the server), with
// when it was sent and when its answer came back.
const seen = [];
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === "string" ? config : config?.text;
  const entry = { text: typeof text === "string" ? text.replace(/\s+/g, " ").trim() : "", start: performance.now(), end: 0 };
  if (entry.text) seen.push(entry);
  const answer = query.call(this, config, ...rest);
  const done = () => (entry.end = performance.now());
  if (typeof answer?.then === "function") answer.then(done, done);
  return answer;
};
const short = (s) => (s.length > 110 ? `${s.slice(0, 110)}…` : s);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The same data folder as the running server: its app-role password and its token secret, so
// the benchmark's token is accepted here against the same session row.
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: process.env.BENCH_QUERY_LOG ?? "error", DEV_TOOLS: "true" });
const db = createDatabase(ownerUrl, { appUrl: appUrlFor(ownerUrl, await loadOrCreateSecret(dataDir, "db-app-password")) });
const app = await buildApp(
  {
    config,
    db,
    signer: createTokenSigner(await loadJwtSecret(undefined, dataDir)),
    limiter: createRateLimiter(db.app, 100000),
    mailer: createMailer({ from: config.MAIL_FROM, dataDir }),
    carrier: createCarrier(config, () => undefined),
  },
  {},
);
await app.ready();

async function measure(url, listKey) {
  const headers = { authorization: `Bearer ${token}` };
  // Once first: a session unseen for a minute is touched (one UPDATE), then not again.
  await app.inject({ method: "GET", url, headers });
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const from = seen.length;
    const res = await app.inject({ method: "GET", url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    const entries = seen.slice(from);
    runs.push({ statements: entries.map((e) => e.text), ms: entries.map((e) => e.end - e.start), items: res.json()[listKey].length });
  }
  const counts = runs.map((r) => r.statements.length);
  return {
    url,
    items: runs[0].items,
    statements: counts[0],
    // Transactions: one to check the session, one for the work; each is begin … commit.
    transactions: runs[0].statements.filter((s) => /^begin/i.test(s)).length,
    sameEveryTime: counts.every((c) => c === counts[0]),
    // Each statement with its median time, sent → answered, over the runs.
    list: runs[0].statements.map(
      (text, j) => `${(Math.round(median(runs.map((r) => r.ms[j] ?? 0)) * 10) / 10).toFixed(1)} ms ${short(text)}`,
    ),
  };
}

/**
 * An inbound text through the sandbox endpoint, alone on the server: its statements and how long
 * the request took. (The organisation's event cursor, once locked from its first event to the
 * commit, is gone since decision 0017: positions no longer serialise one organisation's texts.)
 */
async function inbound() {
  const runs = [];
  for (let i = 0; i < INBOUND_RUNS; i++) {
    const from0 = seen.length;
    const started = performance.now();
    const res = await app.inject({ method: "POST", url: "/api/sandbox/inbound", payload: { from, to, body: `Bonjour (${i})` } });
    const requestMs = performance.now() - started;
    if (res.statusCode !== 201) throw new Error(`inbound: ${res.statusCode} ${res.body}`);
    runs.push({ all: seen.slice(from0), requestMs });
  }
  const first = runs[0];
  return {
    statements: first.all.length,
    transactions: first.all.filter((e) => /^begin/i.test(e.text)).length,
    requestMsMedian: Math.round(median(runs.map((r) => r.requestMs)) * 10) / 10,
    list: first.all.map((e) => short(e.text)),
  };
}

const out = { threads: [], messages: [] };
try {
  for (const size of SIZES) {
    out.threads.push({ pageSize: size, ...(await measure(`/api/messaging/v1/threads?limit=${size}`, "threads")) });
    out.messages.push({ pageSize: size, ...(await measure(`/api/messaging/v1/threads/${threadId}/messages?limit=${size}`, "messages")) });
  }
  out.inbound = await inbound();
} finally {
  await app.close();
  await db.close();
}
console.log(JSON.stringify(out));
