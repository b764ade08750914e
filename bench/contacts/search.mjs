// bench/contacts search: GET /api/patients?q=… over 200 000 contacts of one organisation (the
// demo clinic) and 100 000 more in four other organisations, on the real server and the embedded
// PostgreSQL. Contacts are seeded in bulk with generate_series as the owner role, straight into
// the real schema (0007_contacts.ts computes search_text and sort_name itself). autocannon then
// loads each kind of query in turn; every response time is kept, so p50/p95/p99 are exact.
// Merged into bench/results/contacts.json under "search", leaving the file's other keys as they are.
import { readFile, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { machine, startServer } from "../lib.mjs";
import { ORG_ID } from "../inbox/seed.mjs";

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 200_000);
const OTHER_ORGS = 4;
const OTHER_CONTACTS = Number(process.env.BENCH_OTHER_CONTACTS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
// Each query is loaded once per count: 1 connection is one receptionist searching on an otherwise
// idle server (a search's own latency); 10 keep both cores full, so each search also waits for
// the others (throughput).
const CONNECTION_COUNTS = (process.env.BENCH_CONNECTIONS ?? "1,10").split(",").map(Number);
const PASSWORD = "Relais!2026";
const RESULTS = "bench/results/contacts.json";

const FIRST_NAMES = [
  "Hélène Éric François Amélie Stéphane Gaétan Zoé Noémie Jérôme Chloé Benoît Josée Mélanie",
  "Sébastien Maxime Olivier Geneviève André Ginette Réjean Émilie Marie-Ève Jean-François",
  "Louise Pierre Nathalie Sylvie Luc Isabelle Mathieu Emma Liam Sarah Michael Jennifer David",
  "Jessica Daniel Ashley Noah Olivia James",
]
  .join(" ")
  .split(" ");
// Most contacts carry a common name (a search for "Tremblay" alone finds too many, as in a real
// Québec clinic); the others one of 256 rarer names, each some 300 contacts, made of these halves.
const LAST_NAMES = [
  "Tremblay Gagnon Côté Bouchard Gauthier Morin Lavoie Fortin Gagné Ouellet Pelletier",
  "Bélanger Lévesque Bergeron Leblanc Paquette Girard Simard Boucher Caron Beaulieu Cloutier",
  "Dubé Poirier Fournier Lapointe Leclerc Lefebvre Poulin Thibault St-Pierre Nadeau Martin",
  "Landry Martel Bédard Grenier Lessard Smith Brown Wilson Taylor Johnson MacDonald Campbell",
  "Anderson O'Brien Nguyen Tran Rodríguez Müller",
]
  .join(" ")
  .split(" ");
const RARE_STARTS = "Mar Bou Lan Ger Cha Beau Des Vil Roch Fré Gui Ber Duch Lam Pel Cour".split(" ");
const RARE_ENDS = "tineau chard glois vais rette regard jardins leneuve ette chet lemette geron esne arre oux teau".split(" ");
const BUSINESSES = [
  "Garage Côté inc.",
  "Boulangerie St-Méthode",
  "Construction Lévesque",
  "Cabinet comptable Roy",
  "Pharmacie du Plateau",
  "Quincaillerie Bélanger",
  "Maple Leaf Consulting",
  "Épicerie Fortin",
  "Transport Gagnon ltée",
  "Northern Lights Design",
];
const DOMAINS = "videotron.ca gmail.com hotmail.com outlook.com sympatico.ca yahoo.ca bell.net".split(" ");
const AREAS = "514 438 450 418 819 581".split(" ");

// The kinds of search a receptionist types, and the unsearched first page (the contacts list).
// A search matching more than 500 contacts is refused (400 error.search-results, spec part 2
// §8): "helene" alone is such a search, measured too, since finding out costs the most.
const QUERIES = [
  { name: "first page (no search)", q: null, status: 200 },
  { name: "first name, too many", q: "helene", status: 400 },
  { name: "first + last, no accents", q: "helene gauthier", status: 200 },
  { name: "partial last name", q: "martinea", status: 200 },
  { name: "phone digits", q: "514555", status: 200 },
  { name: "email fragment", q: "lavoie12", status: 200 },
  { name: "business", q: "boulang", status: 200 },
  { name: "no match", q: "zzyzx", status: 200 },
];

const text = (values) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]::text[]`;

/** A uniform pseudo-random integer in [0, n) for row i and stream k (hashint4 is built in). */
const pick = (k, n) => `((hashint4(i + ${k * 1_000_003})::bigint + 2147483648) % ${n})::int`;

/**
 * `count` contacts in `org`, numbered from `from`. Three in five carry a common last name, the
 * others a rarer one; one in 500 has a number of the 555 exchange (+1 514 555-1000 and up), the
 * rest other numbers; one in 50 has a business, one in eight no email.
 */
function contactsInsert(org, from, count) {
  return `
    insert into contacts (organization_id, first_name, last_name, business, phone, email, birthday, city, language, gender, created_at)
    select '${org}'::uuid, f, l,
      case when i % 50 = 0 then (${text(BUSINESSES)})[1 + ${pick(3, BUSINESSES.length)}] end,
      case when i % 500 = 0 then '+1514' || (5551000 + i / 500)::text
           else '+1' || (${text(AREAS)})[1 + i % ${AREAS.length}] || (2000000 + i)::text end,
      case when i % 8 <> 0 then
        regexp_replace(relais_fold(f || '.' || l), '[^a-z.-]', '', 'g') || (i % 1000)::text || '@' ||
        (${text(DOMAINS)})[1 + i % ${DOMAINS.length}] end,
      date '1940-01-01' + ${pick(4, 29000)},
      case when i % 3 = 0 then 'Montréal' when i % 3 = 1 then 'Québec' else 'Laval' end,
      case when i % 4 = 0 then 'en' else 'fr' end,
      case when i % 2 = 0 then 'female' else 'male' end,
      now() - make_interval(mins => i)
    from (
      select i,
        (${text(FIRST_NAMES)})[1 + ${pick(0, FIRST_NAMES.length)}] as f,
        case when ${pick(1, 5)} < 3 then (${text(LAST_NAMES)})[1 + ${pick(2, LAST_NAMES.length)}]
             else (${text(RARE_STARTS)})[1 + ${pick(5, 256)} / 16] || (${text(RARE_ENDS)})[1 + ${pick(5, 256)} % 16] end as l
      from generate_series(${from}, ${from + count - 1}) as i
    ) s`;
}

async function seed(ownerUrl) {
  const client = new pg.Client({ connectionString: ownerUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    const start = performance.now();
    // The demo clinic already holds a few contacts (numbers +1 514 555-01xx): topped up to CONTACTS.
    const existing = (await client.query("select count(*)::int as n from contacts where organization_id = $1", [ORG_ID])).rows[0].n;
    await client.query(contactsInsert(ORG_ID, 1, CONTACTS - existing));
    const others = await client.query(
      `insert into organizations (name_fr, name_en, sector, schedule, options)
       select 'Banc d''essai ' || g, 'Bench ' || g, sector, schedule, options
       from organizations cross join generate_series(1, ${OTHER_ORGS}) g where id = $1 returning id`,
      [ORG_ID],
    );
    // The same numbers and names in every organisation: isolation must hold on equal rows too.
    for (const { id } of others.rows) await client.query(contactsInsert(id, 1, OTHER_CONTACTS / OTHER_ORGS));
    await client.query("vacuum analyze contacts");
    const seconds = (performance.now() - start) / 1000;
    const { rows } = await client.query(
      "select count(*) filter (where organization_id = $1)::int as org, count(*)::int as total from contacts",
      [ORG_ID],
    );
    const version = (await client.query("show server_version")).rows[0].server_version;
    return {
      contactsInOrganisation: rows[0].org,
      contactsInDatabase: rows[0].total,
      seconds: Number(seconds.toFixed(1)),
      postgres: version,
    };
  } finally {
    await client.end();
  }
}

/** How many contacts of the demo clinic each search matches (its words, folded, anywhere). */
async function countMatches(ownerUrl) {
  const client = new pg.Client({ connectionString: ownerUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    const counts = new Map();
    for (const { q } of QUERIES) {
      if (q === null) continue;
      const patterns = q.split(/\s+/).map((term) => `%${term}%`);
      const { rows } = await client.query(
        "select count(*)::int as n from contacts where organization_id = $1 and search_text like all (select relais_fold(p) from unnest($2::text[]) p)",
        [ORG_ID, patterns],
      );
      counts.set(q, rows[0].n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function load(url, headers, status, connections) {
  const times = [];
  let unexpected = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, duration: DURATION }, (err, res) =>
      err ? reject(err) : resolve({ res, times, unexpected }),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      if (statusCode !== status) unexpected++;
    });
  });
}

const round = (ms) => Number(ms.toFixed(1));

const loadAverageAtStart = os.loadavg().map((v) => Number(v.toFixed(1)));
const server = await startServer({ port: 3345 });
try {
  const ownerUrl = `postgres://postgres:relais@127.0.0.1:${server.pgPort}/postgres`;
  console.log(`seeding ${CONTACTS} contacts in the demo clinic and ${OTHER_CONTACTS} in ${OTHER_ORGS} other organisations…`);
  const seeded = await seed(ownerUrl);
  console.log(`seeded in ${seeded.seconds} s`);
  const matches = await countMatches(ownerUrl);

  const login = await fetch(`${server.base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "user@clinique-demo.ca", password: PASSWORD }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${login.jwt}` };

  const runs = [];
  for (const connections of CONNECTION_COUNTS) {
    console.log(`${connections} connection(s):`);
    const queries = [];
    for (const { name, q, status } of QUERIES) {
      const url = `${server.base}/api/patients${q ? `?q=${encodeURIComponent(q)}` : ""}`;
      // One request first: how many the first page holds, and a warm plan cache.
      const first = await fetch(url, { headers });
      if (first.status !== status) throw new Error(`${name}: HTTP ${first.status} ${(await first.text()).slice(0, 200)}`);
      const page = status === 200 ? await first.json() : { contacts: [], nextCursor: null };
      const { res, times, unexpected } = await load(url, headers, status, connections);
      times.sort((a, b) => a - b);
      const row = {
        name,
        q,
        status,
        matches: q === null ? seeded.contactsInOrganisation : matches.get(q),
        firstPage: page.contacts.length,
        morePages: page.nextCursor !== null,
        requests: times.length,
        requestsPerSecond: Math.round(res.requests.average),
        latencyMs: {
          p50: round(percentile(times, 50)),
          p95: round(percentile(times, 95)),
          p99: round(percentile(times, 99)),
          max: round(times.at(-1)),
        },
        // Answers with another status than expected (the refused search expects its 400).
        unexpected,
        errors: res.errors,
      };
      queries.push(row);
      console.log(
        `${name.padEnd(24)} ${String(q ?? "").padEnd(16)} ${String(row.matches).padStart(6)} match  ` +
          `${String(row.requestsPerSecond).padStart(5)} req/s  p50 ${String(row.latencyMs.p50).padStart(6)}  ` +
          `p95 ${String(row.latencyMs.p95).padStart(6)}  p99 ${String(row.latencyMs.p99).padStart(6)} ms  unexpected ${row.unexpected}`,
      );
    }
    runs.push({ connections, queries });
  }

  const result = {
    seed: seeded,
    conditions: {
      load: `autocannon, ${CONNECTION_COUNTS.join(" then ")} connections (closed loop), ${DURATION} s per query and count, the same query repeated, as user@clinique-demo.ca (member)`,
      page: "first page of 50, sorted by name (the default)",
      server: "apps/server/src/main.ts with tsx, NODE_ENV=production, embedded PostgreSQL in a fresh data folder, default settings",
      sharedMachine: `server, PostgreSQL and autocannon on the same ${os.cpus().length} cores`,
    },
    runs,
    loadAverage: { start: loadAverageAtStart, end: os.loadavg().map((v) => Number(v.toFixed(1))) },
    machine: machine(),
  };
  await mkdir("bench/results", { recursive: true });
  const previous = await readFile(RESULTS, "utf8")
    .then((t) => JSON.parse(t))
    .catch(() => ({}));
  await writeFile(RESULTS, JSON.stringify({ ...previous, search: result }, null, 2) + "\n");
  console.log(`written ${RESULTS} (key "search")`);
} finally {
  await server.stop();
}
