// The big organisation: bench users, then threads and messages in bulk with generate_series,
// as the owner role (the embedded cluster's superuser), straight into the real schema.
import pg from "pg";

/** The demo clinic of apps/server/src/seed/demo.ts, and the number of its Réception team. */
export const ORG_ID = "0b1e2d3c-4a5b-4c6d-8e7f-000000000001";
export const TEAM_PHONE = "+15145550101";
export const DEMO_USER = "user@clinique-demo.ca";

/**
 * Contact number of seeded thread k (1-based): +1 438 2xx-xxxx, a number libphonenumber accepts
 * (an exchange may not start with 0 or 1), as the inbound endpoint requires.
 */
export const contactPhone = (k) => `+1438${2_000_000 + k}`;
export const benchEmail = (i) => `bench-${String(i).padStart(5, "0")}@clinique-demo.ca`;

/** Threads with many messages (older pages exist): the first HEAVY threads. */
export const HEAVY_THREADS = 100;

async function timed(timings, name, fn) {
  const start = performance.now();
  await fn();
  timings[name] = Math.round(performance.now() - start);
}

/**
 * `users` staff of the Réception team (the demo user's password hash, so they sign in with the
 * demo password), `threads` threads of that team and `messages` messages. Messages are spread
 * evenly, except that the last 5 % go to the first HEAVY_THREADS threads, which then hold
 * hundreds (for 200-message pages). A fifth of the threads are archived, one in ten unread,
 * one in 500 pinned; latest activity is spread over about two years.
 */
