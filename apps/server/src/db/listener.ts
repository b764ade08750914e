import type pg from "pg";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "./database.ts";

const RETRY_MIN_MS = 200;
const RETRY_MAX_MS = 10_000;
/** A silent half-open TCP connection never errors: a periodic query finds it. */
const HEALTH_EVERY_MS = 30_000;
const HEALTH_TIMEOUT_MS = 10_000;

export type Listener = {
  /** Connects and listens; throws when the first connection fails. */
  start: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * PostgreSQL LISTEN on one connection of its own, kept outside the pools for the life of the
 * process. It reconnects with exponential backoff and jitter when the connection drops or stops
 * answering; notifications sent meanwhile are gone, so `onLost` and `onBack` let the owner
 * stop trusting what it learnt from them and start again.
 */
export function keepListening(opts: {
  db: Database;
  channel: string;
  log: FastifyBaseLogger;
  /** What the listener is for, in its log lines. */
  name: string;
  onNotify: (payload: string) => void;
  onLost?: () => void;
  onBack?: () => void;
  healthEveryMs?: number;
  /** The connection to listen on; a dedicated one to the main database unless given. */
  connect?: () => pg.Client;
}): Listener {
  const { db, channel, log, name } = opts;
  let current: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let healthTimer: NodeJS.Timeout | null = null;

  async function open(): Promise<pg.Client> {
    const client = opts.connect ? opts.connect() : db.dedicatedClient();
    // An error also ends the connection ('end' below reconnects); without a listener Node
    // would take the process down with it.
    client.on("error", (err) => log.warn({ err }, `${name} listener connection error`));
    client.on("notification", (msg) => {
      if (msg.channel === channel && msg.payload) opts.onNotify(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
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
    opts.onLost?.();
    if (closed) return;
    log.warn(`${name} listener lost its connection; reconnecting`);
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
      log.info(`${name} listener reconnected`);
      opts.onBack?.();
    } catch (err) {
      if (closed) return;
      log.warn({ err }, `${name} listener could not reconnect`);
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
      log.warn({ err }, `${name} listener failed its health check; reconnecting`);
      lost(client);
      client.end().catch(() => undefined);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async start() {
      current = await open();
      healthTimer = setInterval(() => void checkHealth(), opts.healthEveryMs ?? HEALTH_EVERY_MS);
      healthTimer.unref();
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (healthTimer) clearInterval(healthTimer);
      const client = current;
      current = null;
      if (client) {
        client.removeAllListeners("notification");
        await client.end().catch(() => undefined);
      }
    },
  };
}
