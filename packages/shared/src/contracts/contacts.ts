import { z } from "zod";
import { hasContactName, isCalendarDate, isPhoneOrEmpty, isValidBirthday } from "../rules/contact-fields.ts";
import { CONTACT_GENDERS, CONTACT_RELATIONS } from "../rules/contact-relations.ts";
import { requiredText, uuid } from "./common.ts";

/**
 * Contacts (patients, clients) of spec part 2 §3, with their linked contacts, notes and surveys.
 * Served under /api/patients (the spec's `patients…` calls, §7). Field names are the spec's.
 */

export const CONTACT_LANGUAGES = ["fr", "en"] as const;
export type ContactLanguage = (typeof CONTACT_LANGUAGES)[number];
export const CONTACT_SALUTATIONS = ["M", "Mme"] as const;
/** name: last name then first name (accents and case aside); recent: newest first. */
export const CONTACT_SORTS = ["name", "recent"] as const;
export const CONTACT_PAGE_SIZE = 50;
export const CONTACT_PAGE_MAX = 200;
/** A search matching more contacts than this answers error.search-results: refine it. */
export const CONTACT_SEARCH_MAX_RESULTS = 500;

export const CONTACT_LIMITS = {
  name: 100,
  business: 200,
  email: 254,
  address: 200,
  city: 100,
  postalCode: 20,
  note: 2000,
  noteBody: 5000,
  search: 100,
} as const;

const maxLength = { message: "validation.max-length" };

/** Optional free text: null or "" leave the field empty. */
const optionalText = (max: number) => z.string().trim().max(max, maxLength).nullable().optional();

/** Any formatting a person types; stored as E.164 (rules/phone.ts), or empty. */
const contactPhone = z.string().max(40, maxLength).refine(isPhoneOrEmpty, { message: "error.phone-invalid" }).nullable().optional();

const emailFormat = z.email();
const contactEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(CONTACT_LIMITS.email, maxLength)
  .refine((v) => v === "" || emailFormat.safeParse(v).success, { message: "validation.email" })
  .nullable()
  .optional();

const birthday = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, { message: "validation.date-format", abort: true })
  .refine((v) => v === "" || isValidBirthday(v), { message: "validation.birthday" })
  .nullable()
  .optional();

/** A day of the calendar, YYYY-MM-DD. */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "validation.date-format", abort: true })
  .refine(isCalendarDate, { message: "validation.date-format" });

const contactFields = {
  firstname: optionalText(CONTACT_LIMITS.name),
  lastname: optionalText(CONTACT_LIMITS.name),
  business: optionalText(CONTACT_LIMITS.business),
  phone: contactPhone,
  email: contactEmail,
  birthday,
  address: optionalText(CONTACT_LIMITS.address),
  city: optionalText(CONTACT_LIMITS.city),
  postalCode: optionalText(CONTACT_LIMITS.postalCode),
  language: z.enum(CONTACT_LANGUAGES).nullable().optional(),
  gender: z.enum(CONTACT_GENDERS).nullable().optional(),
  salutation: z.enum(CONTACT_SALUTATIONS).nullable().optional(),
  note: optionalText(CONTACT_LIMITS.note),
};

