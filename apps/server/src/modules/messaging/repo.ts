import { sql, type Expression, type Selectable } from "kysely";
import type { Db, Tx } from "../../db/database.ts";
import { compiledOnce } from "../../db/compiled-once.ts";
import { sendTogether, together, type Together } from "../../db/send-together.ts";
import type { MessagesTable, ThreadsTable } from "../../db/schema.ts";
import { containsPattern, type ThreadSearch } from "./thread-search.ts";

/** Every query takes the organisation id and filters by it; row-level security backs it up. */

export type MessageRow = Selectable<MessagesTable>;
export type ThreadRow = Selectable<ThreadsTable> & { team_phone: string | null; sort_key: string };

/** updated_at to the microsecond, in UTC: a Date would round it and break keyset paging. */
const threadSortKey = sql<string>`to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const messageSortKey = sql<string>`to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function threadQuery(tx: Tx, orgId: string) {
  return tx
    .selectFrom("threads as t")
    .innerJoin("teams as tm", "tm.id", "t.team_id")
    .selectAll("t")
    .select(["tm.phone_number as team_phone", threadSortKey.as("sort_key")])
    .where("t.organization_id", "=", orgId);
}

export async function findThread(tx: Tx, orgId: string, threadId: string, lock = false): Promise<ThreadRow | undefined> {
  let q = threadQuery(tx, orgId).where("t.id", "=", threadId);
  if (lock) q = q.forUpdate("t");
  return q.executeTakeFirst();
}

export async function findThreadByPhone(
  tx: Tx,
  orgId: string,
  teamId: string,
  phone: string,
  lock = false,
): Promise<ThreadRow | undefined> {
  let q = threadQuery(tx, orgId).where("t.team_id", "=", teamId).where("t.contact_phone", "=", phone);
  if (lock) q = q.forUpdate("t");
  return q.executeTakeFirst();
}

export type ThreadCursor = { pinned: boolean; at: string; id: string };

/** Accented letters and their plain twins, one for one (translate); foldText does the same in JS. */
const ACCENTED = "àâäáãåçéèêëíìîïñóòôöõúùûüýÿÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸ";
const PLAIN = "aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyy";

/**
 * A search: the contact's number holds the digits typed, or the last message holds the text,
 * case and accents aside. No index: it narrows the organisation's own rows of the caller's teams
 * (a clinic has thousands, not millions), and needs no extension such as unaccent.
 */
function threadMatches(orgId: string, search: ThreadSearch) {
  const inBody = sql<boolean>`exists (
    select 1 from messages m
     where m.organization_id = ${orgId} and m.id = t.last_message_id
       and translate(lower(m.body), ${ACCENTED}, ${PLAIN}) like ${containsPattern(search.text)})`;
  return search.digits ? sql<boolean>`(t.contact_phone like ${containsPattern(search.digits)} or ${inBody})` : inBody;
}

/**
 * One page of threads of `teamIds`, in the list order of spec part 1 §4: active threads pinned
 * first then by latest update, inactive threads by latest update; id breaks ties. Keyset paging:
 * the row tuple compared with the cursor's, so no row is skipped or repeated between pages.
 */
export async function listThreads(
  tx: Tx,
  orgId: string,
  teamIds: string[],
  state: "active" | "inactive",
  after: ThreadCursor | null,
  limit: number,
  search: ThreadSearch | null = null,
): Promise<ThreadRow[]> {
  if (teamIds.length === 0) return [];
  if (!search && teamIds.length > 1) return listThreadsOfTeams(tx, orgId, teamIds, state, after, limit);
  let q = threadQuery(tx, orgId).where("t.team_id", "in", teamIds).where("t.state", "=", state);
  if (search) q = q.where(threadMatches(orgId, search));
  if (state === "active") q = q.orderBy("t.pinned", "desc");
  const from = afterCursor(state, after);
  if (from) q = q.where(from);
  return q.orderBy("t.updated_at", "desc").orderBy("t.id", "desc").limit(limit).execute();
}

