import { sql } from "kysely";
import type { EventMap, EventName } from "@relais/shared";
import { afterCommit, beforeCommit, sendUnanswered, type Db, type Tx } from "../../db/database.ts";

export type NewEvent<K extends EventName> = {
  type: K;
  /** Only the members of this team see it; omitted, every staff member of the organisation. */
  teamId?: string | null;
  /** Only this user sees it (e.g. session.revoked). */
  userId?: string | null;
  payload: EventMap[K];
};

/**
 * Appends an event to the organisation's real-time log as part of the caller's transaction, so
 * the change and its event land or fail together (DESIGN §5). Explicit by design: a service calls
 * it next to the write it announces; the payload is taken as it is now.
 *
 * The rows are written when the transaction's work is done, just before its commit (one statement
 * per organisation for all its events, in the order recorded, sent with the commit), with no lock: each position is
 * the transaction's id × POSITIONS_PER_TRANSACTION plus the event's rank, so commits of one
 * organisation no longer wait for each other. Readers take only positions below the oldest
 * transaction still in flight (event-repo.ts), which is what keeps a late commit from being
 * skipped (decision 0017). Once `tx` commits, the bus of this process signals "organisation X
 * has new events" to every node.
 */
export function recordEvent<K extends EventName>(tx: Tx, orgId: string, event: NewEvent<K>): Promise<void> {
  queueSignal(tx, orgId);
  let pending = pendingEvents.get(tx);
  if (!pending) {
    const mine: PendingEvent[] = [];
    beforeCommit(tx, (t) => appendEvents(t, mine));
    pendingEvents.set(tx, mine);
    pending = mine;
  }
  pending.push({
    orgId,
    type: event.type,
    teamId: event.teamId ?? null,
    userId: event.userId ?? null,
    payload: JSON.stringify(event.payload),
  });
  // Async for its callers, who await it next to their writes: where the rows are written may change again.
  return Promise.resolve();
}

type PendingEvent = { orgId: string; type: EventName; teamId: string | null; userId: string | null; payload: string };

/** Events recorded in each open transaction, not yet written. */
const pendingEvents = new WeakMap<Tx, PendingEvent[]>();

/**
 * Positions one transaction can take per organisation: a position is xid × this + rank. 4 096
 * keeps positions exact as JavaScript numbers for 2^41 transactions (decades at a thousand
 * writing transactions a second); no service records more than a handful of events at once.
 */
export const POSITIONS_PER_TRANSACTION = 4096;

/** Ranks already used, per transaction and organisation (a later beforeCommit step may append again). */
const usedRanks = new WeakMap<Tx, Map<string, number>>();

/** Writes a transaction's events, each organisation's in one statement, in the order recorded. */
function appendEvents(tx: Tx, events: PendingEvent[]): Promise<void> {
  const written = events.splice(0);
  const byOrg = new Map<string, PendingEvent[]>();
  for (const e of written) {
    const list = byOrg.get(e.orgId);
    if (list) list.push(e);
    else byOrg.set(e.orgId, [e]);
  }
  let ranks = usedRanks.get(tx);
  if (!ranks) {
    ranks = new Map<string, number>();
    usedRanks.set(tx, ranks);
  }
  for (const [orgId, list] of byOrg) {
    const first = ranks.get(orgId) ?? 0;
    const next = first + list.length;
    if (next > POSITIONS_PER_TRANSACTION) {
      throw new Error(`more than ${POSITIONS_PER_TRANSACTION} events of one organisation in one transaction`);
    }
    ranks.set(orgId, next);
    // pg_current_xact_id() gives the transaction an id if its work wrote nothing before.
    // Not awaited: the commit that usually follows leaves with it (sendUnanswered).
    const insert = sql`
      INSERT INTO events (organization_id, position, type, team_id, user_id, payload)
      SELECT ${orgId}::uuid, pg_current_xact_id()::text::bigint * ${POSITIONS_PER_TRANSACTION}::bigint + ${first - 1}::bigint + e.ord,
             e.type, e.team_id, e.user_id, e.payload
      FROM unnest(${list.map((e) => e.type)}::text[], ${list.map((e) => e.teamId)}::uuid[], ${list.map((e) => e.userId)}::uuid[],
                  ${list.map((e) => e.payload)}::jsonb[]) WITH ORDINALITY AS e(type, team_id, user_id, payload, ord)
    `;
    sendUnanswered(tx, { compile: () => insert.compile(tx) });
  }
  return Promise.resolve();
}

/** Who hears "organisation X committed events", per pool: the realtime bus of this process. */
const commitSignals = new WeakMap<Db, (orgId: string) => void>();

/** Organisations already queued for a signal, per transaction: one signal per commit and org. */
const queued = new WeakMap<Tx, Set<string>>();

/** Routes the after-commit signals of transactions run on `db` to `signal` (null: nowhere). */
export function setCommitSignal(db: Db, signal: ((orgId: string) => void) | null): void {
  if (signal) commitSignals.set(db, signal);
  else commitSignals.delete(db);
}

function queueSignal(tx: Tx, orgId: string): void {
  let orgs = queued.get(tx);
  if (!orgs) {
    const mine = new Set<string>();
    // Throws outside withTenant: an event written there would never be announced.
    afterCommit(tx, (db) => {
      const signal = commitSignals.get(db);
      // No bus in this process (a script, a test without the app): the log is still right;
      // listening nodes pick the events up at their next signal or sweep.
      if (signal) for (const org of mine) signal(org);
    });
    queued.set(tx, mine);
    orgs = mine;
  }
  orgs.add(orgId);
}
