import { sql, type Compilable } from "kysely";
import { compiledOnce, runCompiled } from "../../db/compiled-once.ts";
import type { Db, Tx } from "../../db/database.ts";
import { POSITIONS_PER_TRANSACTION } from "./record-event.ts";
import type { Viewer } from "./visibility.ts";

/** SQL of the real-time log. Every query runs inside withTenant and names the organisation. */

export type LogEvent = {
  position: number;
  type: string;
  teamId: string | null;
  userId: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
};

const COLUMNS = ["position", "type", "team_id", "user_id", "payload", "created_at"] as const;

function toLogEvent(row: {
  position: number;
  type: string;
  team_id: string | null;
  user_id: string | null;
  payload: unknown;
  created_at: Date;
}): LogEvent {
  return {
    position: row.position,
    type: row.type,
    teamId: row.team_id,
    userId: row.user_id,
    payload: (row.payload ?? {}) as Record<string, unknown>,
    createdAt: row.created_at,
  };
}

/**
 * A transaction still open this long after a reader of this process first saw it in flight no
 * longer holds the log back: readers pass over it. Safe because no transaction open for more
 * than 5 s may commit events (a check at commit, migration 0015): one passed over has been open
 * at least this long, so if it commits events at all, their commit was checked more than
 * PASS_AFTER_MS − 5 s ago — a commit's flush never takes that long. Bounds how long one slow transaction (an import, another database's report) can
 * hold back every organisation's events (decision 0017).
 */
export const PASS_AFTER_MS = 7_000;

/** When this process first saw each transaction id in flight (performance.now()). */
const firstSeen = new Map<string, number>();

/**
 * The transaction ids in flight that a snapshot with the activity (below) named as another
 * database's. Still true when a later snapshot comes without it: an id is never reused and a
 * backend never changes database. A new one of another database is not in it until a read asks
 * again: meanwhile it counts as this database's, which can only hold a read, never skip an event.
 */
const knownElsewhere = new Set<string>();

/**
 * The statement's snapshot as text, "xmin:xmax:xip,xip,…" (transaction ids in flight), then
 * "|" and the ids among them that belong to another database of the cluster. Transaction ids
 * are the cluster's, but only a transaction of this database can write this log: another
 * database's import or report must not hold this log's readers back. A backend never changes
 * database and an id is never reused, so "seen in another database" stays true whenever the
 * activity is read; an id not found there (ended meanwhile, or this database's) still counts.
 * The activity is read only when some transaction is in flight, from the function under the
 * pg_stat_activity view: the view's joins made planning this statement, read at every event,
 * three times as long (0.2 ms against 0.07). A backend with no database (datid null) counts as
 * another database's, as with the view. The expression is the function relais_log_snapshot
 * (migration 0032), which the hub's read (relais_read_events) calls too when asked (migration
 * 0035); it runs under the calling statement's snapshot.
 */
const snapshot = sql<string>`relais_log_snapshot()`;

/**
 * The first position that may still appear, from a snapshot: that of the oldest transaction in
 * flight when it was taken, or of the next one to start if none is, leaving out those passed
 * over (PASS_AFTER_MS). Every event below it is committed and visible to this and any later
 * statement, or rolled back for good; at or above it, a transaction still open may yet commit
 * one (record-event.ts).
 */
export function markOf(snap: string): number {
  const [own = "", foreign = ""] = snap.split("|");
  const [xmin = "0", xmax = "0", xip = ""] = own.split(":");
  if (foreign) for (const xid of foreign.split(",")) knownElsewhere.add(xid);
  const now = performance.now();
  let mark = Number(xmax);
  for (const xid of xip ? xip.split(",") : []) {
    if (knownElsewhere.has(xid)) continue;
    let seen = firstSeen.get(xid);
    if (seen === undefined) firstSeen.set(xid, (seen = now));
    if (now - seen < PASS_AFTER_MS) mark = Math.min(mark, Number(xid));
  }
  // Ids below xmin have ended for good: forget them.
  for (const xid of firstSeen.keys()) if (Number(xid) < Number(xmin)) firstSeen.delete(xid);
  for (const xid of knownElsewhere) if (Number(xid) < Number(xmin)) knownElsewhere.delete(xid);
  return mark * POSITIONS_PER_TRANSACTION;
}

/**
 * The position a reader stands at once it has read everything final: every event at or below it
 * is visible to the next statement and none can commit there later. Not the organisation's: the
 * mark is the same for all (positions are sparse), which readers never rely on.
 */
export async function currentPosition(tx: Tx): Promise<number> {
  const { rows } = await sql<{ snap: string }>`select ${snapshot} as snap`.execute(tx);
  return markOf(rows[0]?.snap ?? "0:0:|") - 1;
}

/**
 * The highest position the retention job has deleted (retention.ts): a reader resuming from
 * below it may have missed events. Read AFTER the events: a prune that deleted some of them had
 * committed before that read, so its mark is seen here.
 */
