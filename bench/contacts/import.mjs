// bench/contacts import: a 50 000-line CSV imported through the HTTP API of the real server on
// the embedded PostgreSQL. Records the seconds from upload to the end of the run, the server's
// peak RSS (sampled every 50 ms) and the slowest GET /api/health answered meanwhile (does the
// server stay responsive while it imports?). Merged into bench/results/contacts.json under
// "import", leaving the file's other keys as they are.
import { readFile, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import { machine, startServer } from "../lib.mjs";
import { rssMiB } from "../inbox/proc.mjs";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const PASSWORD = "Relais!2026";
const RESULTS = "bench/results/contacts.json";

function csv(rows) {
  const lines = ["Prénom;Nom;Téléphone;Courriel;Date de naissance;Adresse;Ville;Code postal;Langue;Genre;Note"];
  for (let i = 0; i < rows; i++) {
    const year = 1940 + (i % 70);
    lines.push(
      [
        `Hélène${i}`,
        `Côté-${i}`,
        `+1438${2_000_000 + i}`,
        `patient${i}@exemple.ca`,
        `${year}-0${1 + (i % 9)}-1${i % 10}`,
        `${i} rue de l'Église`,
        "Québec",
        "G1R 2B5",
        i % 3 === 0 ? "en" : "fr",
        i % 2 === 0 ? "femme" : "homme",
        "Importé par le banc d'essai",
      ].join(";"),
    );
  }
  return Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8");
}

const server = await startServer({ port: 3340, nodeArgs: [] });
try {
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin@clinique-demo.ca", password: PASSWORD }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${login.jwt}` };
  const file = csv(ROWS);
  const rssBefore = await rssMiB(server.pid);

  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    rssMiB(server.pid)
      .then((v) => (peakRss = Math.max(peakRss, v)))
      .catch(() => {});
  }, 50);
  // Two probes every 100 ms: /api/health makes one database round trip (it waits when
  // PostgreSQL is busy writing the import); an unknown /api path answers 404 without the
  // database, so its delay is the server's own event loop.
  let slowestHealthMs = 0;
  let slowestEventLoopProbeMs = 0;
  let idleHealthMs = 0;
  let idleLoopMs = 0;
  let probing = false;
  const timed = async (url) => {
    const t0 = performance.now();
    await fetch(url).then((r) => r.arrayBuffer());
    return performance.now() - t0;
  };

  // The same probes on the idle server first: on a shared, loaded machine the baseline is not zero.
  const idleStart = performance.now();
  while (performance.now() - idleStart < 5000) {
    const [health, loop] = await Promise.all([timed(`${server.base}/api/health`), timed(`${server.base}/api/bench-probe-unknown`)]);
    idleHealthMs = Math.max(idleHealthMs, health);
    idleLoopMs = Math.max(idleLoopMs, loop);
    await new Promise((r) => setTimeout(r, 100));
  }
  probing = true;
  const prober = (async () => {
    while (probing) {
      const [health, loop] = await Promise.all([timed(`${server.base}/api/health`), timed(`${server.base}/api/bench-probe-unknown`)]);
      slowestHealthMs = Math.max(slowestHealthMs, health);
      slowestEventLoopProbeMs = Math.max(slowestEventLoopProbeMs, loop);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  const started = performance.now();
  const form = new FormData();
  form.append("file", new Blob([file], { type: "text/csv" }), "patients.csv");
  const res = await fetch(`${server.base}/api/patients/import`, { method: "POST", headers: auth, body: form });
  if (res.status !== 202) throw new Error(`import: HTTP ${res.status} ${await res.text()}`);
  const { id } = await res.json();
  const answeredMs = performance.now() - started;
  let run;
  for (;;) {
    run = await fetch(`${server.base}/api/patients/import/${id}`, { headers: auth }).then((r) => r.json());
    if (run.status !== "running") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  probing = false;
  await prober;
  clearInterval(sampler);

  const result = {
    rows: ROWS,
    fileMiB: Number((file.length / 2 ** 20).toFixed(1)),
    status: run.status,
    imported: run.imported,
    refused: run.refused,
    seconds: Number(seconds.toFixed(1)),
    uploadAnsweredMs: Math.round(answeredMs),
    serverRssMiB: { before: Math.round(rssBefore), peak: Math.round(peakRss) },
    slowestHealthMs: { idle: Math.round(idleHealthMs), duringImport: Math.round(slowestHealthMs) },
    slowestNoDatabaseAnswerMs: { idle: Math.round(idleLoopMs), duringImport: Math.round(slowestEventLoopProbeMs) },
    loadAverageAtEnd: os.loadavg()[0].toFixed(1),
    machine: machine(),
  };
  console.log(result);
  await mkdir("bench/results", { recursive: true });
  const previous = await readFile(RESULTS, "utf8")
    .then((text) => JSON.parse(text))
    .catch(() => ({}));
  await writeFile(RESULTS, JSON.stringify({ ...previous, import: result }, null, 2) + "\n");
  console.log(`written ${RESULTS} (key "import")`);
} finally {
  await server.stop();
}
