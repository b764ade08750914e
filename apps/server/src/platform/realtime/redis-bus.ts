import { createClient } from "@redis/client";
import type { FastifyBaseLogger } from "fastify";
import { coalescer, listenerSet, type EventBus } from "./bus.ts";

const CHANNEL = "relais:events";
const START_TIMEOUT_MS = 10_000;

/**
 * The bus when REDIS_URL is set: Redis pub/sub, published by the node that committed, after
 * commit. Two connections (a subscribed connection can do nothing else). node-redis reconnects
 * with the backoff below and re-subscribes by itself; every `ready` after the first means
 * messages may have been missed, so listeners resync.
 */
export function createRedisBus(opts: { url: string; log: FastifyBaseLogger }): EventBus {
  const { log } = opts;
  const listeners = listenerSet(log);
  const reconnectStrategy = (retries: number) => Math.min(10_000, 100 * 2 ** retries) * (0.5 + Math.random() / 2);
  const publisher = createClient({ url: opts.url, socket: { reconnectStrategy } });
  const subscriber = publisher.duplicate();
  let everReady = false;

  // Without error listeners node-redis would crash the process on a dropped connection.
  publisher.on("error", (err: unknown) => log.warn({ err }, "realtime redis publisher error"));
  subscriber.on("error", (err: unknown) => log.warn({ err }, "realtime redis subscriber error"));
  subscriber.on("ready", () => {
    if (everReady) {
      log.info("realtime redis subscriber reconnected");
      listeners.resync();
    }
    everReady = true;
  });

  const outbox = coalescer(
    async (orgIds) => {
      await Promise.all(orgIds.map((orgId) => publisher.publish(CHANNEL, orgId)));
    },
    (err) => log.warn({ err }, "realtime signal not sent; nodes catch up at their next sweep"),
  );

  const destroyBoth = () => {
    for (const client of [publisher, subscriber]) {
      if (client.isOpen) client.destroy();
    }
  };

  return {
    kind: "redis",
    async start() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Redis at REDIS_URL did not answer within ${START_TIMEOUT_MS / 1000} s`)),
          START_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([
          (async () => {
            await Promise.all([publisher.connect(), subscriber.connect()]);
            await subscriber.subscribe(CHANNEL, (message) => listeners.signal(message));
          })(),
          timeout,
        ]);
      } catch (err) {
        destroyBoth();
        throw err;
      } finally {
        clearTimeout(timer);
      }
    },
    subscribe: (listener) => listeners.add(listener),
    publish: (orgId) => outbox.add(orgId),
    async close() {
      // Signals already queued go out first, unless Redis is away: then they would wait forever.
      await Promise.race([outbox.drained(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      destroyBoth();
    },
  };
}
