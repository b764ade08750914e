// bench/api: login, profile and team list against the running server on the embedded
// PostgreSQL, 50 concurrent clients, requests per second and p99 latency. The load generator
// (autocannon) runs in this process, the server in its own. GET /api/health is measured in the
// same run as the baseline: the same HTTP pipeline and one database round trip, no business code.
import autocannon from "autocannon";
import { machine, saveResult, startServer } from "../lib.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PASSWORD = "Relais!2026";

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

function figures(name, r) {
  const out = {
    name,
    requestsPerSecond: Math.round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    non2xx: r.non2xx,
    errors: r.errors,
  };
  console.log(
    `${name.padEnd(14)} ${String(out.requestsPerSecond).padStart(6)} req/s  p50 ${out.latencyMs.p50} ms  p99 ${out.latencyMs.p99} ms  non-2xx ${out.non2xx}`,
  );
  return out;
}

const server = await startServer({ port: 3310 });
try {
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "user@clinique-demo.ca", password: PASSWORD }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${login.jwt}` };
  const results = [];
  results.push(figures("health", await run({ url: `${server.base}/api/health` })));
  results.push(figures("profile", await run({ url: `${server.base}/api/auth/profile`, headers: auth })));
  results.push(figures("team-list", await run({ url: `${server.base}/api/user-groups`, headers: auth })));
  // Sign-in hashes with argon2id (19 MiB, 2 passes) on purpose: it is the slow path by design.
  results.push(
    figures(
      "login",
      await run({
        url: `${server.base}/api/auth/login`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "marketing@clinique-demo.ca", password: PASSWORD }),
      }),
    ),
  );
  await saveResult("api", { machine: machine(), durationSeconds: DURATION, connections: CONNECTIONS, results });
} finally {
  // Sign-ins still queued behind argon2 when the load stops finish before the server does.
  await new Promise((r) => setTimeout(r, 3000));
  await server.stop();
}
