import { formatPhoneForDisplay, type Contact, type ContactGender, type ContactLanguage, type CreateContactRequest } from "@relais/shared";

/** The form's values: every text as typed ("" when empty), the choices null when not made. */
export type ContactFormValues = {
  salutation: "M" | "Mme" | null;
  firstname: string;
  lastname: string;
  business: string;
  phone: string;
  email: string;
  birthday: string;
  address: string;
  city: string;
  postalCode: string;
  language: ContactLanguage | null;
  gender: ContactGender | null;
  note: string;
};

const TEXT_FIELDS = ["firstname", "lastname", "business", "phone", "email", "birthday", "address", "city", "postalCode", "note"] as const;

/**
 * A new contact's empty form, with a number already known (a conversation's "create the
 * contact"). Numbers are shown as every list shows them (rules/phone.ts); the server stores E.164.
 */
export function emptyContactForm(phone = ""): ContactFormValues {
  return {
    salutation: null,
    firstname: "",
    lastname: "",
    business: "",
    phone: phone ? formatPhoneForDisplay(phone) : "",
    email: "",
    birthday: "",
    address: "",
    city: "",
    postalCode: "",
    language: null,
    gender: null,
    note: "",
  };
}

export function contactToForm(c: Contact): ContactFormValues {
  return {
    salutation: c.salutation,
    firstname: c.firstname ?? "",
    lastname: c.lastname ?? "",
    business: c.business ?? "",
    phone: c.phone ? formatPhoneForDisplay(c.phone) : "",
    email: c.email ?? "",
    birthday: c.birthday ?? "",
    address: c.address ?? "",
    city: c.city ?? "",
    postalCode: c.postalCode ?? "",
    language: c.language,
    gender: c.gender,
    note: c.note ?? "",
  };
}

/**
 * The request body: every field sent, an empty text as null, so an edit that clears a field
 * clears it on the server too (a field left out would stay as it was).
 */
export function formToRequest(v: ContactFormValues): CreateContactRequest {
  const out: CreateContactRequest = { salutation: v.salutation, language: v.language, gender: v.gender };
  for (const field of TEXT_FIELDS) {
    const trimmed = v[field].trim();
    out[field] = trimmed === "" ? null : trimmed;
  }
  return out;
}
