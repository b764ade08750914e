import type { FastifyBaseLogger } from "fastify";
import { SESSION_CHANGE_CHANNEL, type Database } from "../../db/database.ts";
import { keepListening } from "../../db/listener.ts";

/**
 * What a request's session check read last time, kept in memory so the next request of the same
 * session needs no round trip (decision 0050). It is trusted only while every change to those
 * rows is sure to be heard:
 * - a trigger on each table they come from notifies the organisation after commit (migration
 *   0028); the connection that committed hears it before its commit answers (every pooled
 *   connection listens), every other node on its own listener moments later;
 * - a read that started before a change it did not see is not kept (generations below);
 * - while the listener is down nothing is kept, and all is forgotten when it drops or comes
 *   back, since changes made meanwhile were not heard;
 * - an entry is read again after MAX_AGE_MS (30 s) whatever happens, should a notification ever be lost.
 */
export type SessionCache<Row> = {
  /** The session's row: from memory when it may be trusted, else from `load` (kept if it may be). */
  read: (orgId: string, sessionId: string, load: () => Promise<Row | undefined>) => Promise<Row | undefined>;
  /** The entry of one session, changed in place (its touch: nothing other nodes must hear). */
  update: (orgId: string, sessionId: string, change: (row: Row) => Row) => void;
  /** Forgets an organisation's sessions ('*': every one). */
  forget: (orgId: string) => void;
  /** Starts trusting entries once this node listens; without start() nothing is ever kept. */
  start: () => Promise<void>;
  close: () => Promise<void>;
  /** How many sessions are held (tests, diagnostics). */
  size: () => number;
};

const MAX_AGE_MS = 30_000;
/** Far above any deployment's signed-in staff; past it the oldest entries go first. */
const MAX_ENTRIES = 20_000;

type Entry<Row> = { orgId: string; row: Row; storedAt: number };

export function createSessionCache<Row>(opts: { db: Database; log: FastifyBaseLogger; now?: () => number }): SessionCache<Row> {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry<Row>>();
  /** The sessions held of each organisation, so that forgetting one reads no other's. */
  const byOrg = new Map<string, Set<string>>();
  /** Bumped at each change heard for an organisation: a read that saw an older value is not kept. */
  const generations = new Map<string, number>();
  /** Bumped when every organisation may have changed unheard ('*', the listener lost or back). */
  let epoch = 0;
  let listening = false;

  const generationOf = (orgId: string) => generations.get(orgId) ?? 0;

  function forget(orgId: string): void {
    if (orgId === "*") {
      epoch += 1;
      entries.clear();
      byOrg.clear();
      // Generations only matter relative to a read in flight, which the epoch already voids.
      generations.clear();
      return;
    }
    generations.set(orgId, generationOf(orgId) + 1);
    for (const sessionId of byOrg.get(orgId) ?? []) entries.delete(sessionId);
    byOrg.delete(orgId);
  }

  function drop(sessionId: string): void {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const sessions = byOrg.get(entry.orgId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) byOrg.delete(entry.orgId);
  }

  function store(orgId: string, sessionId: string, row: Row): void {
    drop(sessionId);
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next();
      if (!oldest.done) drop(oldest.value);
    }
    entries.set(sessionId, { orgId, row, storedAt: now() });
    const sessions = byOrg.get(orgId) ?? new Set<string>();
    sessions.add(sessionId);
    byOrg.set(orgId, sessions);
  }

  const stopHearingPool = opts.db.onSessionChange(forget);
  const listener = keepListening({
    db: opts.db,
    channel: SESSION_CHANGE_CHANNEL,
    log: opts.log,
    name: "session",
    onNotify: forget,
    onLost: () => {
      listening = false;
      forget("*");
    },
    onBack: () => {
      forget("*");
      listening = true;
    },
  });

  return {
    async read(orgId, sessionId, load) {
      const entry = entries.get(sessionId);
      if (listening && entry && entry.orgId === orgId && now() - entry.storedAt < MAX_AGE_MS) return entry.row;
      const seen = { epoch, generation: generationOf(orgId) };
      const row = await load();
      if (row !== undefined && listening && epoch === seen.epoch && generationOf(orgId) === seen.generation) {
        store(orgId, sessionId, row);
      } else {
        drop(sessionId);
      }
      return row;
    },
    update(orgId, sessionId, change) {
      const entry = entries.get(sessionId);
      if (entry && entry.orgId === orgId) entry.row = change(entry.row);
    },
    forget,
    async start() {
      await listener.start();
      forget("*");
      listening = true;
    },
    async close() {
      listening = false;
      stopHearingPool();
      await listener.close();
      forget("*");
    },
    size: () => entries.size,
  };
}
