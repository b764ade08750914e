import {
  formatPhoneForDisplay,
  type Contact,
  type DynamicField,
  type DynamicValues,
  type Locale,
  type MessageId,
  type Organization,
} from "@relais/shared";

/** The name of each dynamic field in the picker (the token itself stays in camelCase). */
export const FIELD_LABELS: Record<DynamicField, MessageId> = {
  firstName: "dynamic-field.first-name",
  lastName: "dynamic-field.last-name",
  date: "dynamic-field.date",
  organizationName: "dynamic-field.organization-name",
  organizationPhone: "dynamic-field.organization-phone",
  organizationAddress: "dynamic-field.organization-address",
  website: "dynamic-field.website",
  medicalQuestionnaire: "dynamic-field.medical-questionnaire",
  covidQuestionnaire: "dynamic-field.covid-questionnaire",
};

/** The contact fields a dynamic field may use: a contact of the list, or a sample in the editor. */
export type ContactNames = Pick<Contact, "firstname" | "lastname">;

/**
 * The values of the dynamic fields for one conversation: the contact's names (none without a
 * contact), today's date in the organisation's time zone, and the organisation's details in the
 * locale of the text. The questionnaires have no link to give yet, so they stay unfilled and the
 * sender sees them rather than sending a raw token.
 */
export function dynamicValuesFor(contact: ContactNames | null, org: Organization, locale: Locale, now: Date = new Date()): DynamicValues {
  return {
    firstName: contact?.firstname,
    lastName: contact?.lastname,
    date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: org.timezone }).format(now),
    organizationName: org.name[locale],
    organizationPhone: org.phone ? formatPhoneForDisplay(org.phone) : null,
    organizationAddress: org.address,
    website: org.url,
  };
}

/** The locale to write to a contact in: theirs when known, else the sender's. */
export function localeForContact(contact: Pick<Contact, "language"> | null, fallback: Locale): Locale {
  if (contact?.language === "en") return "en-CA";
  if (contact?.language === "fr") return "fr-CA";
  return fallback;
}

/** Does a quick message match what was typed after "/"? Title or text, case and accents aside. */
export function matchesFilter(block: { title: string; body: string }, filter: string): boolean {
  const fold = (s: string) =>
    s
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  const wanted = fold(filter.trim());
  return wanted === "" || fold(block.title).includes(wanted) || fold(block.body).includes(wanted);
}