export const contact = z.object({
  id: uuid,
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  /** First and last name, else the business (rules/contact-fields.ts contactDisplayName). */
  fullName: z.string(),
  business: z.string().nullable(),
  /** E.164. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** YYYY-MM-DD. */
  birthday: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  language: z.enum(CONTACT_LANGUAGES).nullable(),
  gender: z.enum(CONTACT_GENDERS).nullable(),
  salutation: z.enum(CONTACT_SALUTATIONS).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may do with it; the web reads these, it never recomputes the rule. */
  abilities: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type Contact = z.infer<typeof contact>;

/** A contact named inside another answer (a linked contact, a real-time event). */
export const contactSummary = contact.pick({ id: true, firstname: true, lastname: true, fullName: true, business: true, phone: true });
export type ContactSummary = z.infer<typeof contactSummary>;

/** POST patients: one of first name, last name or business is required. */
export const createContactRequest = z
  .object(contactFields)
  .strict()
  .refine(hasContactName, { message: "validation.required-contact-name", path: ["firstname"] });
export type CreateContactRequest = z.infer<typeof createContactRequest>;

/**
 * PUT patients/{id}: the fields given change (null or "" empties one), the others stay. Changing
 * an email the contact already had answers 409 error.contact-email-change-warning unless
 * `confirmEmailChange` is true: attachments sent from the old email become inaccessible (spec
 * part 2 §4), so the web asks the person first and sends again with the flag.
 */
export const updateContactRequest = z.object({ ...contactFields, confirmEmailChange: z.boolean().optional() }).strict();
export type UpdateContactRequest = z.infer<typeof updateContactRequest>;

/** An opaque keyset cursor handed out by the server. */
const cursor = z.string().regex(/^[\w-]{1,600}$/, { message: "validation.invalid" });

/**
 * GET patients: one page of the organisation's contacts. `q` searches first and last name,
 * business, email and phone (any formatting), accents and case aside; at least 3 characters
 * (error.min-search-characters); more than CONTACT_SEARCH_MAX_RESULTS matches answers
 * error.search-results.
 */
export const contactsQuery = z
  .object({
    q: z.string().max(CONTACT_LIMITS.search, maxLength).optional(),
    sort: z.enum(CONTACT_SORTS).default("name"),
    cursor: cursor.optional(),
    limit: z.coerce.number().int().min(1).max(CONTACT_PAGE_MAX).default(CONTACT_PAGE_SIZE),
  })
  .strict();
export type ContactsQuery = z.infer<typeof contactsQuery>;

export const contactsPage = z.object({
  contacts: z.array(contact),
  /** Pass as `cursor` (with the same q and sort) for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ContactsPage = z.infer<typeof contactsPage>;

/**
 * GET patients/phone/{phone}: the number in any formatting (URL-encoded): digits, spaces, +,
 * brackets, dashes and dots only, as rules/phone.ts typedPhoneToE164 reads it.
 */
export const contactPhoneParams = z.object({ phone: z.string().regex(/^[\d\s+().-]{1,40}$/, { message: "error.phone-invalid" }) }).strict();

// ---- Linked contacts ------------------------------------------------------------------------

export const linkedContact = z.object({
  contact: contactSummary,
  /** What the linked contact is to this one: "mother" reads "this contact's mother". */
  relation: z.enum(CONTACT_RELATIONS),
  createdAt: z.string(),
});
export type LinkedContact = z.infer<typeof linkedContact>;

/**
 * POST patients/{id}/contacts: links two contacts both ways. `relation` is what `contactId` is to
 * the contact of the path; `reverseRelation`, what the contact of the path is to `contactId`,
 * defaults to rules/contact-relations.ts reverseRelation (by the path contact's gender).
 */
export const linkContactRequest = z
  .object({
    contactId: uuid,
    relation: z.enum(CONTACT_RELATIONS),
    reverseRelation: z.enum(CONTACT_RELATIONS).optional(),
  })
  .strict();
export type LinkContactRequest = z.infer<typeof linkContactRequest>;

export const linkedContactParams = z.object({ id: uuid, contactId: uuid }).strict();

// ---- Notes ----------------------------------------------------------------------------------

const person = z.object({ id: uuid, name: z.string() });

export const contactNote = z.object({
  id: uuid,
  contactId: uuid,
  body: z.string(),
  /** The day the note is about, YYYY-MM-DD; the organisation's today unless given. */
  date: z.string(),
  pinned: z.boolean(),
  /** Null once the author's account is deleted. */
  author: person.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** update: change body and date (pinning is open to every staff member). */
  abilities: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type ContactNote = z.infer<typeof contactNote>;

export const createNoteRequest = z
  .object({
    body: requiredText(CONTACT_LIMITS.noteBody),
    date: calendarDate.optional(),
    pinned: z.boolean().optional(),
  })
  .strict();
export type CreateNoteRequest = z.infer<typeof createNoteRequest>;

export const updateNoteRequest = z
  .object({
    body: requiredText(CONTACT_LIMITS.noteBody).optional(),
    date: calendarDate.optional(),
    pinned: z.boolean().optional(),
  })
  .strict();
export type UpdateNoteRequest = z.infer<typeof updateNoteRequest>;

export const contactNoteParams = z.object({ id: uuid, noteId: uuid }).strict();

// ---- Surveys --------------------------------------------------------------------------------

export const surveyAnswer = z.object({ question: z.string(), answer: z.string() });
export type SurveyAnswer = z.infer<typeof surveyAnswer>;

/** A satisfaction survey a contact answered by text; staff mark its follow-up done. */
export const contactSurvey = z.object({
  id: uuid,
  contactId: uuid,
  title: z.string(),
  answers: z.array(surveyAnswer),
  followupDone: z.boolean(),
  followupDoneAt: z.string().nullable(),
  followupDoneBy: person.nullable(),
  createdAt: z.string(),
});
export type ContactSurvey = z.infer<typeof contactSurvey>;

export const updateSurveyRequest = z.object({ followupDone: z.boolean() }).strict();
export type UpdateSurveyRequest = z.infer<typeof updateSurveyRequest>;

export const contactSurveyParams = z.object({ id: uuid, surveyId: uuid }).strict();
