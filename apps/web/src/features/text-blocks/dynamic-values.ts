import {
  formatPhoneForDisplay,
  type Appointment,
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
  nextAppointmentDate: "dynamic-field.next-appointment-date",
  nextAppointmentTime: "dynamic-field.next-appointment-time",
  organizationName: "dynamic-field.organization-name",
  organizationPhone: "dynamic-field.organization-phone",
  organizationAddress: "dynamic-field.organization-address",
  website: "dynamic-field.website",
  medicalQuestionnaire: "dynamic-field.medical-questionnaire",
  covidQuestionnaire: "dynamic-field.covid-questionnaire",
};

/** The contact fields a dynamic field may use: a contact of the list, or a sample in the editor. */
export type ContactNames = Pick<Contact, "firstname" | "lastname">;

/** An appointment as the dynamic fields read it: its local date (YYYY-MM-DD) and start (HH:mm). */
export type NextAppointment = Pick<Appointment, "date" | "start">;

/** The contact's next booked appointment still to come, or null (none, or all past or cancelled). */
export function nextAppointmentOf(
  appointments: readonly Pick<Appointment, "date" | "start" | "startsAt" | "status">[] | undefined,
  now: Date = new Date(),
): NextAppointment | null {
  const upcoming = (appointments ?? [])
    .filter((a) => a.status === "booked" && new Date(a.startsAt).getTime() > now.getTime())
    .sort((a, b) => new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime());
  return upcoming[0] ?? null;
}

/** The appointment's local date and time written out in `locale` (already the organisation's time). */
function appointmentWords(next: NextAppointment, locale: Locale): { date: string; time: string } {
  // The date and the start are the organisation's wall clock: read them as UTC so nothing shifts.
  const instant = new Date(`${next.date}T${next.start}:00Z`);
  return {
    date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(instant),
    time: new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(instant),
  };
}

/**
 * The values of the dynamic fields for one conversation: the contact's names (none without a
 * contact), today's date in the organisation's time zone, the contact's next appointment when
 * there is one, and the organisation's details in the locale of the text. The questionnaires
 * have no link to give yet, so they stay unfilled and the sender sees them rather than sending a
 * raw token; so does the next appointment's date for a contact who has none.
 */
export function dynamicValuesFor(
  contact: ContactNames | null,
  org: Organization,
  locale: Locale,
  options: { now?: Date; nextAppointment?: NextAppointment | null } = {},
): DynamicValues {
  const next = options.nextAppointment ? appointmentWords(options.nextAppointment, locale) : null;
  return {
    firstName: contact?.firstname,
    lastName: contact?.lastname,
    date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: org.timezone }).format(options.now ?? new Date()),
    nextAppointmentDate: next?.date,
    nextAppointmentTime: next?.time,
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
