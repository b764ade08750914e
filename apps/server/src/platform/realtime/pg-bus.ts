import type pg from "pg";
import { sql } from "kysely";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { coalescer, listenerSet, type EventBus } from "./bus.ts";

const CHANNEL = "relais_events";
const RETRY_MIN_MS = 200;
const RETRY_MAX_MS = 10_000;
/** A silent half-open TCP connection never errors: a periodic query finds it. */
const HEALTH_EVERY_MS = 30_000;
const HEALTH_TIMEOUT_MS = 10_000;

/**
 * The default bus: PostgreSQL LISTEN on one connection per node, kept outside the pools, and
 * NOTIFY (batched) after commit. Reconnects with exponential backoff and jitter when the
 * connection drops, then asks every listener to resync, since signals sent meanwhile are gone.
 */
export function createPgBus(opts: { db: Database; log: FastifyBaseLogger; healthEveryMs?: number }): EventBus {
  const { db, log } = opts;
  const listeners = listenerSet(log);
  let current: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let healthTimer: NodeJS.Timeout | null = null;

  const outbox = coalescer(
    async (orgIds) => {
      // Autocommit: delivered at once. Kept out of the writers' own transactions on purpose
      // (decision 0004): NOTIFY takes a cluster-wide lock while its transaction commits.
      await sql`select pg_notify(${CHANNEL}, o) from unnest(${orgIds}::text[]) as o`.execute(db.owner);
    },
    (err) => log.warn({ err }, "realtime signal not sent; nodes catch up at their next sweep"),
  );

  async function open(): Promise<pg.Client> {
    const client = db.dedicatedClient();
    // An error also ends the connection ('end' below reconnects); without a listener Node
    // would take the process down with it.
    client.on("error", (err) => log.warn({ err }, "realtime listener connection error"));
    client.on("notification", (msg) => {
      if (msg.channel === CHANNEL && msg.payload) listeners.signal(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      client.end().catch(() => undefined);
      throw err;
    }
    client.once("end", () => lost(client));
    return client;
  }

  function lost(client: pg.Client): void {
    if (current !== client) return;
    current = null;
    client.removeAllListeners("notification");
    if (closed) return;
    log.warn("realtime listener lost its connection; reconnecting");
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void reconnect();
    }, delay);
  }

  async function reconnect(): Promise<void> {
    try {
      const client = await open();
      if (closed) {
        await client.end();
        return;
      }
      current = client;
      attempt = 0;
      log.info("realtime listener reconnected");
      listeners.resync();
    } catch (err) {
      if (closed) return;
      log.warn({ err }, "realtime listener could not reconnect");
      scheduleReconnect();
    }
  }

  async function checkHealth(): Promise<void> {
    const client = current;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("no answer")), HEALTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query("select 1"), timeout]);
    } catch (err) {
      log.warn({ err }, "realtime listener failed its health check; reconnecting");
      lost(client);
      client.end().catch(() => undefined);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    kind: "postgres",
    async start() {
      current = await open();
      healthTimer = setInterval(() => void checkHealth(), opts.healthEveryMs ?? HEALTH_EVERY_MS);
      healthTimer.unref();
    },
    subscribe: (listener) => listeners.add(listener),
    publish: (orgId) => outbox.add(orgId),
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (healthTimer) clearInterval(healthTimer);
      await outbox.drained();
      const client = current;
      current = null;
      if (client) {
        client.removeAllListeners("notification");
        await client.end().catch(() => undefined);
      }
    },
  };
}
