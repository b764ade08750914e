import {
  CONTACT_GENDERS,
  CONTACT_LANGUAGES,
  CONTACT_RELATIONS,
  CONTACT_SALUTATIONS,
  contactDisplayName,
  surveyAnswer,
  type Contact,
  type ContactNote,
  type ContactSummary,
  type ContactSurvey,
  type LinkedContact,
} from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { canDeleteContact, canEditNote, canUpdateContact } from "./policy.ts";
import type { ContactRow, LinkRow, NoteRow, SurveyRow } from "./repo.ts";

/** Rows → the shared answer shapes (never a raw row). */

/** The value if it is one of `allowed` (the database CHECKs guarantee it), else null. */
function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | null {
  return allowed.find((a) => a === value) ?? null;
}

export function presentContactSummary(row: ContactRow): ContactSummary {
  const names = { firstname: row.first_name, lastname: row.last_name, business: row.business };
  return { id: row.id, ...names, fullName: contactDisplayName(names), phone: row.phone };
}

export function presentContact(row: ContactRow, actor: Pick<Ctx, "role">): Contact {
  return {
    ...presentContactSummary(row),
    email: row.email,
    birthday: row.birthday,
    address: row.address,
    city: row.city,
    postalCode: row.postal_code,
    language: oneOf(CONTACT_LANGUAGES, row.language),
    gender: oneOf(CONTACT_GENDERS, row.gender),
    salutation: oneOf(CONTACT_SALUTATIONS, row.salutation),
    note: row.note,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    abilities: { update: canUpdateContact(actor), delete: canDeleteContact(actor) },
  };
}

export function presentLink(row: LinkRow): LinkedContact {
  return {
    contact: presentContactSummary(row),
    relation: oneOf(CONTACT_RELATIONS, row.relation) ?? "none",
    createdAt: row.link_created_at.toISOString(),
  };
}

export function presentNote(row: NoteRow, actor: Pick<Ctx, "role" | "userId">): ContactNote {
  const mayEdit = canEditNote(actor, row);
  return {
    id: row.id,
    contactId: row.contact_id,
    body: row.body,
    date: row.noted_on,
    pinned: row.pinned,
    author: row.author_id && row.author_name !== null ? { id: row.author_id, name: row.author_name } : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    abilities: { update: mayEdit, delete: mayEdit },
  };
}

/** Answers as stored by the survey flow; anything not of the documented shape is left out. */
function answersOf(value: unknown): ContactSurvey["answers"] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((a) => {
    const parsed = surveyAnswer.safeParse(a);
    return parsed.success ? [parsed.data] : [];
  });
}

export function presentSurvey(row: SurveyRow): ContactSurvey {
  return {
    id: row.id,
    contactId: row.contact_id,
    title: row.title,
    answers: answersOf(row.answers),
    followupDone: row.followup_done,
    followupDoneAt: row.followup_done_at ? row.followup_done_at.toISOString() : null,
    followupDoneBy:
      row.followup_done_by && row.followup_done_by_name !== null ? { id: row.followup_done_by, name: row.followup_done_by_name } : null,
    createdAt: row.created_at.toISOString(),
  };
}
