// Thread list first page and message page on the big organisation: latency through the real
// server (autocannon), SQL statements per request through the app built in-process.
import { spawn } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { contactPhone, HEAVY_THREADS, TEAM_PHONE } from "./seed.mjs";
import { summary } from "./stats.mjs";

const PAGE_SIZES = [15, 50, 200];

function autocannonRun(opts) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon(opts, (err, res) => (err ? reject(err) : resolve({ res, times })));
    instance.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  });
}

/** p50/p95/p99 from every response time (autocannon's own summary has no p95). */
async function pageLatency(cfg, url, headers, setupRequest) {
  const { res, times } = await autocannonRun({
    url,
    headers,
    connections: cfg.listConnections,
    amount: cfg.listRequests,
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
  });
  const seconds = (new Date(res.finish).getTime() - new Date(res.start).getTime()) / 1000;
  return { ...summary(times), requestsPerSecond: Math.round(times.length / seconds), non2xx: res.non2xx, errors: res.errors };
}

/** Runs count-queries.mjs under tsx (it imports the server's TypeScript) and reads its JSON line. */
function countQueries(vars) {
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve("node_modules/.bin/tsx"), ["bench/inbox/count-queries.mjs"], {
      env: { ...process.env, ...vars, PATH: `${path.resolve("node_modules/.bin")}:${process.env.PATH}` },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`count-queries exited with ${code}:\n${out}`));
      try {
        resolve(JSON.parse(out.trim().split("\n").at(-1) ?? ""));
      } catch (err) {
        reject(err);
      }
    });
  });
}

/** Page sizes 15, 50 and 200 of both lists, as the demo user (a member of the seeded team). */
export async function listsPhase({ cfg, server, ownerUrl, demoToken, heavy, log }) {
  log("counting SQL statements per request (in-process app)");
  const queries = await countQueries({
    BENCH_OWNER_URL: ownerUrl,
    BENCH_DATA_DIR: server.dataDir,
    BENCH_TOKEN: demoToken,
    BENCH_THREAD_ID: heavy[0],
    BENCH_FROM: contactPhone(HEAVY_THREADS + 1),
    BENCH_TO: TEAM_PHONE,
  });
  const auth = { authorization: `Bearer ${demoToken}` };
  const out = { connections: cfg.listConnections, requestsEach: cfg.listRequests, threads: [], messages: [] };
  const figures = (kind, size) => {
    const q = queries[kind].find((x) => x.pageSize === size);
    return { sqlStatements: q.statements, transactions: q.transactions, itemsReturned: q.items };
  };
  const messagesPath = (size) => `/api/messaging/v1/threads/${heavy[Math.floor(Math.random() * heavy.length)]}/messages?limit=${size}`;
  for (const size of PAGE_SIZES) {
    log(`thread list and message page, ${size} per page`);
    out.threads.push({
      pageSize: size,
      latencyMs: await pageLatency(cfg, `${server.base}/api/messaging/v1/threads?limit=${size}`, auth),
      ...figures("threads", size),
    });
    out.messages.push({
      pageSize: size,
      // A different long thread each time (of the ones with hundreds of messages).
      latencyMs: await pageLatency(cfg, `${server.base}${messagesPath(size)}`, auth, (req) => ({ ...req, path: messagesPath(size) })),
      ...figures("messages", size),
    });
  }
  out.statementsOfFirstPage = { threads: queries.threads[0].list, messages: queries.messages[0].list };
  out.inboundText = queries.inbound;
  out.sameCountOnEveryRun = [...queries.threads, ...queries.messages].every((x) => x.sameEveryTime);
  return out;
}