/** The keyset condition of the page after `after`, in the list's order (pinned first when active). */
function afterCursor(state: "active" | "inactive", after: ThreadCursor | null) {
  if (!after) return null;
  return state === "active"
    ? sql<boolean>`(t.pinned, t.updated_at, t.id) < (${after.pinned}, ${after.at}::timestamptz, ${after.id}::uuid)`
    : sql<boolean>`(t.updated_at, t.id) < (${after.at}::timestamptz, ${after.id}::uuid)`;
}

/**
 * The list over several teams (an administrator of two teams) without a search. `team_id in
 * (…)` cannot read the list's order from threads_list_idx, where team_id comes first, so
 * PostgreSQL would read and sort every thread of those teams to keep one page. Here each team
 * gives its first `limit` threads in index order (a LATERAL per team) and only those are merged.
 */
async function listThreadsOfTeams(
  tx: Tx,
  orgId: string,
  teamIds: string[],
  state: "active" | "inactive",
  after: ThreadCursor | null,
  limit: number,
): Promise<ThreadRow[]> {
  const from = afterCursor(state, after) ?? sql<boolean>`true`;
  const order = state === "active" ? sql`t.pinned desc, t.updated_at desc, t.id desc` : sql`t.updated_at desc, t.id desc`;
  const rows = await sql<ThreadRow>`
    select t.*, tm.phone_number as team_phone, ${threadSortKey} as sort_key
    from unnest(${teamIds}::uuid[]) as team(id)
    cross join lateral (
      select * from threads t
      where t.organization_id = ${orgId} and t.team_id = team.id and t.state = ${state} and ${from}
      order by ${order}
      limit ${limit}
    ) t
    join teams tm on tm.id = t.team_id
    order by ${order}
    limit ${limit}
  `.execute(tx);
  return rows.rows;
}

/** Unread threads of `teamIds`, per state. */
export async function countUnread(tx: Tx, orgId: string, teamIds: string[]): Promise<{ active: number; inactive: number }> {
  const out = { active: 0, inactive: 0 };
  if (teamIds.length === 0) return out;
  const rows = await tx
    .selectFrom("threads")
    .select(["state", (eb) => eb.fn.countAll<number>().as("n")])
    .where("organization_id", "=", orgId)
    .where("team_id", "in", teamIds)
    .where("has_notification", "=", true)
    .groupBy("state")
    .execute();
  for (const r of rows) if (r.state === "active" || r.state === "inactive") out[r.state] = Number(r.n);
  return out;
}

