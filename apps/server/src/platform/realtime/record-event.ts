import { sql } from "kysely";
import type { EventMap, EventName } from "@relais/shared";
import { afterCommit, type Db, type Tx } from "../../db/database.ts";

export type NewEvent<K extends EventName> = {
  type: K;
  /** Only the members of this team see it; omitted, every staff member of the organisation. */
  teamId?: string | null;
  /** Only this user sees it (e.g. session.revoked). */
  userId?: string | null;
  payload: EventMap[K];
};

/**
 * Appends an event to the organisation's real-time log, inside the caller's transaction, so the
 * change and its event land or fail together (DESIGN §5). Explicit by design: a service calls it
 * next to the write it announces.
 *
 * The position comes from the organisation's cursor row, which stays locked until `tx` ends:
 * appends of one organisation are serialised from here to commit, which is what makes positions
 * follow commit order. Call it late in the transaction to hold that lock briefly. Once `tx`
 * commits, the bus of this process signals "organisation X has new events" to every node.
 */
export async function recordEvent<K extends EventName>(tx: Tx, orgId: string, event: NewEvent<K>): Promise<{ position: number }> {
  queueSignal(tx, orgId);
  const { rows } = await sql<{ position: number }>`
    WITH taken AS (
      INSERT INTO event_cursors AS c (organization_id, last_position) VALUES (${orgId}::uuid, 1)
      ON CONFLICT (organization_id) DO UPDATE SET last_position = c.last_position + 1
      RETURNING last_position
    )
    INSERT INTO events (organization_id, position, type, team_id, user_id, payload)
    SELECT ${orgId}::uuid, last_position, ${event.type}::text, ${event.teamId ?? null}::uuid, ${event.userId ?? null}::uuid,
           ${JSON.stringify(event.payload)}::jsonb
    FROM taken
    RETURNING position
  `.execute(tx);
  const row = rows[0];
  if (!row) throw new Error("recordEvent: no position returned");
  return { position: row.position };
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
