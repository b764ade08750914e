import { randomUUID } from "node:crypto";
import {
  CONTACT_SEARCH_MAX_RESULTS,
  contactPhoneOf,
  hasContactName,
  typedPhoneToE164,
  type Contact,
  type ContactsPage,
  type ContactsQuery,
  type CreateContactRequest,
  type ThreadContact,
  type UpdateContactRequest,
} from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import { together, type Together } from "../../db/send-together.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { uniqueViolation } from "../../platform/pg-errors.ts";
import { recordEvent } from "../../platform/realtime/record-event.ts";
import { decodeContactCursor, encodeContactCursor } from "./cursor.ts";
import { canDeleteContact, canUpdateContact } from "./policy.ts";
import { presentContact, presentContactSummary } from "./presenter.ts";
import * as repo from "./repo.ts";
import { parseContactSearch } from "./search.ts";

/** Use cases of contacts themselves; links, notes and surveys are in details-service.ts. */

type ContactFields = Omit<UpdateContactRequest, "confirmEmailChange">;

/** "" and white space mean "no value": stored as null. */
const textOrNull = (v: string | null): string | null => (v === null || v.trim() === "" ? null : v.trim());

/** The request's fields as columns; a field left out of the request is left out here. */
function columnsOf(input: ContactFields): Partial<repo.ContactColumns> {
  const out: Partial<repo.ContactColumns> = {};
  const text = { firstname: "first_name", lastname: "last_name", business: "business", address: "address", city: "city" } as const;
  for (const [field, column] of Object.entries(text) as [keyof typeof text, (typeof text)[keyof typeof text]][]) {
    const v = input[field];
    if (v !== undefined) out[column] = textOrNull(v);
  }
  if (input.postalCode !== undefined) out.postal_code = textOrNull(input.postalCode);
  if (input.note !== undefined) out.note = textOrNull(input.note);
  if (input.email !== undefined) out.email = textOrNull(input.email);
  if (input.birthday !== undefined) out.birthday = textOrNull(input.birthday);
  if (input.phone !== undefined) out.phone = contactPhoneOf(input.phone);
  if (input.language !== undefined) out.language = input.language;
  if (input.gender !== undefined) out.gender = input.gender;
  if (input.salutation !== undefined) out.salutation = input.salutation;
  return out;
}

/** A contact of the caller's organisation, locked when asked; 404 for anything else. In the caller's transaction. */
export async function visibleContact(tx: Tx, ctx: Ctx, id: string, lock = false): Promise<repo.ContactRow> {
  const row = await repo.findContact(tx, ctx.orgId, id, lock);
  if (!row) throw notFound();
  return row;
}

/** One contact per number per organisation (spec part 2 §5): 409 error.existing-contact. */
async function assertPhoneFree(tx: Tx, orgId: string, phone: string | null | undefined, exceptId?: string): Promise<void> {
  if (!phone) return;
  const existing = await repo.findContactByPhone(tx, orgId, phone);
  if (existing && existing.id !== exceptId) throw conflict("error.existing-contact");
}

/** The check above, again at commit: two requests racing with one number meet the unique index. */
async function guardDuplicatePhone<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isDuplicatePhone(err)) throw conflict("error.existing-contact");
    throw err;
  }
}

/**
 * GET patients: one page of the organisation's contacts. With `q`, only the matches, and a 400
 * error.search-results when there are more than CONTACT_SEARCH_MAX_RESULTS (spec part 2 §8:
 * the person refines the search rather than scroll through thousands).
 */
export async function listContacts(db: Db, ctx: Ctx, query: ContactsQuery): Promise<ContactsPage> {
  const search = parseContactSearch(query.q);
  const after = query.cursor ? decodeContactCursor(query.cursor, query.sort) : null;
  return withTenant(db, ctx.orgId, async (tx) => {
    // One match past the limit is enough to know there are too many.
    const ids = search ? await repo.matchContactIds(tx, search, CONTACT_SEARCH_MAX_RESULTS + 1) : null;
    if (ids && ids.length > CONTACT_SEARCH_MAX_RESULTS) throw badRequest("error.search-results");
    const rows = await repo.listContacts(tx, ctx.orgId, { ids, sort: query.sort, after, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const end = page[page.length - 1];
    let nextCursor: string | null = null;
    if (rows.length > query.limit && end) {
      nextCursor = encodeContactCursor(
        query.sort === "name" ? { sort: "name", key: end.sort_name, id: end.id } : { sort: "recent", at: end.created_key, id: end.id },
      );
    }
    return { contacts: page.map((r) => presentContact(r, ctx)), nextCursor };
  });
}

/** GET patients/{id}: one contact; the read is written to the audit log (DESIGN §4). */
export async function getContact(db: Db, ctx: Ctx, id: string): Promise<Contact> {
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await visibleContact(tx, ctx, id);
    await recordAudit(tx, ctx, "read", "contact", id);
    return presentContact(row, ctx);
  });
}

