import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";

/**
 * Calls before texts at the app pool (issue 12 §7: a ringing call must not wait behind a burst
 * of texts; decision 0046). When every connection is in use, a request waits for one; the pool
 * used to hand them out in arrival order, so a call's setup — a dozen short transactions one
 * after the other — queued behind the texts' at each of them and reached the staff 1.7 s late
 * at 200 texts a second while a text took 0.4 s. Work run through `urgently` (the voice routes,
 * the simulator's call routes, the Twilio voice entry points) now gets the next free connection
 * before anything that waits without it; among the urgent and among the others, the order stays
 * the arrival.
 *
 * Nothing is capped: when a connection is free, anyone takes it at once. Throttling the texts
 * while a call was set up was tried first and starved the inbox (decision 0046).
 */

const urgentWork = new AsyncLocalStorage<true>();

/** Runs `work` so that every pooled connection it asks for goes before the non-urgent waiters. */
export function urgently<T>(work: () => Promise<T>): Promise<T> {
  return urgentWork.run(true, work);
}

/** Whether the code running now was started through `urgently`. */
export function isUrgent(): boolean {
  return urgentWork.getStore() === true;
}

type Connect = (
  callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
) => unknown;

/**
 * Puts a priority queue in front of `pool.connect` (Kysely's and `pool.query`'s way in): at most
 * `max` connections are handed out, as the pool itself allows, so the pool never queues and the
 * order of the waiters is this queue's.
 */
export function prioritisePool(pool: pg.Pool, max: number): { waiting: () => { urgent: number; others: number } } {
  let inUse = 0;
  const urgent: Array<() => void> = [];
  const others: Array<() => void> = [];
  const startNext = () => {
    while (inUse < max) {
      const start = urgent.shift() ?? others.shift();
      if (!start) return;
      inUse++;
      start();
    }
  };
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;

  const acquire = async (): Promise<pg.PoolClient> => {
    if (inUse < max && urgent.length === 0 && others.length === 0) inUse++;
    else await new Promise<void>((start) => (isUrgent() ? urgent : others).push(start));
    let client: pg.PoolClient;
    try {
      client = await connect();
    } catch (err) {
      inUse--;
      startNext();
      throw err;
    }
    // The pool gives each checkout its own release; this one also lets the next waiter in, once.
    const release = client.release.bind(client);
    let released = false;
    client.release = (err?: Error | boolean) => {
      const answer = release(err);
      if (!released) {
        released = true;
        inUse--;
        startNext();
      }
      return answer;
    };
    return client;
  };

  const prioritised: Connect = (callback) => {
    if (!callback) return acquire();
    acquire().then(
      (client) => callback(undefined, client, (err) => client.release(err as Error | boolean | undefined)),
      (err: Error) => callback(err, undefined, () => undefined),
    );
    return undefined;
  };
  pool.connect = prioritised as typeof pool.connect;
  return { waiting: () => ({ urgent: urgent.length, others: others.length }) };
}
