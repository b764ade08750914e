/**
 * Dynamic fields of quick messages and templates (spec part 2 §3, §5): a token `{{name}}` in a
 * text stands for a value of the contact or the organisation, filled when the text is inserted.
 * One syntax everywhere: two braces, a camelCase name, no spaces. A token that has no value stays
 * in the text and is reported, so the sender replaces it: a raw token is never sent.
 */

export const DYNAMIC_FIELDS = [
  "firstName",
  "lastName",
  /** Today's date when the text is written (named so in the picker: not the appointment's). */
  "date",
  /** The contact's next appointment, when there is one (issue 15 item 10). */
  "nextAppointmentDate",
  "nextAppointmentTime",
  "organizationName",
  "organizationPhone",
  "organizationAddress",
  "website",
  "medicalQuestionnaire",
  "covidQuestionnaire",
] as const;
export type DynamicField = (typeof DYNAMIC_FIELDS)[number];

/** Any `{{word}}`, known or not: an unknown token is as unsendable as an empty one. */
const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

export function tokenOf(field: DynamicField): string {
  return `{{${field}}}`;
}

/** Fields every sector offers; the questionnaires are the dental clinics' (health forms). */
const COMMON: readonly DynamicField[] = [
  "firstName",
  "lastName",
  "date",
  "nextAppointmentDate",
  "nextAppointmentTime",
  "organizationName",
  "organizationPhone",
  "organizationAddress",
  "website",
];
const BY_SECTOR: Record<"dental" | "notary", readonly DynamicField[]> = {
  dental: [...COMMON, "medicalQuestionnaire", "covidQuestionnaire"],
  notary: COMMON,
};

/**
 * The tokens offered for a sector (spec part 2 §5): the link token only when the organisation has
 * a website; the medical and covid questionnaires never for a France-region organisation.
 */
export function dynamicFieldsFor(sector: "dental" | "notary", org: { hasWebsite: boolean; franceRegion: boolean }): DynamicField[] {
  return BY_SECTOR[sector].filter((field) => {
    if (field === "website") return org.hasWebsite;
    if (field === "medicalQuestionnaire" || field === "covidQuestionnaire") return !org.franceRegion;
    return true;
  });
}

/** Every token name written in `text`, once each, in order of appearance. */
export function tokensIn(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(TOKEN)) seen.add(match[1] as string);
  return [...seen];
}

/** The unfilled tokens of `text` as written, for error.unfilled-dynamic-field's {fields}; "" when none. */
export function unfilledFieldsOf(text: string): string {
  return tokensIn(text)
    .map((name) => `{{${name}}}`)
    .join(", ");
}

export type DynamicValues = Partial<Record<DynamicField, string | null | undefined>>;
export type FilledText = { text: string; missing: string[] };

/**
 * Replaces each token that has a non-blank value; tokens without one (unknown, or empty for this
 * contact) stay as written and are listed in `missing`, in order, once each.
 */
export function fillDynamicFields(text: string, values: DynamicValues): FilledText {
  const missing = new Set<string>();
  const filled = text.replace(TOKEN, (raw, name: string) => {
    const value = (values as Record<string, string | null | undefined>)[name];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
    missing.add(name);
    return raw;
  });
  return { text: filled, missing: [...missing] };
}

/** Signature options of the organisation (spec part 2 §3). */
export const SIGNATURE_MODES = ["no-signature", "clinic", "user", "personalized-signature"] as const;
export type SignatureMode = (typeof SIGNATURE_MODES)[number];

/** The signature line a mode gives, or null when none applies (no signature, or its text is empty). */
export function signatureFor(
  mode: SignatureMode,
  sources: { clinic: string | null; user: string | null; personalized: string | null },
): string | null {
  const pick = { "no-signature": null, clinic: sources.clinic, user: sources.user, "personalized-signature": sources.personalized }[mode];
  const line = pick?.trim() ?? "";
  return line === "" ? null : line;
}

/**
 * A text as sent with its signature: on its own line after a blank one, unless the text already
 * ends with it (a person who typed it by hand, or a resend) or there is none.
 */
export function appendSignature(text: string, signature: string | null): string {
  const body = text.replace(/\s+$/, "");
  if (!signature || body.endsWith(signature)) return body;
  return body === "" ? signature : `${body}\n\n${signature}`;
}