/**
 * GET patients/phone/{phone}: the contact of a number typed in any formatting. 404 when there
 * is none (the web stays silent then: the number is simply not a contact yet); 400
 * error.phone-invalid for what is not a phone number at all.
 */
export async function findContactByPhone(db: Db, ctx: Ctx, typed: string): Promise<Contact> {
  const phone = typedPhoneToE164(typed);
  if (!phone) throw badRequest("error.phone-invalid");
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await repo.findContactByPhone(tx, ctx.orgId, phone);
    if (!row) throw notFound();
    await recordAudit(tx, ctx, "read", "contact", row.id, { by: "phone" });
    return presentContact(row, ctx);
  });
}

/**
 * The organisation's contacts of these numbers (E.164), keyed by number: the name that the
 * conversation list and thread header show (messaging calls it once per page). Every staff
 * member may read contacts, so no role check; `tx` is already the organisation's.
 * In the caller's transaction.
 */
export async function contactsByPhones(tx: Tx, orgId: string, phones: readonly string[]): Promise<Map<string, ThreadContact>> {
  return byPhone(await repo.findContactsByPhones(tx, orgId, phones));
}

/** contactsByPhones of one number, as a statement to send with others of the transaction (sendTogether). */
export function contactByPhoneTogether(tx: Tx, orgId: string, phone: string): Together<Map<string, ThreadContact>> {
  return together(repo.contactByPhoneStatement(tx, { orgId, phone }), byPhone);
}

function byPhone(rows: readonly repo.ContactRow[]): Map<string, ThreadContact> {
  const out = new Map<string, ThreadContact>();
  for (const row of rows) {
    if (!row.phone) continue;
    const { id, firstname, lastname, fullName } = presentContactSummary(row);
    out.set(row.phone, { id, firstname, lastname, fullName });
  }
  return out;
}

/** Records `type` for every staff member of the organisation (no team: contacts are shared). */
async function announce(tx: Tx, orgId: string, row: repo.ContactRow, type: "contact.created" | "contact.updated"): Promise<void> {
  await recordEvent(tx, orgId, { type, payload: presentContactSummary(row) });
}

/** POST patients: a new contact of the caller's organisation; its number must be free. */
export async function createContact(db: Db, ctx: Ctx, input: CreateContactRequest): Promise<Contact> {
  return guardDuplicatePhone(() => withTenant(db, ctx.orgId, (tx) => insertContactIn(tx, ctx, input)));
}

/**
 * A new contact in the caller's transaction, with its audit and event: what makes it (a booking)
 * lands or fails with it. A number taken at commit by a concurrent request surfaces as the
 * unique index's violation (isDuplicatePhone); the caller decides whether to retry.
 */
export async function insertContactIn(tx: Tx, ctx: Ctx, input: CreateContactRequest): Promise<Contact> {
  if (!canUpdateContact(ctx)) throw forbidden();
  const columns = columnsOf(input);
  await assertPhoneFree(tx, ctx.orgId, columns.phone);
  const id = await repo.insertContact(tx, ctx.orgId, ctx.userId, columns);
  const row = await visibleContact(tx, ctx, id);
  await recordAudit(tx, ctx, "create", "contact", id, { fields: Object.keys(columns) });
  await announce(tx, ctx.orgId, row, "contact.created");
  return presentContact(row, ctx);
}

/** The error of two requests creating one number at the same moment (the unique index). */
export const isDuplicatePhone = (err: unknown): boolean => uniqueViolation(err) === "contacts_phone_key";

