import { describe, expect, it } from "vitest";
import { contactPhoneOf, createContactRequest, type Contact } from "@relais/shared";
import { contactToForm, emptyContactForm, formToRequest } from "./contact-form.ts";

describe("contact form", () => {
  it("sends every field, an empty text as null, so an edit can clear a field", () => {
    const values = { ...emptyContactForm("514 555 0199"), firstname: "  Hélène ", language: "fr" as const };
    const body = formToRequest(values);
    expect(body).toMatchObject({ firstname: "Hélène", lastname: null, email: null, phone: "(514) 555-0199", language: "fr", gender: null });
    expect(createContactRequest.safeParse(body).success).toBe(true);
  });

  it("reads a contact back into the form, nulls as empty texts", () => {
    const contact: Contact = {
      id: "00000000-0000-4000-8000-0000000000c1",
      firstname: "Hélène",
      lastname: null,
      fullName: "Hélène",
      business: null,
      phone: "+15145550199",
      email: null,
      birthday: "1980-02-29",
      address: null,
      city: null,
      postalCode: null,
      language: null,
      gender: "female",
      salutation: "Mme",
      note: null,
      createdAt: "2026-01-01T10:00:00.000Z",
      updatedAt: "2026-01-01T10:00:00.000Z",
      abilities: { update: true, delete: false },
    };
    const form = contactToForm(contact);
    expect(form).toMatchObject({ firstname: "Hélène", lastname: "", birthday: "1980-02-29", gender: "female", salutation: "Mme" });
    expect(formToRequest(form)).toMatchObject({ phone: "(514) 555-0199", lastname: null, salutation: "Mme" });
  });

  it("shows a number as the lists show it, a foreign one in its international format", () => {
    expect(emptyContactForm("+15145550102").phone).toBe("(514) 555-0102");
    expect(emptyContactForm("+33612345678").phone).toBe("+33 6 12 34 56 78");
    const body = formToRequest(emptyContactForm("+33612345678"));
    expect(createContactRequest.safeParse({ ...body, firstname: "Anne" }).success).toBe(true);
    // The stored value does not change: the server keeps E.164.
    expect(contactPhoneOf(body.phone)).toBe("+33612345678");
  });

  it("is refused by the contract without a name", () => {
    expect(createContactRequest.safeParse(formToRequest(emptyContactForm())).success).toBe(false);
  });
});
