import type { FastifyBaseLogger } from "fastify";

/**
 * What a node hears from the bus. The bus carries only "organisation X has new events"; the
 * events themselves are read from the log, so a lost signal delays, never loses, an event.
 */
export type BusListener = {
  /** Organisation `orgId` committed events: read its log after your last position. */
  signal: (orgId: string) => void;
  /** Signals may have been missed (the bus reconnected): re-read every organisation you follow. */
  resync: () => void;
};

/** The cross-node signal channel (DESIGN §5; docs/decisions/0004-realtime-event-log.md). */
export interface EventBus {
  readonly kind: "postgres" | "redis";
  /** Connects; rejects if the first connection fails, so a misconfigured node does not start. */
  start(): Promise<void>;
  subscribe(listener: BusListener): () => void;
  /** Tells every node (this one included) that `orgId` committed events. Never throws. */
  publish(orgId: string): void;
  close(): Promise<void>;
}

/** The listeners of one bus, each called without letting one listener's error reach the bus. */
export function listenerSet(log: FastifyBaseLogger) {
  const listeners = new Set<BusListener>();
  const each = (fn: (l: BusListener) => void) => {
    for (const l of listeners) {
      try {
        fn(l);
      } catch (err) {
        log.error({ err }, "realtime bus listener failed");
      }
    }
  };
  return {
    add(listener: BusListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signal: (orgId: string) => each((l) => l.signal(orgId)),
    resync: () => each((l) => l.resync()),
  };
}

/**
 * Batches publications: organisations signalled while a send is in flight go out together in
 * the next one, so a burst of commits costs a few bus messages, and at most one send per node is
 * ever in flight (a slow bus queues organisation ids, not messages).
 */
export function coalescer(send: (orgIds: string[]) => Promise<void>, onError: (err: unknown) => void) {
  let pending = new Set<string>();
  let flushing: Promise<void> | null = null;
  const flush = async () => {
    while (pending.size > 0) {
      const batch = [...pending];
      pending = new Set();
      try {
        await send(batch);
      } catch (err) {
        onError(err);
      }
    }
    flushing = null;
  };
  return {
    add(orgId: string): void {
      pending.add(orgId);
      // Started on the next microtask, so commits finishing in the same tick share a send.
      flushing ??= Promise.resolve().then(flush);
    },
    /** Resolves once everything queued so far has been sent (or failed). */
    drained(): Promise<void> {
      return flushing ?? Promise.resolve();
    },
  };
}
