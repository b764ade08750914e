import type { FastifyBaseLogger } from "fastify";
import { DIRECTORY_CHANGE_CHANNEL, type Database } from "../db/database.ts";
import { keepListening } from "../db/listener.ts";

/**
 * What requests read of an organisation's directory — a caller's session, role and teams, the
 * team list — kept in memory so the next request needs no round trip (decision 0050).
 * These rows change a few times a day; an entry is trusted only while every change to them is
 * sure to be heard:
 * - a trigger on each table they come from notifies the organisation after commit (migration
 *   0028); the connection that committed hears it before its commit answers (every pooled
 *   connection listens), every other node on its own listener moments later;
 * - a change heard forgets everything held of that organisation;
 * - a read that started before a change it did not see is not kept (generations below);
 * - while the listener is down nothing is kept, and all is forgotten when it drops or comes
 *   back, since changes made meanwhile were not heard;
 * - an entry is read again after MAX_AGE_MS (30 s) whatever happens, should a notification ever
 *   be lost.
 */
export type DirectoryCache = {
  /** The rows of one kind (a session's check, an organisation's teams), under keys of their own. */
  part: <Row>(kind: string) => CachedRows<Row>;
  /** Forgets an organisation's rows ('*': every one). */
  forget: (orgId: string) => void;
  /** Starts trusting entries once this node listens; without start() nothing is ever kept. */
  start: () => Promise<void>;
  close: () => Promise<void>;
  /** How many entries are held (tests, diagnostics). */
  size: () => number;
};

export type CachedRows<Row> = {
  /** The rows under `key`: from memory when they may be trusted, else from `load` (kept if they may be). */
  read: (orgId: string, key: string, load: () => Promise<Row | undefined>) => Promise<Row | undefined>;
  /**
   * read() for rows found before their organisation is known (who owns a number): `load` names
   * it. Kept under that organisation, so a change of it forgets them; not kept when any
   * organisation's change was heard during the load, since it may have been this one's.
   */
  readAcross: (key: string, load: () => Promise<Owned<Row> | undefined>) => Promise<Owned<Row> | undefined>;
  /** The entry under `key`, changed in place (a session's touch: nothing other nodes must hear). */
  update: (orgId: string, key: string, change: (row: Row) => Row) => void;
};

/** Rows and the organisation they belong to. */
export type Owned<Row> = { orgId: string; row: Row };

const MAX_AGE_MS = 30_000;
/** Far above any deployment's signed-in staff and organisations; past it the oldest entries go first. */
const MAX_ENTRIES = 50_000;

type Entry = { orgId: string; row: unknown; storedAt: number };

export function createDirectoryCache(opts: { db: Database; log: FastifyBaseLogger; now?: () => number }): DirectoryCache {
  const now = opts.now ?? Date.now;
  /** By `kind:key`. */
  const entries = new Map<string, Entry>();
  /** The entries held of each organisation, so that forgetting one reads no other's. */
  const byOrg = new Map<string, Set<string>>();
  /** Bumped at each change heard for an organisation: a read that saw an older value is not kept. */
  const generations = new Map<string, number>();
  /** Bumped when every organisation may have changed unheard ('*', the listener lost or back). */
  let epoch = 0;
  /** Bumped at each change heard, whatever the organisation (readAcross). */
  let heard = 0;
  let listening = false;

  const generationOf = (orgId: string) => generations.get(orgId) ?? 0;

  function forget(orgId: string): void {
    heard += 1;
    if (orgId === "*") {
      epoch += 1;
      entries.clear();
      byOrg.clear();
      // Generations only matter relative to a read in flight, which the epoch already voids.
      generations.clear();
      return;
    }
    generations.set(orgId, generationOf(orgId) + 1);
    for (const id of byOrg.get(orgId) ?? []) entries.delete(id);
    byOrg.delete(orgId);
  }

  function drop(id: string): void {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    const held = byOrg.get(entry.orgId);
    held?.delete(id);
    if (held?.size === 0) byOrg.delete(entry.orgId);
  }

  function store(orgId: string, id: string, row: unknown): void {
    drop(id);
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next();
      if (!oldest.done) drop(oldest.value);
    }
    entries.set(id, { orgId, row, storedAt: now() });
    const held = byOrg.get(orgId) ?? new Set<string>();
    held.add(id);
    byOrg.set(orgId, held);
  }

  async function read(orgId: string, id: string, load: () => Promise<unknown>): Promise<unknown> {
    const entry = entries.get(id);
    if (listening && entry && entry.orgId === orgId && now() - entry.storedAt < MAX_AGE_MS) return entry.row;
    const seen = { epoch, generation: generationOf(orgId) };
    const row = await load();
    if (row !== undefined && listening && epoch === seen.epoch && generationOf(orgId) === seen.generation) {
      store(orgId, id, row);
    } else {
      drop(id);
    }
    return row;
  }

  async function readAcross(id: string, load: () => Promise<Owned<unknown> | undefined>): Promise<Owned<unknown> | undefined> {
    const entry = entries.get(id);
    if (listening && entry && now() - entry.storedAt < MAX_AGE_MS) return { orgId: entry.orgId, row: entry.row };
    const seen = { epoch, heard };
    const found = await load();
    if (found && listening && epoch === seen.epoch && heard === seen.heard) {
      store(found.orgId, id, found.row);
    } else {
      drop(id);
    }
    return found;
  }

  const stopHearingPool = opts.db.onDirectoryChange(forget);
  const listener = keepListening({
    db: opts.db,
    channel: DIRECTORY_CHANGE_CHANNEL,
    log: opts.log,
    name: "directory",
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
    part: <Row>(kind: string): CachedRows<Row> => ({
      // The one cast: only this part stores under `kind:`, and it stores what its `load` answers.
      read: (orgId, key, load) => read(orgId, `${kind}:${key}`, load) as Promise<Row | undefined>,
      readAcross: (key, load) => readAcross(`${kind}:${key}`, load) as Promise<Owned<Row> | undefined>,
      update(orgId, key, change) {
        const entry = entries.get(`${kind}:${key}`);
        if (entry && entry.orgId === orgId) entry.row = change(entry.row as Row);
      },
    }),
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
