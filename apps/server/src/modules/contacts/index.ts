/**
 * The contacts module's public face: its routes, the contacts other modules show beside a phone
 * number, the contacts the agenda and the import write, and the survey records of a contact. It
 * imports none of the modules that refer to a contact: those that may refuse a contact's deletion
 * hand their check over in app.ts (contactRoutes' `beforeDelete`).
 */

/** Contacts under /api/patients with their links, notes and surveys (app.ts). */
export { contactRoutes } from "./routes.ts";

/** The contacts of phone numbers, for threads, calls, scheduled messages and surveys. */
export { contactsByPhones, contactByPhoneTogether } from "./service.ts";

/** A booking's contact, found by phone or created in the booking's transaction (agenda). */
export { contactIdOfPhoneIn, insertContactIn, isDuplicatePhone, visibleContact } from "./service.ts";

/** The contacts of an import, in the import's transaction (contact-import). */
export { insertImportedContacts } from "./service.ts";

/** A contact's answered survey: by the survey flow, and by the demo seed. */
export { recordSurvey, recordSurveyIn } from "./details-service.ts";