export async function seedInbox(ownerUrl, { users, threads, messages }) {
  if (threads < HEAVY_THREADS || threads > 7_000_000) throw new Error(`between ${HEAVY_THREADS} and 7 000 000 threads`);
  const client = new pg.Client({ connectionString: ownerUrl });
  client.on("error", () => undefined);
  await client.connect();
  const timings = {};
  try {
    const team = await client.query("select id from teams where organization_id = $1 and phone_number = $2", [ORG_ID, TEAM_PHONE]);
    const teamId = team.rows[0]?.id;
    if (!teamId) throw new Error("demo clinic not seeded: the server must start with SEED_DEMO");
    const even = Math.floor(messages * 0.95);
    const perThread = Math.floor(even / threads);
    const evenTotal = perThread * threads;
    const extraPerHeavy = Math.floor((messages - evenTotal) / HEAVY_THREADS);
    const extraTotal = extraPerHeavy * HEAVY_THREADS;

    await client.query("begin");
    // Forced row-level security: the superuser bypasses it, but the key keeps the intent plain.
    await client.query("select set_config('app.org_id', $1, true)", [ORG_ID]);
    await timed(timings, "usersMs", async () => {
      await client.query(
        `insert into users (organization_id, email, name, password_hash, role, settings)
         select $1, 'bench-' || lpad(g::text, 5, '0') || '@clinique-demo.ca', 'Bench ' || g,
                (select password_hash from users where email = $3), 'user',
                '{"allowIncomingCalls": true, "audioNotifications": true, "phoneNumber": null}'
         from generate_series(1, $2::int) g`,
        [ORG_ID, users, DEMO_USER],
      );
      await client.query(
        `insert into team_members (organization_id, team_id, user_id, team_role)
         select $1, $2, id, 'user' from users where organization_id = $1 and email like 'bench-%'`,
        [ORG_ID, teamId],
      );
    });

    await timed(timings, "threadsMs", async () => {
      // Thread k's recency rank r = k·7919 mod n (7919 is prime: a permutation for these sizes),
      // its last message r·20 minutes ago, its messages 3 hours apart before that.
      await client.query(
        `create temp table bench_threads on commit drop as
         select k, gen_random_uuid() as id, gen_random_uuid() as last_id,
                (case when k <= $2 then $3::int + $4::int else $3::int end) as n,
                now() - ((k::bigint * 7919) % $1) * interval '20 minutes' as last_at
         from generate_series(1, $1::int) k`,
        [threads, HEAVY_THREADS, perThread, extraPerHeavy],
      );
      await client.query("create index on bench_threads (k)");
      await client.query(
        `insert into threads (id, organization_id, team_id, contact_phone, state, pinned, has_notification,
                              has_incomplete_followup, created_at, updated_at)
         select id, $1, $2, '+1438' || (2000000 + k),
                case when k % 5 = 0 then 'inactive' else 'active' end,
                k % 500 = 1, k % 10 = 3, k % 50 = 7,
                last_at - (n - 1) * interval '3 hours', last_at
         from bench_threads`,
        [ORG_ID, teamId],
      );
    });

    await timed(timings, "messagesMs", async () => {
      // Message g: thread k and rank s within it (0 = oldest); the last one takes the id the
      // thread will point at.
      await client.query(
        `insert into messages (id, organization_id, thread_id, direction, from_phone, to_phone, body, status,
                               carrier_message_id, idempotency_key, author_id, created_at, updated_at)
         select case when p.s = t.n - 1 then t.last_id else gen_random_uuid() end, $1, t.id,
                case when p.g % 2 = 0 then 'inbound' else 'outbound' end,
                case when p.g % 2 = 0 then '+1438' || (2000000 + t.k) else $2 end,
                case when p.g % 2 = 0 then $2 else '+1438' || (2000000 + t.k) end,
                (array['Bonjour, je confirme mon rendez-vous de mardi à 10 h.',
                       'Rappel : votre nettoyage est prévu demain à 14 h 30. Répondez OUI pour confirmer.',
                       'Est-ce possible de déplacer mon rendez-vous à la semaine prochaine?',
                       'Merci, à bientôt!',
                       'Votre plan de traitement est prêt; appelez-nous pour en discuter.',
                       'Hi, could I get an earlier appointment? Thanks.'])[1 + p.g % 6],
                'delivered',
                'SMseed' || p.g, case when p.g % 2 = 0 then null else 'seed-' || p.g end,
                case when p.g % 2 = 0 then null else (select id from users where email = $3) end,
                t.last_at - (t.n - 1 - p.s) * interval '3 hours', t.last_at - (t.n - 1 - p.s) * interval '3 hours'
         from (
           select g,
                  case when g <= $4 then (g - 1) % $5 + 1 else (g - $4 - 1) % $6 + 1 end as k,
                  case when g <= $4 then (g - 1) / $5 else $7 + (g - $4 - 1) / $6 end as s
           from generate_series(1, $8::int) g
         ) p
         join bench_threads t on t.k = p.k`,
        [ORG_ID, TEAM_PHONE, DEMO_USER, evenTotal, threads, HEAVY_THREADS, perThread, evenTotal + extraTotal],
      );
      // Threads have inbound texts, so a sentiment score where the schema has one (0–100).
      const sentiment = await client.query(
        "select 1 from information_schema.columns where table_name = 'threads' and column_name = 'sentiment'",
      );
      await client.query(
        `update threads set last_message_id = t.last_id ${sentiment.rowCount ? ", sentiment = (t.k * 37) % 101" : ""}
         from bench_threads t where threads.id = t.id`,
      );
    });
    await client.query("commit");

    // Statistics and visibility map as a database in service would have them.
    await timed(timings, "vacuumAnalyzeMs", async () => {
      await client.query("vacuum analyze threads");
      await client.query("vacuum analyze messages");
      await client.query("analyze users, team_members");
    });
    const counts = await client.query(
      `select (select count(*) from threads where organization_id = $1) as threads,
              (select count(*) from messages where organization_id = $1) as messages,
              pg_size_pretty(pg_total_relation_size('messages')) as messages_size`,
      [ORG_ID],
    );
    const row = counts.rows[0];
    return {
      teamId,
      threads: Number(row.threads),
      messages: Number(row.messages),
      messagesTableSize: row.messages_size,
      heavyThreads: HEAVY_THREADS,
      messagesPerHeavyThread: perThread + extraPerHeavy,
      timings,
    };
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
