import { sql, type Selectable } from "kysely";
import type { Db, Tx } from "../../db/database.ts";
import type { CallsTable } from "../../db/schema.ts";
import type { Call, CallEvent } from "./model.ts";

/** SQL of the calls module (migration 0018); every query scoped by organisation (RLS holds it too). */

export type CallRow = Selectable<CallsTable>;

/** The first event of a call (the reducer's startInbound / startOutbound), logged like the others. */
export type StartEvent = { type: "call.inbound" | "call.outbound"; key: string; at: number };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms));

/** The columns that mirror the reducer's call, for the queries that filter on them. */
function columnsOf(call: Call) {
  return {
    state: call.state,
    held: call.held,
    version: call.version,
    owner_user_id: call.owner?.kind === "user" ? call.owner.userId : null,
    park_no: call.parkNo,
    origin_team_id: call.originTeamId,
    team_id: call.teamId,
    started_at: new Date(call.startedAt),
    answered_at: iso(call.answeredAt),
    ended_at: iso(call.endedAt),
    end_status: call.endStatus,
    end_reason: call.endReason,
    model: JSON.stringify(call),
  };
}

export async function insertCall(
  tx: Tx,
  orgId: string,
  call: Call,
  extra: { carrier: string; carrierCallSid: string | null; teamNumber: string | null; contactId: string | null },
): Promise<CallRow | undefined> {
  return tx
    .insertInto("calls")
    .values({
      id: call.id,
      organization_id: orgId,
      direction: call.direction,
      remote_number: call.remoteNumber,
      team_number: extra.teamNumber,
      anonymous: call.anonymous,
      emergency: call.emergency,
      contact_id: extra.contactId,
      thread_id: null,
      message_id: null,
      carrier: extra.carrier,
      carrier_call_sid: extra.carrierCallSid,
      // The Twilio conference's friendly name (decision 0026): readable in Twilio's console as the call's own id.
      room: `call-${call.id}`,
      ...columnsOf(call),
      updated_at: new Date(),
    })
    .onConflict((oc) => oc.columns(["organization_id", "carrier_call_sid"]).where("carrier_call_sid", "is not", null).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findCall(tx: Tx, orgId: string, id: string, lock = false): Promise<CallRow | undefined> {
  let q = tx.selectFrom("calls").selectAll().where("organization_id", "=", orgId).where("id", "=", id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findCallBySid(tx: Tx, orgId: string, sid: string): Promise<CallRow | undefined> {
  return tx.selectFrom("calls").selectAll().where("organization_id", "=", orgId).where("carrier_call_sid", "=", sid).executeTakeFirst();
}

/** Which organisation and call a carrier id names; unscoped, through relais_call_owner only (migration 0018). */
export async function unsafeFindCallOwner(db: Db, sid: string): Promise<{ organization_id: string; call_id: string } | undefined> {
  const r = await sql<{ organization_id: string; call_id: string }>`select * from relais_call_owner(${sid})`.execute(db);
  return r.rows[0];
}

/** The organisation of a call known by its id only (a carrier that keeps Relais's id); unscoped like the above. */
export async function unsafeFindCallById(db: Db, callId: string): Promise<string | undefined> {
  const r = await sql<{ organization_id: string }>`select * from relais_call_organization(${callId}::uuid)`.execute(db);
  return r.rows[0]?.organization_id;
}

export async function saveCall(tx: Tx, orgId: string, call: Call): Promise<void> {
  await tx
    .updateTable("calls")
    .set({ ...columnsOf(call), updated_at: new Date() })
    .where("organization_id", "=", orgId)
    .where("id", "=", call.id)
    .execute();
}

export async function setCallSid(tx: Tx, orgId: string, callId: string, sid: string): Promise<void> {
  await tx.updateTable("calls").set({ carrier_call_sid: sid }).where("organization_id", "=", orgId).where("id", "=", callId).execute();
}

export async function setCallThread(tx: Tx, orgId: string, callId: string, threadId: string, messageId: string): Promise<void> {
  await tx
    .updateTable("calls")
    .set({ thread_id: threadId, message_id: messageId })
    .where("organization_id", "=", orgId)
    .where("id", "=", callId)
    .execute();
}

/** Appends the event; false when its key was already recorded for this call (a duplicate: nothing to do). */
export async function insertEvent(tx: Tx, orgId: string, callId: string, event: CallEvent | StartEvent, version: number): Promise<boolean> {
  const row = await tx
    .insertInto("call_events")
    .values({
      organization_id: orgId,
      call_id: callId,
      key: event.key,
      type: event.type,
      event: JSON.stringify(event),
      at: new Date(event.at),
      version,
    })
    .onConflict((oc) => oc.columns(["call_id", "key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Mirrors the call's offers into call_offers: new ones inserted, changed statuses written. */
/** Mirrors offers that are new or changed status into call_offers, in one statement. */
export async function syncOffers(tx: Tx, orgId: string, callId: string, changed: Call["offers"], ringUntil: Date): Promise<void> {
  if (changed.length === 0) return;
  await tx
    .insertInto("call_offers")
    .values(
      changed.map((o) => ({
        organization_id: orgId,
        call_id: callId,
        user_id: o.userId,
        round: o.round,
        team_id: o.teamId,
        status: o.status,
        ring_until: ringUntil,
        closed_at: o.status === "pending" ? null : new Date(),
      })),
    )
    .onConflict((oc) =>
      oc.columns(["call_id", "user_id", "round"]).doUpdateSet((eb) => ({
        status: eb.ref("excluded.status"),
        closed_at: sql<Date | null>`case when excluded.status = 'pending' then null else coalesce(call_offers.closed_at, now()) end`,
      })),
    )
    .execute();
}

/** The offers of one round still ringing that none of the person's tabs acknowledged. */
export async function unackedOffers(tx: Tx, orgId: string, callId: string, round: number, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .selectFrom("call_offers")
    .select("user_id")
    .where("organization_id", "=", orgId)
    .where("call_id", "=", callId)
    .where("round", "=", round)
    .where("user_id", "in", userIds)
    .where("status", "=", "pending")
    .where("acked_at", "is", null)
    .execute();
  return rows.map((r) => r.user_id);
}

export type PendingOfferRow = { call_id: string; round: number; team_id: string; ring_until: Date; acked_at: Date | null };

export async function pendingOffersOf(tx: Tx, orgId: string, userId: string): Promise<PendingOfferRow[]> {
  return tx
    .selectFrom("call_offers")
    .select(["call_id", "round", "team_id", "ring_until", "acked_at"])
    .where("organization_id", "=", orgId)
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .orderBy("offered_at")
    .execute();
}

/** The offers still ringing that a tab of their person received: one statement for many acks. */
export async function ackOffers(tx: Tx, orgId: string, acks: { callId: string; userId: string }[]): Promise<void> {
  if (acks.length === 0) return;
  await sql`
    update call_offers o set acked_at = coalesce(o.acked_at, now())
    from unnest(${acks.map((a) => a.callId)}::uuid[], ${acks.map((a) => a.userId)}::uuid[]) as a(call_id, user_id)
    where o.organization_id = ${orgId} and o.call_id = a.call_id and o.user_id = a.user_id and o.status = 'pending'
  `.execute(tx);
}

/**
 * Who may be rung for a call of `teamId` now (issue 12 §1): members of the team, incoming calls
 * on, status online, a tab that answered the heartbeat within `ttlMs` and can answer, not the
 * owner of a call under way, and not someone who already turned this call down.
 */
export async function eligibleStaff(tx: Tx, orgId: string, teamId: string, callId: string, ttlMs: number): Promise<string[]> {
  const r = await sql<{ user_id: string }>`
    select m.user_id
    from team_members m
    join users u on u.id = m.user_id and u.organization_id = m.organization_id
    where m.organization_id = ${orgId} and m.team_id = ${teamId}
      and u.status = 'online'
      and coalesce((u.settings->>'allowIncomingCalls')::boolean, true)
      and exists (
        select 1 from call_presence p
        where p.organization_id = m.organization_id and p.user_id = m.user_id and p.can_answer
          and p.seen_at > now() - make_interval(secs => ${ttlMs / 1000})
      )
      and not exists (
        select 1 from calls c
        where c.organization_id = m.organization_id and c.owner_user_id = m.user_id and c.state <> 'ended' and c.id <> ${callId}
      )
      and not exists (
        select 1 from call_offers o
        where o.organization_id = m.organization_id and o.call_id = ${callId} and o.user_id = m.user_id
          and o.status in ('rejected', 'ignored', 'declined')
      )
    order by m.user_id
  `.execute(tx);
  return r.rows.map((row) => row.user_id);
}

/**
 * Read once per transaction and kept for its length (decision 0049): a call's setup and its
 * change ask for the same team and organisation settings several times, and nothing in the calls
 * module writes them. A new transaction reads them afresh.
 */
function oncePerTransaction<A extends string[], V>(read: (tx: Tx, ...args: A) => Promise<V>): (tx: Tx, ...args: A) => Promise<V> {
  const seen = new WeakMap<Tx, Map<string, Promise<V>>>();
  return (tx, ...args) => {
    let byKey = seen.get(tx);
    if (!byKey) seen.set(tx, (byKey = new Map<string, Promise<V>>()));
    const key = args.join("/");
    let value = byKey.get(key);
    if (!value) byKey.set(key, (value = read(tx, ...args)));
    return value;
  };
}

export const teamOf = oncePerTransaction((tx, orgId: string, teamId: string) =>
  tx
    .selectFrom("teams")
    .select(["id", "label", "phone_number", "schedule", "settings"])
    .where("organization_id", "=", orgId)
    .where("id", "=", teamId)
    .executeTakeFirst(),
);

export async function teamLabels(tx: Tx, orgId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.selectFrom("teams").select(["id", "label"]).where("organization_id", "=", orgId).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.label]));
}

export async function userNames(tx: Tx, orgId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.selectFrom("users").select(["id", "name"]).where("organization_id", "=", orgId).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const organizationOf = oncePerTransaction((tx, orgId: string) =>
  tx
    .selectFrom("organizations")
    .select(["timezone", "vacation_start", "vacation_end", "options", "call_ring_seconds", "call_queue_enabled", "enable_ext_transfer"])
    .where("id", "=", orgId)
    .executeTakeFirstOrThrow(),
);

export async function hasLiveCall(tx: Tx, orgId: string, userId: string): Promise<boolean> {
  const row = await tx
    .selectFrom("calls")
    .select("id")
    .where("organization_id", "=", orgId)
    .where("owner_user_id", "=", userId)
    .where("state", "<>", "ended")
    .executeTakeFirst();
  return row !== undefined;
}

/** What decides whether a person is offered calls, in one statement (the heartbeat's answer). */
export async function reachabilityOf(tx: Tx, orgId: string, userId: string) {
  return tx
    .selectFrom("users as u")
    .innerJoin("organizations as o", "o.id", "u.organization_id")
    .select(["o.options", "u.status", "u.settings"])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("calls as c")
            .select("c.id")
            .whereRef("c.organization_id", "=", "u.organization_id")
            .whereRef("c.owner_user_id", "=", "u.id")
            .where("c.state", "<>", "ended"),
        )
        .as("on_call"),
    )
    .where("u.organization_id", "=", orgId)
    .where("u.id", "=", userId)
    .executeTakeFirst();
}

export async function setCurrentTeam(tx: Tx, orgId: string, sessionId: string, teamId: string): Promise<void> {
  await tx
    .updateTable("sessions")
    .set({ current_team_id: teamId })
    .where("organization_id", "=", orgId)
    .where("id", "=", sessionId)
    .execute();
}

// ---- Presence (decision 0021) ----

/**
 * Records the tab's heartbeat. Answers whether the person just became reachable: no tab of theirs
 * that could answer was seen within `ttlMs` before this one.
 */
export async function touchPresence(
  tx: Tx,
  p: { orgId: string; userId: string; sessionId: string; tabId: string; canAnswer: boolean; ttlMs: number },
): Promise<boolean> {
  const before = await tx
    .selectFrom("call_presence")
    .select("tab_id")
    .where("organization_id", "=", p.orgId)
    .where("user_id", "=", p.userId)
    .where("can_answer", "=", true)
    .where("seen_at", ">", new Date(Date.now() - p.ttlMs))
    .executeTakeFirst();
  const now = new Date();
  await tx
    .insertInto("call_presence")
    .values({
      organization_id: p.orgId,
      user_id: p.userId,
      tab_id: p.tabId,
      session_id: p.sessionId,
      can_answer: p.canAnswer,
      seen_at: now,
    })
    .onConflict((oc) =>
      oc.columns(["organization_id", "user_id", "tab_id"]).doUpdateSet({ session_id: p.sessionId, can_answer: p.canAnswer, seen_at: now }),
    )
    .execute();
  return before === undefined && p.canAnswer;
}

/**
 * Calls ringing or waiting in the queue now for any of `teamIds`: a person who just became
 * reachable joins their round, or starts one for a caller waiting in the queue (issue 13 §1).
 */
export async function waitingCallsOf(tx: Tx, orgId: string, teamIds: string[]): Promise<string[]> {
  if (teamIds.length === 0) return [];
  const rows = await tx
    .selectFrom("calls")
    .select("id")
    .where("organization_id", "=", orgId)
    .where("state", "in", ["ringing", "queued"])
    .where("team_id", "in", teamIds)
    .orderBy("started_at")
    .execute();
  return rows.map((r) => r.id);
}

/** The teams a person belongs to (a call they leave frees them for their teams' waiting callers). */
export async function teamIdsOf(tx: Tx, orgId: string, userId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom("team_members")
    .select("team_id")
    .where("organization_id", "=", orgId)
    .where("user_id", "=", userId)
    .execute();
  return rows.map((r) => r.team_id);
}

// ---- The call queue (issue 13 §1) ----

/** The calls of `teamIds` the queue view shows (states of its four groups). */
export async function queueCallsOf(tx: Tx, orgId: string, teamIds: string[]): Promise<CallRow[]> {
  if (teamIds.length === 0) return [];
  return tx
    .selectFrom("calls")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("team_id", "in", teamIds)
    .where("state", "in", ["queued", "ringing", "connecting", "active", "transferring", "parked"])
    .orderBy("started_at")
    .execute();
}

/**
 * The park numbers held now in the organisation, under a transaction lock of the organisation's
 * park numbers: two parks at the same instant never choose the same number (the unique index
 * of migration 0023 would refuse the second anyway).
 */
export async function lockedParkNumbers(tx: Tx, orgId: string): Promise<number[]> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`relais-park:${orgId}`}, 0))`.execute(tx);
  const rows = await tx
    .selectFrom("calls")
    .select("park_no")
    .where("organization_id", "=", orgId)
    .where("state", "=", "parked")
    .where("park_no", "is not", null)
    .execute();
  return rows.flatMap((r) => (r.park_no === null ? [] : [r.park_no]));
}

export async function dropPresence(tx: Tx, orgId: string, userId: string, tabIds: string[]): Promise<void> {
  if (tabIds.length === 0) return;
  await tx
    .deleteFrom("call_presence")
    .where("organization_id", "=", orgId)
    .where("user_id", "=", userId)
    .where("tab_id", "in", tabIds)
    .execute();
}

// ---- The restart check (VOICE.md §2) ----

/** Organisations with a call not ended, across tenants: for the owner pool's periodic check only. */
export async function organizationsWithLiveCalls(owner: Db): Promise<string[]> {
  const rows = await owner.selectFrom("calls").select("organization_id").distinct().where("state", "<>", "ended").execute();
  return rows.map((r) => r.organization_id);
}

export async function liveCalls(tx: Tx, orgId: string, olderThan: Date): Promise<CallRow[]> {
  return tx
    .selectFrom("calls")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("state", "<>", "ended")
    .where("updated_at", "<", olderThan)
    .orderBy("started_at")
    .execute();
}

/** The calls ringing this person as a transfer target (issue 13 §2): their offers live in the call's transfer, not in call_offers. */
export async function transferOffersOf(tx: Tx, orgId: string, userId: string): Promise<string[]> {
  const r = await sql<{ id: string }>`
    select c.id from calls c
    where c.organization_id = ${orgId} and c.state = 'transferring'
      and c.model->'transfer'->'offers' @> ${JSON.stringify([{ userId, status: "pending" }])}::jsonb
    order by c.updated_at
  `.execute(tx);
  return r.rows.map((row) => row.id);
}

/** The organisation's teams, by label (the transfer dialog's list). */
export async function organizationTeams(tx: Tx, orgId: string) {
  return tx.selectFrom("teams").select(["id", "label", "schedule"]).where("organization_id", "=", orgId).orderBy("label").execute();
}