export async function insertThread(
  tx: Tx,
  row: { orgId: string; teamId: string; phone: string; pinned: boolean; hasNotification: boolean; hasIncompleteFollowup: boolean },
): Promise<string> {
  const r = await tx
    .insertInto("threads")
    .values({
      organization_id: row.orgId,
      team_id: row.teamId,
      contact_phone: row.phone,
      pinned: row.pinned,
      has_notification: row.hasNotification,
      has_incomplete_followup: row.hasIncompleteFollowup,
      last_message_id: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/** The thread of an inbound text, created if missing; a concurrent creation is not an error. */
export async function ensureThread(tx: Tx, orgId: string, teamId: string, phone: string): Promise<{ row: ThreadRow; created: boolean }> {
  const inserted = await tx
    .insertInto("threads")
    .values({ organization_id: orgId, team_id: teamId, contact_phone: phone, last_message_id: null })
    .onConflict((oc) => oc.columns(["organization_id", "team_id", "contact_phone"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  const row = await findThreadByPhone(tx, orgId, teamId, phone, true);
  if (!row) throw new Error("ensureThread: thread vanished");
  return { row, created: inserted !== undefined };
}

export type InboundThread = { id: string; teamId: string; created: boolean; recentBodies: string[] };
type InboundThreadRow = { id: string; team_id: string; created: boolean; recent_bodies: string[] };
const toInboundThread = (row: InboundThreadRow): InboundThread => ({
  id: row.id,
  teamId: row.team_id,
  created: row.created,
  recentBodies: row.recent_bodies,
});

/** The recent inbound texts of the thread aliased `t`, newest first, leaving out `except` (a text just written). */
function recentInboundBodiesOfT(orgId: string, recent: { texts: number; days: number }, except: string | null) {
  return sql<string[]>`array(
    select m.body from messages m
     where m.organization_id = ${orgId} and m.thread_id = t.id and m.direction = 'inbound'
       and m.created_at > now() - make_interval(days => ${recent.days})
       and m.id is distinct from ${except}::uuid
     order by m.created_at desc, m.id desc limit ${recent.texts})`;
}

const contactThread = (orgId: string, teamId: string, phone: string) =>
  sql`organization_id = ${orgId} and team_id = ${teamId} and contact_phone = ${phone}`;

/**
 * The upsert as a statement to send with others (sendTogether). Its answer is undefined when
 * the thread was created by a text committed after this statement began (it waited on that
 * text's insert), so its snapshot cannot see it; it is locked all the same, and a later
 * statement reads it (inboundThreadAfterRace).
 */
export function upsertInboundThreadTogether(
  tx: Tx,
  orgId: string,
  teamId: string,
  phone: string,
  recent: { texts: number; days: number },
): Together<InboundThread | undefined> {
  const statement = upsertInboundThreadStatement(tx, { orgId, teamId, phone, texts: recent.texts, days: recent.days });
  return together(statement, (rows) => (rows[0] ? toInboundThread(rows[0]) : undefined));
}

/** The upsert itself, built and compiled once (decision 0068). */
const upsertInboundThreadStatement = compiledOnce(
  (tx: Tx, s: { orgId: string; teamId: string; phone: string; texts: number; days: number }) => {
    // "do update … where false" locks the row it meets and changes nothing; the row it met is then
    // read as the statement's snapshot sees it.
    const query = sql<InboundThreadRow>`
    with inserted as (
      insert into threads (organization_id, team_id, contact_phone, last_message_id, state, has_notification)
      values (${s.orgId}, ${s.teamId}, ${s.phone}, null, 'active', true)
      on conflict (organization_id, team_id, contact_phone) do update set state = excluded.state where false
      returning id, team_id
    ), t as (
      select id, team_id, true as created from inserted
      union all
      select id, team_id, false from threads where ${contactThread(s.orgId, s.teamId, s.phone)} and not exists (select from inserted)
    )
    select t.id, t.team_id, t.created, ${recentInboundBodiesOfT(s.orgId, s, null)} as recent_bodies from t`;
    return { compile: () => query.compile(tx) };
  },
);

/**
 * The thread a concurrent first text created while this one's upsert waited (see
 * upsertInboundThreadTogether), read by a new statement; `except`: a text of this transaction
 * already written, left out of the recent ones.
 */
export async function inboundThreadAfterRace(
  tx: Tx,
  orgId: string,
  teamId: string,
  phone: string,
  recent: { texts: number; days: number },
  except: string | null,
): Promise<InboundThread> {
  const { rows } = await sql<InboundThreadRow>`
    select t.id, t.team_id, false as created, ${recentInboundBodiesOfT(orgId, recent, except)} as recent_bodies
    from threads t where ${contactThread(orgId, teamId, phone)}`.execute(tx);
  if (!rows[0]) throw new Error(`inbound thread of ${teamId} not found after its upsert`);
  return toInboundThread(rows[0]);
}

/**
 * An inbound text's thread, created if missing and locked either way (the same lock ensureThread
 * takes), with the bodies of the contact's recent inbound texts before this one, newest first,
 * for the sentiment. One statement, and it writes only a thread it creates: an existing one is
 * locked, not changed, and the text's touch (touchThreadQuery) brings it back to the active list
 * and marks it unread with the rest, so each text writes its thread's row once, and a second
 * time only when its mood moves (decision 0059: every write of the row that moves updated_at
 * puts a new version in each of the thread's five indexes; the mood is in none of them).
 */
export async function upsertInboundThread(
  tx: Tx,
  orgId: string,
  teamId: string,
  phone: string,
  recent: { texts: number; days: number },
): Promise<InboundThread> {
  const [thread] = await sendTogether(tx, upsertInboundThreadTogether(tx, orgId, teamId, phone, recent));
  return thread ?? inboundThreadAfterRace(tx, orgId, teamId, phone, recent, null);
}

/**
 * The id of the contact's thread with a team, as an expression: statements sent in the same
 * round trip as the thread's upsert name the thread by it before the upsert has answered.
 */
function contactThreadId(orgId: string, teamId: string, phone: string) {
  return sql<string>`(select id from threads where ${contactThread(orgId, teamId, phone)})`;
}

/**
 * Applies `patch` and moves updated_at, answering the thread as findThread reads it (no read
 * after it); a statement, not run, to be sent with others (sendTogether). With `ifMessage`, the
 * thread changes only if that message exists (no row otherwise): sent after the message's
 * insert, it does nothing when the insert did nothing.
 */
function touchThreadQuery(tx: Tx, orgId: string, threadId: string | Expression<string>, patch: ThreadPatch, ifMessage?: string) {
  return tx
    .with("t", (db) => {
      const update = db
        .updateTable("threads")
        .set({ ...patch, updated_at: sql<Date>`now()` })
        .where("organization_id", "=", orgId)
        .where("id", "=", threadId);
      return (
        ifMessage
          ? update.where((eb) =>
              eb.exists(
                eb
                  .selectFrom("messages")
                  .select(sql`1`.as("one"))
                  .where("messages.organization_id", "=", orgId)
                  .where("messages.id", "=", ifMessage),
              ),
            )
          : update
      ).returningAll();
    })
    .selectFrom("t")
    .innerJoin("teams as tm", "tm.id", "t.team_id")
    .selectAll("t")
    .select(["tm.phone_number as team_phone", threadSortKey.as("sort_key")]);
}

/** What an inbound text's message and touch are written from (receiveInbound): the message names its thread by its contact. */
type InboundWrite = { orgId: string; teamId: string; from: string; messageId: string };

/**
 * An inbound text's message, in the thread its contact names (contactThreadId), as
 * insertMessageQuery writes it; built and compiled once (decision 0068).
 */
export const insertInboundMessageStatement = compiledOnce(
  (tx: Tx, s: InboundWrite & { to: string; body: string; carrierMessageId: string }) =>
    insertMessageQuery(tx, {
      id: s.messageId,
      orgId: s.orgId,
      threadId: contactThreadId(s.orgId, s.teamId, s.from),
      direction: "inbound",
      from: s.from,
      to: s.to,
      body: s.body,
      status: "delivered",
      carrierMessageId: s.carrierMessageId,
      idempotencyKey: null,
      authorId: null,
    }),
);

/**
 * An inbound text's touch of its thread, sent after its message (touchThreadQuery with
 * `ifMessage`): back to the active list, unread, pointing at the message; built and compiled
 * once (decision 0068).
 */
export const touchInboundThreadStatement = compiledOnce((tx: Tx, s: InboundWrite) =>
  touchThreadQuery(
    tx,
    s.orgId,
    contactThreadId(s.orgId, s.teamId, s.from),
    { state: "active", has_notification: true, last_message_id: s.messageId },
    s.messageId,
  ),
);

export type ThreadPatch = Partial<{
  state: string;
  pinned: boolean;
  has_notification: boolean;
  has_incomplete_followup: boolean;
  last_message_id: string;
  sentiment: number | null;
}>;

/** Applies `patch`; `touch` moves updated_at (new message, state change), which reorders lists. */
export async function updateThread(tx: Tx, orgId: string, threadId: string, patch: ThreadPatch, touch: boolean): Promise<void> {
  if (Object.keys(patch).length === 0 && !touch) return;
  await tx
    .updateTable("threads")
    .set({ ...patch, ...(touch ? { updated_at: sql<Date>`now()` } : {}) })
    .where("organization_id", "=", orgId)
    .where("id", "=", threadId)
    .execute();
}

/** The thread's mood alone, not run (sent unanswered by an inbound text): its lists' order stays. */
export function threadSentimentQuery(tx: Tx, orgId: string, threadId: string, sentiment: number | null) {
  return tx.updateTable("threads").set({ sentiment }).where("organization_id", "=", orgId).where("id", "=", threadId);
}

export async function deleteThread(tx: Tx, orgId: string, threadId: string): Promise<void> {
  await tx.deleteFrom("threads").where("organization_id", "=", orgId).where("id", "=", threadId).execute();
}

/**
 * The threads of many (team, contact) pairs at once, created where missing and locked until the
 * transaction ends, by key `${teamId} ${phone}`. Locked in id order, so two batches sharing a
 * contact wait for each other instead of deadlocking.
 */
export async function ensureThreads(
  tx: Tx,
  orgId: string,
  pairs: readonly { teamId: string; phone: string }[],
): Promise<Map<string, { row: ThreadRow; created: boolean }>> {
  if (pairs.length === 0) return new Map();
  const teams = pairs.map((p) => p.teamId);
  const phones = pairs.map((p) => p.phone);
  const { rows: inserted } = await sql<{ id: string }>`
    insert into threads (organization_id, team_id, contact_phone, last_message_id)
    select ${orgId}::uuid, w.team_id, w.phone, null
    from unnest(${teams}::uuid[], ${phones}::text[]) as w(team_id, phone)
    order by w.team_id, w.phone
    on conflict (organization_id, team_id, contact_phone) do nothing
    returning id`.execute(tx);
  const created = new Set(inserted.map((r) => r.id));
  // A join on the pairs, not "(team_id, contact_phone) in (…)": the planner took that for a
  // nested loop over every thread of the organisation, a second per batch at 10 000 threads.
  const { rows } = await sql<ThreadRow>`
    select t.*, tm.phone_number as team_phone, ${threadSortKey} as sort_key
    from unnest(${teams}::uuid[], ${phones}::text[]) as w(team_id, phone)
    join threads t on t.organization_id = ${orgId} and t.team_id = w.team_id and t.contact_phone = w.phone
    join teams tm on tm.id = t.team_id
    order by t.id
    for update of t`.execute(tx);
  return new Map(rows.map((row) => [`${row.team_id} ${row.contact_phone}`, { row, created: created.has(row.id) }]));
}

/** Threads by id (those of the organisation; missing ones left out). */
export async function findThreadsByIds(tx: Tx, orgId: string, ids: readonly string[]): Promise<ThreadRow[]> {
  if (ids.length === 0) return [];
  return threadQuery(tx, orgId)
    .where("t.id", "in", [...ids])
    .execute();
}

/** Each thread's new last message, brought back to the active list and moved to the top. */
export async function setLastMessages(tx: Tx, orgId: string, last: readonly { threadId: string; messageId: string }[]): Promise<void> {
  if (last.length === 0) return;
  await sql`
    update threads t set last_message_id = v.message_id, state = 'active', updated_at = now()
    from unnest(${last.map((l) => l.threadId)}::uuid[], ${last.map((l) => l.messageId)}::uuid[]) as v(thread_id, message_id)
    where t.organization_id = ${orgId} and t.id = v.thread_id`.execute(tx);
}

/** Outbound texts the system writes, "sending", in one statement; by idempotency key (each text has its own). */
export async function insertOutboundTexts(
  tx: Tx,
  orgId: string,
  texts: readonly { threadId: string; from: string; to: string; body: string; idempotencyKey: string; authorId: string | null }[],
): Promise<Map<string, MessageRow>> {
  if (texts.length === 0) return new Map();
  const col = <K extends keyof (typeof texts)[number]>(k: K) => texts.map((t) => t[k]);
  const { rows } = await sql<MessageRow>`
    insert into messages (organization_id, thread_id, direction, from_phone, to_phone, body, status, failure_reason, carrier_message_id, idempotency_key, author_id, created_at, updated_at)
    select ${orgId}::uuid, v.thread_id, 'outbound', v.from_phone, v.to_phone, v.body, 'sending', null, null, v.idempotency_key, v.author_id,
      -- The clock, not the transaction's start: two texts to one contact keep their order.
      clock_timestamp(), clock_timestamp()
    from unnest(
      ${col("threadId")}::uuid[], ${col("from")}::text[], ${col("to")}::text[], ${col("body")}::text[],
      ${col("idempotencyKey")}::text[], ${col("authorId")}::uuid[]
    ) with ordinality as v(thread_id, from_phone, to_phone, body, idempotency_key, author_id, n)
    order by v.n
    returning *`.execute(tx);
  return new Map(rows.map((r) => [r.idempotency_key ?? "", r]));
}

export type NewMessage = {
  orgId: string;
  /** An expression: a thread named before it is known (contactThreadId). */
  threadId: string | Expression<string>;
  direction: "inbound" | "outbound";
  from: string;
  to: string;
  body: string;
  status: "sending" | "delivered";
  carrierMessageId: string | null;
  idempotencyKey: string | null;
  authorId: string | null;
};

/** Inserts a message; null when its carrier id is already known (a webhook delivered twice). */
export async function insertMessage(tx: Tx, m: NewMessage): Promise<MessageRow | null> {
  return (await insertMessageQuery(tx, m).executeTakeFirst()) ?? null;
}

/**
 * insertMessage's statement, not run (to be sent with others: sendTogether), answering no row
 * for a carrier id already known. `id`, when given, lets the statements sent with it name the
 * message before it exists.
 */
function insertMessageQuery(tx: Tx, m: NewMessage & { id?: string }) {
  return tx
    .insertInto("messages")
    .values({
      ...(m.id ? { id: m.id } : {}),
      organization_id: m.orgId,
      thread_id: m.threadId,
      direction: m.direction,
      from_phone: m.from,
      to_phone: m.to,
      body: m.body,
      status: m.status,
      failure_reason: null,
      carrier_message_id: m.carrierMessageId,
      idempotency_key: m.idempotencyKey,
      author_id: m.authorId,
    })
    .onConflict((oc) => oc.columns(["organization_id", "carrier_message_id"]).where("carrier_message_id", "is not", null).doNothing())
    .returningAll();
}

export async function findMessage(tx: Tx, orgId: string, messageId: string, lock = false): Promise<MessageRow | undefined> {
  let q = tx.selectFrom("messages").selectAll().where("organization_id", "=", orgId).where("id", "=", messageId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findMessageByCarrierId(tx: Tx, orgId: string, carrierMessageId: string): Promise<MessageRow | undefined> {
  return tx
    .selectFrom("messages")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("carrier_message_id", "=", carrierMessageId)
    .executeTakeFirst();
}

export async function findMessagesByIds(tx: Tx, orgId: string, ids: string[]): Promise<Map<string, MessageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.selectFrom("messages").selectAll().where("organization_id", "=", orgId).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export type MessageCursor = { at: string; id: string };

/** One page of a thread's messages, newest first, older than `before`. */
export async function listMessages(
  tx: Tx,
  orgId: string,
  threadId: string,
  before: MessageCursor | null,
  limit: number,
): Promise<(MessageRow & { sort_key: string })[]> {
  let q = tx
    .selectFrom("messages as m")
    .selectAll("m")
    .select(messageSortKey.as("sort_key"))
    .where("m.organization_id", "=", orgId)
    .where("m.thread_id", "=", threadId);
  if (before) q = q.where(sql<boolean>`(m.created_at, m.id) < (${before.at}::timestamptz, ${before.id}::uuid)`);
  return q.orderBy("m.created_at", "desc").orderBy("m.id", "desc").limit(limit).execute();
}

/**
 * Moves an outbound message to `status` only if it now holds one of `from` (forward only): the
 * update itself is the check, so two callbacks racing cannot both win. Undefined: nothing moved.
 */
export async function advanceStatus(
  tx: Tx,
  orgId: string,
  messageId: string,
  change: { status: string; from: string[]; failureReason: string | null; carrierMessageId: string | null },
): Promise<MessageRow | undefined> {
  if (change.from.length === 0) return undefined;
  return tx
    .updateTable("messages")
    .set({
      status: change.status,
      failure_reason: change.failureReason,
      carrier_message_id: sql<string | null>`coalesce(carrier_message_id, ${change.carrierMessageId}::text)`,
      updated_at: sql<Date>`now()`,
    })
    .where("organization_id", "=", orgId)
    .where("id", "=", messageId)
    .where("direction", "=", "outbound")
    .where("status", "in", change.from)
    .returningAll()
    .executeTakeFirst();
}

/** Stores the carrier's id of the attempt `idempotencyKey`, unless a callback already did. */
export async function setCarrierMessageId(tx: Tx, orgId: string, messageId: string, idempotencyKey: string, carrierMessageId: string) {
  await tx
    .updateTable("messages")
    .set({ carrier_message_id: carrierMessageId })
    .where("organization_id", "=", orgId)
    .where("id", "=", messageId)
    .where("idempotency_key", "=", idempotencyKey)
    .where("carrier_message_id", "is", null)
    .execute();
}

/** A failed message back to sending as a new attempt: a new key, no carrier id, no reason. */
export async function resetForRetry(tx: Tx, orgId: string, messageId: string, idempotencyKey: string): Promise<MessageRow> {
  return tx
    .updateTable("messages")
    .set({
      status: "sending",
      failure_reason: null,
      carrier_message_id: null,
      idempotency_key: idempotencyKey,
      updated_at: sql<Date>`now()`,
    })
    .where("organization_id", "=", orgId)
    .where("id", "=", messageId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Which organisation and team own the number a text was sent to. Not scoped by organisation:
 * a carrier callback names no tenant. It reads only through relais_phone_owner (migration 0003),
 * which answers these two ids and nothing else.
 */
export async function unsafeFindPhoneOwner(db: Db, phone: string): Promise<{ organization_id: string; team_id: string } | undefined> {
  const r = await sql<{ organization_id: string; team_id: string }>`select * from relais_phone_owner(${phone})`.execute(db);
  return r.rows[0];
}

/** Which organisation and message an idempotency key (else a carrier id) names; unscoped as above. */
export async function unsafeFindMessageOwner(
  db: Db,
  idempotencyKey: string | null,
  carrierMessageId: string,
): Promise<{ organization_id: string; message_id: string } | undefined> {
  const r = await sql<{
    organization_id: string;
    message_id: string;
  }>`select * from relais_message_owner(${idempotencyKey}, ${carrierMessageId})`.execute(db);
  return r.rows[0];
}

/** The bodies of a thread's latest inbound texts, newest first, at most `window.texts` of the last `window.days` days. */
export async function recentInboundBodies(
  tx: Tx,
  orgId: string,
  threadId: string,
  window: { texts: number; days: number },
): Promise<string[]> {
  const rows = await tx
    .selectFrom("messages")
    .select("body")
    .where("organization_id", "=", orgId)
    .where("thread_id", "=", threadId)
    .where("direction", "=", "inbound")
    .where("created_at", ">", sql<Date>`now() - make_interval(days => ${window.days})`)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(window.texts)
    .execute();
  return rows.map((r) => r.body);
}

/** A call shown in its thread (migration 0018): one message per call, written once and then updated in place. */
export async function upsertCallMessage(
  tx: Tx,
  m: {
    orgId: string;
    threadId: string;
    callId: string;
    direction: "inbound" | "outbound";
    from: string;
    to: string;
    call: string;
    authorId: string | null;
  },
): Promise<{ row: MessageRow; created: boolean }> {
  const key = `call:${m.callId}`;
  const existing = await tx
    .updateTable("messages")
    .set({ call: m.call, updated_at: sql<Date>`now()` })
    .where("organization_id", "=", m.orgId)
    .where("idempotency_key", "=", key)
    .returningAll()
    .executeTakeFirst();
  if (existing) return { row: existing, created: false };
  const row = await tx
    .insertInto("messages")
    .values({
      organization_id: m.orgId,
      thread_id: m.threadId,
      direction: m.direction,
      from_phone: m.from,
      to_phone: m.to,
      body: "",
      status: "delivered",
      failure_reason: null,
      carrier_message_id: null,
      idempotency_key: key,
      author_id: m.authorId,
      call: m.call,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, created: true };
}

export async function setThreadVoice(tx: Tx, orgId: string, threadId: string, voice: string, lastMessageId: string | null): Promise<void> {
  await tx
    .updateTable("threads")
    .set({ voice, ...(lastMessageId ? { last_message_id: lastMessageId } : {}), updated_at: sql<Date>`now()` })
    .where("organization_id", "=", orgId)
    .where("id", "=", threadId)
    .execute();
}
