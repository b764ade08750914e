import type pg from "pg";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { keepListening } from "../../db/listener.ts";
import { coalescer, listenerSet, type EventBus } from "./bus.ts";

const CHANNEL = "relais_events";

/**
 * The default bus: PostgreSQL LISTEN on one connection per node, kept outside the pools, and
 * NOTIFY (batched) after commit. The connection reconnects on its own (keepListening); once
 * back, every listener is asked to resync, since signals sent meanwhile are gone.
 *
 * Both the listener and the sender connect to the bus's database (db.busClient): one of its own
 * when the deployment gives one (DATABASE_BUS_URL, decision 0067), where no other connection
 * listens, so a signal wakes the nodes' bus listeners and nothing else.
 */
export function createPgBus(opts: { db: Database; log: FastifyBaseLogger; healthEveryMs?: number }): EventBus {
  const { db, log } = opts;
  const listeners = listenerSet(log);

  const sender = signalSender(db);
  const outbox = coalescer(
    // Autocommit: delivered at once. Kept out of the writers' own transactions on purpose
    // (decision 0004): NOTIFY takes a cluster-wide lock while its transaction commits.
    (orgIds) => sender.send(orgIds),
    (err) => log.warn({ err }, "realtime signal not sent; nodes catch up at their next sweep"),
  );

  const listener = keepListening({
    db,
    channel: CHANNEL,
    log,
    name: "realtime",
    connect: () => db.busClient(),
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
      await sender.close();
      await listener.close();
    },
  };
}

/**
 * The signals' own connection, opened at the first and again after a failure. Not the owner
 * pool's: PostgreSQL wakes every connection of the database that listens, on any channel, at
 * each NOTIFY, and the owner pool's connections listen (database.ts). Sent from one of them, each
 * signal was also read back by its sender; here the statement is prepared once, not parsed and
 * planned at every signal (decision 0065). The coalescer sends one batch at a time.
 */
function signalSender(db: Database) {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const drop = (dropped: pg.Client) => {
    if (client === dropped) client = null;
    dropped.end().catch(() => undefined);
  };
  const current = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const opened = db.busClient();
      // A dropped connection is forgotten; the next signal opens another.
      opened.on("error", () => drop(opened));
      try {
        await opened.connect();
      } catch (err) {
        drop(opened);
        throw err;
      }
      if (closed) {
        drop(opened);
        throw new Error("realtime bus closed");
      }
      return (client = opened);
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  return {
    async send(orgIds: string[]): Promise<void> {
      const sending = await current();
      try {
        await sending.query({ name: SIGNAL_STATEMENT, text: SIGNAL_TEXT, values: [CHANNEL, orgIds] });
      } catch (err) {
        drop(sending);
        throw err;
      }
    },
    async close(): Promise<void> {
      closed = true;
      const last = client ?? (await connecting?.catch(() => null));
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

/** The signal, one NOTIFY per organisation named. */
export const SIGNAL_TEXT = "select pg_notify($1, o) from unnest($2::text[]) as o";
/** The name the signal is prepared under on its connection. */
export const SIGNAL_STATEMENT = "relais_bus_signal";
