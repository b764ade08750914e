import {
  CONTACT_GENDERS,
  reverseRelation,
  type ContactGender,
  type ContactNote,
  type ContactSurvey,
  type CreateNoteRequest,
  type LinkContactRequest,
  type LinkedContact,
  type SurveyAnswer,
  type UpdateNoteRequest,
  type UpdateSurveyRequest,
} from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { uniqueViolation } from "../../platform/pg-errors.ts";
import { canEditNote, canUpdateContact } from "./policy.ts";
import { presentLink, presentNote, presentSurvey } from "./presenter.ts";
import * as repo from "./repo.ts";
import { visibleContact } from "./service.ts";

/**
 * Use cases of what hangs off a contact: linked contacts, notes and surveys. Each starts from
 * the contact of the path, found in the caller's organisation or 404, so a note or link of
 * another organisation's contact is never reached.
 */

const asGender = (g: string | null): ContactGender | null => CONTACT_GENDERS.find((x) => x === g) ?? null;

// ---- Linked contacts ------------------------------------------------------------------------

/** GET patients/{id}/contacts: the contacts linked to this one, each with its relation to it. */
export async function listLinks(db: Db, ctx: Ctx, contactId: string): Promise<LinkedContact[]> {
  return withTenant(db, ctx.orgId, async (tx) => {
    await visibleContact(tx, ctx, contactId);
    await recordAudit(tx, ctx, "read", "contact", contactId, { part: "contacts" });
    return (await repo.listLinks(tx, ctx.orgId, contactId)).map(presentLink);
  });
}

/**
 * POST patients/{id}/contacts: links two contacts of the organisation, shown from both sides.
 * The reverse relation is the one given, else rules/contact-relations.ts reverseRelation by
 * this contact's gender. A pair already linked answers 409 error.contact-exists.
 */
export async function linkContacts(db: Db, ctx: Ctx, contactId: string, input: LinkContactRequest): Promise<LinkedContact> {
  if (!canUpdateContact(ctx)) throw forbidden();
  if (input.contactId === contactId) {
    throw new AppError("validation.invalid", 400, undefined, [{ path: "contactId", code: "validation.invalid" }]);
  }
  try {
    return await withTenant(db, ctx.orgId, async (tx) => {
      const contact = await visibleContact(tx, ctx, contactId);
      await visibleContact(tx, ctx, input.contactId);
      if (await repo.findLink(tx, ctx.orgId, contactId, input.contactId)) throw conflict("error.contact-exists");
      const reverse = input.reverseRelation ?? reverseRelation(input.relation, asGender(contact.gender));
      await repo.insertLink(tx, ctx.orgId, { contactId, linkedId: input.contactId, relation: input.relation, reverseRelation: reverse });
      await recordAudit(tx, ctx, "link", "contact", contactId, { contactId: input.contactId, relation: input.relation, reverse });
      const link = await repo.findLink(tx, ctx.orgId, contactId, input.contactId);
      if (!link) throw new Error("linkContacts: link not found after insert");
      return presentLink(link);
    });
  } catch (err) {
    // Two people linking the same pair at once: the second meets the primary key.
    if (uniqueViolation(err) === "contact_links_pkey") throw conflict("error.contact-exists");
    throw err;
  }
}

/** DELETE patients/{id}/contacts/{contactId}: removes the link from both sides. */
export async function unlinkContacts(db: Db, ctx: Ctx, contactId: string, linkedId: string): Promise<void> {
  if (!canUpdateContact(ctx)) throw forbidden();
  await withTenant(db, ctx.orgId, async (tx) => {
    await visibleContact(tx, ctx, contactId);
    if (!(await repo.deleteLink(tx, ctx.orgId, contactId, linkedId))) throw notFound();
    await recordAudit(tx, ctx, "unlink", "contact", contactId, { contactId: linkedId });
  });
}

// ---- Notes ----------------------------------------------------------------------------------

/** GET patients/{id}/notes: pinned first, then by date, the latest first. */
export async function listNotes(db: Db, ctx: Ctx, contactId: string): Promise<ContactNote[]> {
  return withTenant(db, ctx.orgId, async (tx) => {
    await visibleContact(tx, ctx, contactId);
    await recordAudit(tx, ctx, "read", "contact", contactId, { part: "notes" });
    return (await repo.listNotes(tx, ctx.orgId, contactId)).map((n) => presentNote(n, ctx));
  });
}

/** POST patients/{id}/notes: a note by the caller, dated today (organisation's time) unless given. */
export async function addNote(db: Db, ctx: Ctx, contactId: string, input: CreateNoteRequest): Promise<ContactNote> {
  if (!canUpdateContact(ctx)) throw forbidden();
  return withTenant(db, ctx.orgId, async (tx) => {
    await visibleContact(tx, ctx, contactId);
    const noteId = await repo.insertNote(tx, ctx.orgId, {
      contactId,
      body: input.body,
      date: input.date ?? null,
      pinned: input.pinned ?? false,
      authorId: ctx.userId,
    });
    await recordAudit(tx, ctx, "add-note", "contact", contactId, { noteId });
    const note = await repo.findNote(tx, ctx.orgId, contactId, noteId);
    if (!note) throw new Error("addNote: note not found after insert");
    return presentNote(note, ctx);
  });
}

