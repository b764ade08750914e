import { sql } from "kysely";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { keepListening } from "../../db/listener.ts";
import { coalescer, listenerSet, type EventBus } from "./bus.ts";

const CHANNEL = "relais_events";

/**
 * The default bus: PostgreSQL LISTEN on one connection per node, kept outside the pools, and
 * NOTIFY (batched) after commit. The connection reconnects on its own (keepListening); once
 * back, every listener is asked to resync, since signals sent meanwhile are gone.
 */
export function createPgBus(opts: { db: Database; log: FastifyBaseLogger; healthEveryMs?: number }): EventBus {
  const { db, log } = opts;
  const listeners = listenerSet(log);

  const outbox = coalescer(
    async (orgIds) => {
      // Autocommit: delivered at once. Kept out of the writers' own transactions on purpose
      // (decision 0004): NOTIFY takes a cluster-wide lock while its transaction commits.
      await sql`select pg_notify(${CHANNEL}, o) from unnest(${orgIds}::text[]) as o`.execute(db.owner);
    },
    (err) => log.warn({ err }, "realtime signal not sent; nodes catch up at their next sweep"),
  );

  const listener = keepListening({
    db,
    channel: CHANNEL,
    log,
    name: "realtime",
    onNotify: (orgId) => listeners.signal(orgId),
    onBack: () => listeners.resync(),
    ...(opts.healthEveryMs === undefined ? {} : { healthEveryMs: opts.healthEveryMs }),
  });

  return {
    kind: "postgres",
    start: () => listener.start(),
    subscribe: (listener) => listeners.add(listener),
    publish: (orgId) => outbox.add(orgId),
    async close() {
      await outbox.drained();
      await listener.close();
    },
  };
}