/** The id of the organisation's contact of this number (E.164), read in the caller's transaction, or null. */
export async function contactIdOfPhoneIn(tx: Tx, ctx: Ctx, phone: string): Promise<string | null> {
  const row = await repo.findContactByPhone(tx, ctx.orgId, phone);
  if (!row) return null;
  await recordAudit(tx, ctx, "read", "contact", row.id, { by: "phone" });
  return row.id;
}

/**
 * PUT patients/{id}: the fields given change. The contact must keep a name (first, last or
 * business) and its number must stay free. Changing or removing an email it had answers 409
 * error.contact-email-change-warning until the request confirms it (confirmEmailChange): the
 * attachments sent from the old email become inaccessible (spec part 2 §4).
 */
export async function updateContact(db: Db, ctx: Ctx, id: string, input: UpdateContactRequest): Promise<Contact> {
  if (!canUpdateContact(ctx)) throw forbidden();
  const { confirmEmailChange, ...fields } = input;
  const columns = columnsOf(fields);
  return guardDuplicatePhone(() =>
    withTenant(db, ctx.orgId, async (tx) => {
      const before = await visibleContact(tx, ctx, id, true);
      const after = { ...before, ...columns };
      if (!hasContactName({ firstname: after.first_name, lastname: after.last_name, business: after.business })) {
        const code = "validation.required-contact-name";
        throw new AppError(code, 400, undefined, [{ path: "firstname", code }]);
      }
      if (before.email !== null && columns.email !== undefined && columns.email !== before.email && confirmEmailChange !== true) {
        throw conflict("error.contact-email-change-warning");
      }
      if (columns.phone !== undefined && columns.phone !== before.phone) await assertPhoneFree(tx, ctx.orgId, columns.phone, id);
      await repo.updateContact(tx, ctx.orgId, id, columns);
      const row = await visibleContact(tx, ctx, id);
      const changed = Object.keys(columns).filter((k) => before[k as keyof repo.ContactColumns] !== row[k as keyof repo.ContactColumns]);
      await recordAudit(tx, ctx, "update", "contact", id, { fields: changed });
      await announce(tx, ctx.orgId, row, "contact.updated");
      return presentContact(row, ctx);
    }),
  );
}

/**
 * Another module's reason to keep a contact (the agenda: a booked appointment, spec part 2 §5),
 * handed to the routes by app.ts so that contacts imports none of the modules that refer to a
 * contact. Runs in the deletion's transaction with the contact row locked, and throws the
 * AppError that refuses the deletion: a row racing it either committed before (and is seen) or
 * waits on that lock through its foreign key and then finds no contact.
 */
export type ContactDeletionCheck = (tx: Tx, orgId: string, contactId: string) => Promise<void>;

/**
 * DELETE patients/{id}: administrators only; its links, notes and surveys go with it, unless one
 * of `checks` refuses (a contact with a booked appointment stays; cancelled ones go with it).
 */
export async function deleteContact(db: Db, ctx: Ctx, id: string, checks: readonly ContactDeletionCheck[]): Promise<void> {
  if (!canDeleteContact(ctx)) throw forbidden();
  await withTenant(db, ctx.orgId, async (tx) => {
    const row = await visibleContact(tx, ctx, id, true);
    for (const check of checks) await check(tx, ctx.orgId, id);
    await repo.deleteContact(tx, ctx.orgId, id);
    // The audit row outlives the contact: it keeps who was deleted.
    await recordAudit(tx, ctx, "delete", "contact", id, { firstname: row.first_name, lastname: row.last_name, phone: row.phone });
    await recordEvent(tx, ctx.orgId, { type: "contact.removed", payload: { id } });
  });
}

/**
 * Contacts of an import (modules/contact-import), inside the import's own transaction: the rows
 * were validated with createContactRequest. Those that exist already (same number, or without a
 * number the same names, email and birthday) are skipped; the answer says, per row, whether it
 * was inserted. No per-contact event: an import of thousands would flood every screen, and the
 * contacts list reloads when the import ends.
 */
export async function insertImportedContacts(tx: Tx, ctx: Ctx, rows: CreateContactRequest[]): Promise<boolean[]> {
  const withIds = rows.map((input) => ({ ...(columnsOf(input) as repo.ContactColumns), id: randomUUID() }));
  const inserted = await repo.insertContactsIfNew(tx, ctx.orgId, ctx.userId, withIds);
  return withIds.map((row) => inserted.has(row.id));
}