/**
 * PUT patients/{id}/notes/{noteId}: any staff member pins or unpins; the body and date are
 * changed by the note's author or an administrator only (policy.canEditNote), else 403.
 */
export async function updateNote(db: Db, ctx: Ctx, contactId: string, noteId: string, input: UpdateNoteRequest): Promise<ContactNote> {
  if (!canUpdateContact(ctx)) throw forbidden();
  return withTenant(db, ctx.orgId, async (tx) => {
    await visibleContact(tx, ctx, contactId);
    const note = await repo.findNote(tx, ctx.orgId, contactId, noteId, true);
    if (!note) throw notFound();
    if ((input.body !== undefined || input.date !== undefined) && !canEditNote(ctx, note)) throw forbidden();
    const patch = {
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.date !== undefined ? { noted_on: input.date } : {}),
      ...(input.pinned !== undefined ? { pinned: input.pinned } : {}),
    };
    await repo.updateNote(tx, ctx.orgId, noteId, patch);
    await recordAudit(tx, ctx, "update-note", "contact", contactId, { noteId, fields: Object.keys(input) });
    const updated = await repo.findNote(tx, ctx.orgId, contactId, noteId);
    if (!updated) throw notFound();
    return presentNote(updated, ctx);
  });
}

/** DELETE patients/{id}/notes/{noteId}: the note's author or an administrator. */
export async function deleteNote(db: Db, ctx: Ctx, contactId: string, noteId: string): Promise<void> {
  await withTenant(db, ctx.orgId, async (tx) => {
    await visibleContact(tx, ctx, contactId);
    const note = await repo.findNote(tx, ctx.orgId, contactId, noteId, true);
    if (!note) throw notFound();
    if (!canEditNote(ctx, note)) throw forbidden();
    await repo.deleteNote(tx, ctx.orgId, noteId);
    await recordAudit(tx, ctx, "delete-note", "contact", contactId, { noteId });
  });
}

// ---- Surveys --------------------------------------------------------------------------------

/** GET patients/{id}/surveys: the surveys the contact answered, the latest first. */
export async function listSurveys(db: Db, ctx: Ctx, contactId: string): Promise<ContactSurvey[]> {
  return withTenant(db, ctx.orgId, async (tx) => {
    await visibleContact(tx, ctx, contactId);
    await recordAudit(tx, ctx, "read", "contact", contactId, { part: "surveys" });
    return (await repo.listSurveys(tx, ctx.orgId, contactId)).map(presentSurvey);
  });
}

/** PUT patients/{id}/surveys/{surveyId}: marks the follow-up done (who, when) or not done. */
export async function setSurveyFollowup(
  db: Db,
  ctx: Ctx,
  contactId: string,
  surveyId: string,
  input: UpdateSurveyRequest,
): Promise<ContactSurvey> {
  if (!canUpdateContact(ctx)) throw forbidden();
  return withTenant(db, ctx.orgId, async (tx) => {
    await visibleContact(tx, ctx, contactId);
    if (!(await repo.findSurvey(tx, ctx.orgId, contactId, surveyId))) throw notFound();
    await repo.setSurveyFollowup(tx, ctx.orgId, surveyId, input.followupDone, ctx.userId);
    await recordAudit(tx, ctx, "survey-followup", "contact", contactId, { surveyId, followupDone: input.followupDone });
    const survey = await repo.findSurvey(tx, ctx.orgId, contactId, surveyId);
    if (!survey) throw notFound();
    return presentSurvey(survey);
  });
}

/**
 * Records a survey a contact answered, in the caller's transaction. Called by the
 * satisfaction-survey flow, which runs without a staff member: it names the organisation itself.
 * Null when the contact is not in that organisation.
 */
export async function recordSurveyIn(
  tx: Tx,
  orgId: string,
  survey: { contactId: string; title: string; answers: SurveyAnswer[] },
): Promise<ContactSurvey | null> {
  if (!(await repo.findContact(tx, orgId, survey.contactId))) return null;
  const id = await repo.insertSurvey(tx, orgId, {
    contactId: survey.contactId,
    title: survey.title,
    answers: JSON.stringify(survey.answers),
  });
  const row = await repo.findSurvey(tx, orgId, survey.contactId, id);
  return row ? presentSurvey(row) : null;
}

/** recordSurveyIn in a transaction of its own (the demo seed). */
export async function recordSurvey(
  db: Db,
  orgId: string,
  survey: { contactId: string; title: string; answers: SurveyAnswer[] },
): Promise<ContactSurvey | null> {
  return withTenant(db, orgId, (tx) => recordSurveyIn(tx, orgId, survey));
}
