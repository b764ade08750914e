import { sql, type Insertable, type Selectable, type Updateable } from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { Tx } from "../../db/database.ts";
import type { ContactNotesTable, ContactsTable, ContactSurveysTable } from "../../db/schema.ts";
import type { ContactSearch } from "./search.ts";

/**
 * SQL of contacts, their links, notes and surveys. Every query takes the organisation id and
 * filters by it; row-level security backs it up, and the composite foreign keys of migration
 * 0007 keep every link, note and survey inside its contact's organisation.
 */

export type ContactRow = Selectable<ContactsTable> & { created_key: string };
export type ContactColumns = Omit<Insertable<ContactsTable>, "id" | "organization_id" | "created_by" | "created_at" | "updated_at">;

/** created_at to the microsecond, in UTC: a Date would round it and break keyset paging. */
const createdKey = sql<string>`to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function contactQuery(tx: Tx, orgId: string) {
  return tx.selectFrom("contacts as c").selectAll("c").select(createdKey.as("created_key")).where("c.organization_id", "=", orgId);
}

export async function findContact(tx: Tx, orgId: string, id: string, lock = false): Promise<ContactRow | undefined> {
  let q = contactQuery(tx, orgId).where("c.id", "=", id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The contact of a number (E.164); at most one per organisation (contacts_phone_key). */
export async function findContactByPhone(tx: Tx, orgId: string, phone: string): Promise<ContactRow | undefined> {
  return contactQuery(tx, orgId).where("c.phone", "=", phone).executeTakeFirst();
}

/** The contacts of these numbers (E.164), at most one each: a page of threads in one query. */
export async function findContactsByPhones(tx: Tx, orgId: string, phones: readonly string[]): Promise<ContactRow[]> {
  if (phones.length === 0) return [];
  return contactsByPhonesQuery(tx, orgId, phones).execute();
}

/** findContactsByPhones's statement, not run; `phones` not empty. */
function contactsByPhonesQuery(tx: Tx, orgId: string, phones: readonly string[]) {
  return contactQuery(tx, orgId).where("c.phone", "in", [...new Set(phones)]);
}

/** The contact of one number, as a statement to send with others: an inbound text's, built and compiled once (decision 0068). */
export const contactByPhoneStatement = compiledOnce((tx: Tx, s: { orgId: string; phone: string }) =>
  contactQuery(tx, s.orgId).where("c.phone", "=", s.phone),
);

/** `term` as a LIKE pattern that finds it anywhere, its own % _ and \ taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Ids of the organisation's contacts whose search text holds every term, case and accents aside
 * (the database folds the terms as it folded the stored text), at most `limit` of them, in no
 * order. Through relais_contact_matches (migration 0007), which can use the trigram index under
 * row-level security and answers only the organisation of the transaction's app.org_id.
 */
export async function matchContactIds(tx: Tx, search: ContactSearch, limit: number): Promise<string[]> {
  const patterns = search.terms.map(containsPattern);
  const r = await sql<{ id: string }>`select id from relais_contact_matches(${patterns}::text[], ${limit}::int) as m(id)`.execute(tx);
  return r.rows.map((row) => row.id);
}

export type ContactCursor = { sort: "name"; key: string; id: string } | { sort: "recent"; at: string; id: string };

/**
 * One page of the organisation's contacts, only those of `ids` when given (a search's matches),
 * in list order: by folded "last first" name (byte order, see sort_name) or newest first; id
 * breaks ties. Keyset paging: the row tuple compared with the cursor's, so no row is skipped or
 * repeated.
 */
export async function listContacts(
  tx: Tx,
  orgId: string,
  opts: { ids: string[] | null; sort: "name" | "recent"; after: ContactCursor | null; limit: number },
): Promise<ContactRow[]> {
  let q = contactQuery(tx, orgId);
  if (opts.ids) q = q.where(sql<boolean>`c.id = any(${opts.ids}::uuid[])`);
  const after = opts.after;
  if (opts.sort === "name") {
    if (after?.sort === "name") q = q.where(sql<boolean>`(c.sort_name, c.id) > (${after.key}, ${after.id}::uuid)`);
    q = q.orderBy("c.sort_name").orderBy("c.id");
  } else {
    if (after?.sort === "recent") q = q.where(sql<boolean>`(c.created_at, c.id) < (${after.at}::timestamptz, ${after.id}::uuid)`);
    q = q.orderBy("c.created_at", "desc").orderBy("c.id", "desc");
  }
  return q.limit(opts.limit).execute();
}

export async function insertContact(tx: Tx, orgId: string, createdBy: string, columns: ContactColumns): Promise<string> {
  const r = await tx
    .insertInto("contacts")
    .values({ ...columns, organization_id: orgId, created_by: createdBy })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateContact(tx: Tx, orgId: string, id: string, columns: Updateable<ContactsTable>): Promise<void> {
  await tx
    .updateTable("contacts")
    .set({ ...columns, updated_at: sql`now()` })
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .execute();
}

/** Deletes the contact; its links, notes and surveys go with it (ON DELETE CASCADE). */
export async function deleteContact(tx: Tx, orgId: string, id: string): Promise<boolean> {
  const r = await tx.deleteFrom("contacts").where("organization_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---- Linked contacts ------------------------------------------------------------------------

export type LinkRow = { relation: string; link_created_at: Date } & ContactRow;

function linkQuery(tx: Tx, orgId: string, contactId: string) {
  return tx
    .selectFrom("contact_links as l")
    .innerJoin("contacts as c", (j) => j.onRef("c.organization_id", "=", "l.organization_id").onRef("c.id", "=", "l.linked_contact_id"))
    .selectAll("c")
    .select([createdKey.as("created_key"), "l.relation", "l.created_at as link_created_at"])
    .where("l.organization_id", "=", orgId)
    .where("l.contact_id", "=", contactId);
}

/** The contacts linked to `contactId`, each with what it is to `contactId`, by name. */
export async function listLinks(tx: Tx, orgId: string, contactId: string): Promise<LinkRow[]> {
  return linkQuery(tx, orgId, contactId).orderBy("c.sort_name").orderBy("c.id").execute();
}

export async function findLink(tx: Tx, orgId: string, contactId: string, linkedId: string): Promise<LinkRow | undefined> {
  return linkQuery(tx, orgId, contactId).where("l.linked_contact_id", "=", linkedId).executeTakeFirst();
}

/** Both sides of a link, in one statement: either both rows land or neither does. */
export async function insertLink(
  tx: Tx,
  orgId: string,
  link: { contactId: string; linkedId: string; relation: string; reverseRelation: string },
): Promise<void> {
  await tx
    .insertInto("contact_links")
    .values([
      { organization_id: orgId, contact_id: link.contactId, linked_contact_id: link.linkedId, relation: link.relation },
      { organization_id: orgId, contact_id: link.linkedId, linked_contact_id: link.contactId, relation: link.reverseRelation },
    ])
    .execute();
}

/** Removes both sides of a link; false when there was none. */
export async function deleteLink(tx: Tx, orgId: string, contactId: string, linkedId: string): Promise<boolean> {
  const r = await tx
    .deleteFrom("contact_links")
    .where("organization_id", "=", orgId)
    .where((eb) =>
      eb.or([
        eb.and([eb("contact_id", "=", contactId), eb("linked_contact_id", "=", linkedId)]),
        eb.and([eb("contact_id", "=", linkedId), eb("linked_contact_id", "=", contactId)]),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---- Notes ----------------------------------------------------------------------------------

export type NoteRow = Selectable<ContactNotesTable> & { author_name: string | null };

function noteQuery(tx: Tx, orgId: string, contactId: string) {
  return tx
    .selectFrom("contact_notes as n")
    .leftJoin("users as u", (j) => j.onRef("u.id", "=", "n.author_id").onRef("u.organization_id", "=", "n.organization_id"))
    .selectAll("n")
    .select("u.name as author_name")
    .where("n.organization_id", "=", orgId)
    .where("n.contact_id", "=", contactId);
}

/** Pinned notes first, then by date, the latest first. */
export async function listNotes(tx: Tx, orgId: string, contactId: string): Promise<NoteRow[]> {
  return noteQuery(tx, orgId, contactId)
    .orderBy("n.pinned", "desc")
    .orderBy("n.noted_on", "desc")
    .orderBy("n.created_at", "desc")
    .orderBy("n.id", "desc")
    .execute();
}

export async function findNote(tx: Tx, orgId: string, contactId: string, noteId: string, lock = false): Promise<NoteRow | undefined> {
  let q = noteQuery(tx, orgId, contactId).where("n.id", "=", noteId);
  if (lock) q = q.forUpdate("n");
  return q.executeTakeFirst();
}

/** A note dated `date`, or today in the organisation's own time zone when no date is given. */
export async function insertNote(
  tx: Tx,
  orgId: string,
  note: { contactId: string; body: string; date: string | null; pinned: boolean; authorId: string },
): Promise<string> {
  const today = sql<string>`(select (now() at time zone o.timezone)::date from organizations o where o.id = ${orgId})`;
  const r = await tx
    .insertInto("contact_notes")
    .values({
      organization_id: orgId,
      contact_id: note.contactId,
      body: note.body,
      noted_on: note.date ?? today,
      pinned: note.pinned,
      author_id: note.authorId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateNote(
  tx: Tx,
  orgId: string,
  noteId: string,
  patch: { body?: string; noted_on?: string; pinned?: boolean },
): Promise<void> {
  await tx
    .updateTable("contact_notes")
    .set({ ...patch, updated_at: sql`now()` })
    .where("organization_id", "=", orgId)
    .where("id", "=", noteId)
    .execute();
}

export async function deleteNote(tx: Tx, orgId: string, noteId: string): Promise<void> {
  await tx.deleteFrom("contact_notes").where("organization_id", "=", orgId).where("id", "=", noteId).execute();
}

// ---- Surveys --------------------------------------------------------------------------------

export type SurveyRow = Selectable<ContactSurveysTable> & { followup_done_by_name: string | null };

function surveyQuery(tx: Tx, orgId: string, contactId: string) {
  return tx
    .selectFrom("contact_surveys as s")
    .leftJoin("users as u", (j) => j.onRef("u.id", "=", "s.followup_done_by").onRef("u.organization_id", "=", "s.organization_id"))
    .selectAll("s")
    .select("u.name as followup_done_by_name")
    .where("s.organization_id", "=", orgId)
    .where("s.contact_id", "=", contactId);
}

export async function listSurveys(tx: Tx, orgId: string, contactId: string): Promise<SurveyRow[]> {
  return surveyQuery(tx, orgId, contactId).orderBy("s.created_at", "desc").orderBy("s.id", "desc").execute();
}

export async function findSurvey(tx: Tx, orgId: string, contactId: string, surveyId: string): Promise<SurveyRow | undefined> {
  return surveyQuery(tx, orgId, contactId).where("s.id", "=", surveyId).executeTakeFirst();
}

export async function insertSurvey(tx: Tx, orgId: string, survey: { contactId: string; title: string; answers: string }): Promise<string> {
  const r = await tx
    .insertInto("contact_surveys")
    .values({ organization_id: orgId, contact_id: survey.contactId, title: survey.title, answers: survey.answers })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Done: stamped with who and when; not done: both cleared. */
export async function setSurveyFollowup(tx: Tx, orgId: string, surveyId: string, done: boolean, userId: string): Promise<void> {
  await tx
    .updateTable("contact_surveys")
    .set(
      done
        ? { followup_done: true, followup_done_at: sql`now()`, followup_done_by: userId }
        : { followup_done: false, followup_done_at: null, followup_done_by: null },
    )
    .where("organization_id", "=", orgId)
    .where("id", "=", surveyId)
    .execute();
}

// ---- Import ---------------------------------------------------------------------------------

/** A contact of an import, with the id it gets: the insert answers which ids it kept. */
export type ImportedContact = ContactColumns & { id: string };

/**
 * Inserts the contacts that do not exist yet and answers the ids inserted. A contact exists when
 * the organisation has one with its number (contacts_phone_key) or, without a number, one without
 * a number either and the same names, business, email and birthday. Two statements, so that each
 * is a plain set operation: ON CONFLICT for numbers, and for the others an anti-join on coalesced
 * values that PostgreSQL can hash (one pass over the organisation's contacts per call, not one
 * per row).
 */
export async function insertContactsIfNew(tx: Tx, orgId: string, createdBy: string, rows: ImportedContact[]): Promise<Set<string>> {
  const withPhone = rows.filter((r) => r.phone);
  const withoutPhone = rows.filter((r) => !r.phone);
  const inserted = new Set<string>();
  const input = (list: ImportedContact[]) => sql`
    select r.id, ${orgId}::uuid, ${createdBy}::uuid, r.first_name, r.last_name, r.business, r.phone, r.email, r.birthday,
           r.address, r.city, r.postal_code, r.language, r.gender, r.salutation, r.note
    from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as r(
      id uuid, first_name text, last_name text, business text, phone text, email text, birthday date, address text,
      city text, postal_code text, language text, gender text, salutation text, note text)`;
  const columns = sql`(id, organization_id, created_by, first_name, last_name, business, phone, email, birthday,
                       address, city, postal_code, language, gender, salutation, note)`;
  if (withPhone.length > 0) {
    const r = await sql<{ id: string }>`
      insert into contacts ${columns} ${input(withPhone)}
      on conflict (organization_id, phone) where phone is not null do nothing
      returning id`.execute(tx);
    for (const row of r.rows) inserted.add(row.id);
  }
  if (withoutPhone.length > 0) {
    const r = await sql<{ id: string }>`
      insert into contacts ${columns} ${input(withoutPhone)}
      where not exists (
        select 1 from contacts c
        where c.organization_id = ${orgId}::uuid and c.phone is null
          and coalesce(c.first_name, '') = coalesce(r.first_name, '')
          and coalesce(c.last_name, '') = coalesce(r.last_name, '')
          and coalesce(c.business, '') = coalesce(r.business, '')
          and coalesce(c.email, '') = coalesce(r.email, '')
          and coalesce(c.birthday::text, '') = coalesce(r.birthday::text, ''))
      returning id`.execute(tx);
    for (const row of r.rows) inserted.add(row.id);
  }
  return inserted;
}