export async function prunedThrough(tx: Tx, orgId: string): Promise<number> {
  const row = await tx.selectFrom("event_cursors").select("pruned_through").where("organization_id", "=", orgId).executeTakeFirst();
  return Number(row?.pruned_through ?? 0);
}

/**
 * An event as the hub reads it: its payload left as the JSON text PostgreSQL sent, so that a row
 * is neither parsed nor serialised again on its way to the sockets (hubWire, event-log.ts).
 */
export type HubEvent = Omit<LogEvent, "payload"> & { payloadJson: string };

/**
 * The final events of the organisation after `after`, for the hub, which filters per socket:
 * those below the mark (markOf), so that none can still commit between two of them. `held`: some
 * committed event of the organisation is at or above the mark — a transaction that took its id
 * before it is still open — and must be read again once that one ends. On the pool, in one
 * statement, so the rows and the mark come from the same snapshot: relais_read_events
 * (migration 0031), which sets the organisation key for that statement alone and keeps its plan
 * per connection (decision 0061). Never in a transaction, where that key would outlive the read.
 */
export async function readEventsAfter(db: Db, orgId: string, after: number, limit: number): Promise<{ events: HubEvent[]; held: boolean }> {
  if (db.isTransaction) throw new Error("readEventsAfter runs on the pool, not in a transaction");
  // Without the other databases' activity first (migration 0035): it costs most of the read,
  // and matters only when a transaction in flight would hold the read. Then read again, with it:
  // the rows and the mark must come from one snapshot.
  const read = await readEventsOnce(db, readEvents.alone, { orgId, after, limit });
  return read.held ? readEventsOnce(db, readEvents.withOtherDatabases, { orgId, after, limit }) : read;
}

type EventRow = {
  position: number;
  type: string;
  team_id: string | null;
  user_id: string | null;
  created_at: Date;
  payload_json: string;
  snap: string;
};
type ReadAt = { orgId: string; after: number; limit: number };

/**
 * The log's read, without and with its fallback (`p_elsewhere`, migration 0031), each built and
 * compiled once: every signal of the bus runs one (decision 0068).
 */
const readStatement = (elsewhere: boolean) =>
  compiledOnce((db: Db, s: ReadAt) => {
    const query = sql<EventRow>`select * from relais_read_events(${s.orgId}::uuid, ${s.after}::bigint, ${s.limit}::int, ${sql.lit(elsewhere)})`;
    return { compile: () => query.compile(db) };
  });
const readEvents = { alone: readStatement(false), withOtherDatabases: readStatement(true) };

async function readEventsOnce(
  db: Db,
  statement: (db: Db, at: ReadAt) => Compilable<EventRow>,
  at: ReadAt,
): Promise<{ events: HubEvent[]; held: boolean }> {
  const rows = await runCompiled(db, statement(db, at));
  const events: HubEvent[] = [];
  const mark = rows[0] ? markOf(rows[0].snap) : 0;
  for (const row of rows) {
    if (row.position >= mark) return { events, held: true };
    events.push({
      position: row.position,
      type: row.type,
      teamId: row.team_id,
      userId: row.user_id,
      createdAt: row.created_at,
      payloadJson: row.payload_json,
    });
  }
  return { events, held: false };
}

/**
 * The events in (after, through] that `viewer` may see, in order. The filter is the SQL twin of
 * canSee (visibility.ts): keep both in step.
 */
export async function visibleEventsBetween(tx: Tx, viewer: Viewer, after: number, through: number, limit: number): Promise<LogEvent[]> {
  const teamIds = [...viewer.teamIds];
  const rows = await tx
    .selectFrom("events")
    .select(COLUMNS)
    .where("organization_id", "=", viewer.orgId)
    .where("position", ">", after)
    .where("position", "<=", through)
    .where((eb) => (teamIds.length ? eb.or([eb("team_id", "is", null), eb("team_id", "in", teamIds)]) : eb("team_id", "is", null)))
    .where((eb) => eb.or([eb("user_id", "is", null), eb("user_id", "=", viewer.userId)]))
    .orderBy("position")
    .limit(limit)
    .execute();
  return rows.map(toLogEvent);
}

/** The sessions behind the open sockets of one organisation, to close those that ended. */
export async function sessionsByIds(tx: Tx, orgId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .selectFrom("sessions")
    .select(["id", "revoked_at", "revoked_reason", "last_seen_at"])
    .where("organization_id", "=", orgId)
    .where("id", "in", ids)
    .execute();
}

/** Each user's teams now, for users with an open socket. */
export async function teamsOfUsers(tx: Tx, orgId: string, userIds: string[]): Promise<Map<string, Set<string>>> {
  const teams = new Map<string, Set<string>>(userIds.map((id) => [id, new Set<string>()]));
  if (userIds.length === 0) return teams;
  const rows = await tx
    .selectFrom("team_members")
    .select(["user_id", "team_id"])
    .where("organization_id", "=", orgId)
    .where("user_id", "in", userIds)
    .execute();
  for (const r of rows) teams.get(r.user_id)?.add(r.team_id);
  return teams;
}
