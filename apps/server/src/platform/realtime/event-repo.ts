import type { Tx } from "../../db/database.ts";
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
 * The last position the organisation has committed. Positions are dense and commit in order
 * (record-event.ts), so every event at or below it is already visible to the next statement.
 */
export async function currentPosition(tx: Tx, orgId: string): Promise<number> {
  const row = await tx.selectFrom("event_cursors").select("last_position").where("organization_id", "=", orgId).executeTakeFirst();
  return row?.last_position ?? 0;
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

/** Every event of the organisation after `after`, for the hub, which filters per socket. */
export async function eventsAfter(tx: Tx, orgId: string, after: number, limit: number): Promise<LogEvent[]> {
  const rows = await tx
    .selectFrom("events")
    .select(COLUMNS)
    .where("organization_id", "=", orgId)
    .where("position", ">", after)
    .orderBy("position")
    .limit(limit)
    .execute();
  return rows.map(toLogEvent);
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
