import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Contact } from "@relais/shared";
import { apiSuite, expectError, uniquePhone } from "../../../test/helpers.ts";
import { eventsSeenBy } from "../messaging/messaging-test-kit.ts";
import { API, auditOf, createContact, rowsOf } from "./contacts-test-kit.ts";

const { t, org, other } = apiSuite();

const get = (token: string, id: string) => t.request({ method: "GET", url: `${API}/${id}`, token });
const byPhone = (token: string, phone: string) => t.request({ method: "GET", url: `${API}/phone/${encodeURIComponent(phone)}`, token });
const put = (token: string, id: string, payload: object) => t.request({ method: "PUT", url: `${API}/${id}`, token, payload });
const del = (token: string, id: string) => t.request({ method: "DELETE", url: `${API}/${id}`, token });
const post = (token: string, payload: object) => t.request({ method: "POST", url: API, token, payload });

/** Digits of a +1 number in the (AAA) BBB-CCCC formatting a person types. */
const formatted = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

describe("POST patients", () => {
  it("creates a contact with every field of spec part 2 §3, the phone stored as E.164", async () => {
    const phone = uniquePhone();
    const token = await t.as(org.users.user);
    const c = await createContact(t, token, {
      firstname: "  Hélène ",
      lastname: "Tremblay",
      business: "Clinique Tremblay",
      phone: formatted(phone),
      email: "Helene.Tremblay@Exemple.CA",
      birthday: "1978-04-12",
      address: "4521, rue Saint-Denis",
      city: "Montréal",
      postalCode: "H2J 2L2",
      language: "fr",
      gender: "female",
      salutation: "Mme",
      note: "Préfère le matin.",
    });
    expect(c).toMatchObject({
      firstname: "Hélène",
      lastname: "Tremblay",
      fullName: "Hélène Tremblay",
      business: "Clinique Tremblay",
      phone,
      email: "helene.tremblay@exemple.ca",
      birthday: "1978-04-12",
      address: "4521, rue Saint-Denis",
      city: "Montréal",
      postalCode: "H2J 2L2",
      language: "fr",
      gender: "female",
      salutation: "Mme",
      note: "Préfère le matin.",
      abilities: { update: true, delete: false },
    });
    // What GET answers is what was stored.
    const read = await get(token, c.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(c);
    const [row] = await rowsOf(t, org.orgId, `select created_by, organization_id from contacts where id = '${c.id}'`);
    expect(row).toEqual({ created_by: org.users.user.id, organization_id: org.orgId });
  });

  it("stores empty fields as null, and accepts a contact without phone (several of them)", async () => {
    const token = await t.as(org.users.user);
    for (let i = 0; i < 2; i++) {
      const c = await createContact(t, token, {
        lastname: "Sans Téléphone",
        phone: "",
        email: "",
        birthday: "",
        firstname: "  ",
        city: null,
      });
      expect(c).toMatchObject({ firstname: null, lastname: "Sans Téléphone", phone: null, email: null, birthday: null, city: null });
    }
  });

  it("needs a first name, a last name or a business", async () => {
    const token = await t.as(org.users.user);
    for (const payload of [{}, { firstname: " ", lastname: "", business: null }, { phone: uniquePhone(), email: "x@exemple.ca" }]) {
      const res = await post(token, payload);
      expectError(res, 400, "validation.required-contact-name");
      expect(res.json().error.fields).toEqual([{ path: "firstname", code: "validation.required-contact-name" }]);
    }
    expect((await createContact(t, token, { business: "Garage Côté" })).fullName).toBe("Garage Côté");
  });

  it("answers each invalid field with its catalogue key, writing nothing", async () => {
    const token = await t.as(org.users.user);
    const before = await rowsOf(t, org.orgId, "select count(*)::int as n from contacts");
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: "123" }, "error.phone-invalid"],
      [{ phone: "514-555-019x" }, "error.phone-invalid"],
      [{ phone: "+1 514 555 01999999" }, "error.phone-invalid"],
      [{ email: "pas-un-courriel" }, "validation.email"],
      [{ birthday: "2999-01-01" }, "validation.birthday"],
      [{ birthday: "1981-02-29" }, "validation.birthday"],
      [{ birthday: "12/04/1978" }, "validation.date-format"],
      [{ firstname: "x".repeat(101) }, "validation.max-length"],
      [{ note: "x".repeat(2001) }, "validation.max-length"],
    ];
    for (const [fields, code] of cases) {
      const res = await post(token, { lastname: "Invalide", ...fields });
      expectError(res, 400, code);
    }
    expect((await post(token, { lastname: "Invalide", phone: "123" })).json().error.message).toBe("Le numéro de téléphone est invalide.");
    for (const fields of [{ language: "de" }, { gender: "x" }, { salutation: "Dr" }, { organization_id: other.orgId }]) {
      expectError(await post(token, { lastname: "Invalide", ...fields }), 400, "error.validation");
    }
    expect(await rowsOf(t, org.orgId, "select count(*)::int as n from contacts")).toEqual(before);
  });

  it("refuses a second contact with the same number, in any formatting: 409 error.existing-contact", async () => {
    const phone = uniquePhone();
    const token = await t.as(org.users.user);
    await createContact(t, token, { firstname: "Premier", phone });
    for (const typed of [phone, formatted(phone), `1 ${formatted(phone)}`]) {
      const res = await post(await t.as(org.users.other), { firstname: "Second", phone: typed });
      expectError(res, 409, "error.existing-contact");
      expect(res.json().error.message).toBe("Un contact existe déjà avec ce numéro de téléphone.");
    }
    // Another organisation may have its own contact with that number.
    await createContact(t, await t.as(other.users.user), { firstname: "Ailleurs", phone });
  });

  it("lets exactly one of two simultaneous creations with one number through", async () => {
    const phone = uniquePhone();
    const token = await t.as(org.users.user);
    const pending = await t.racing(() => [post(token, { firstname: "Course A", phone }), post(token, { firstname: "Course B", phone })]);
    const answers = await Promise.all(pending);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const lost = answers.find((r) => r.statusCode === 409);
    if (lost) expectError(lost, 409, "error.existing-contact");
    expect(await rowsOf(t, org.orgId, `select count(*)::int as n from contacts where phone = '${phone}'`)).toEqual([{ n: 1 }]);
  });

  it("is open to every staff role of the organisation", async () => {
    for (const user of [org.users.admin, org.users.user, org.users.superAdmin, org.users.devops, org.users.marketing]) {
      const c = await createContact(t, await t.as(user), { firstname: `Rôle ${user.role}` });
      expect(c.abilities.delete, user.role).toBe(user.role !== "user" && user.role !== "marketing");
    }
  });

  it("announces contact.created to every staff member of the organisation, and only there", async () => {
    const c = await createContact(t, await t.as(org.users.user), { firstname: "Annoncé", lastname: "Partout", phone: uniquePhone() });
    // "other" is in the second team only: contacts are organisation-wide.
    const seen = await eventsSeenBy(t, await t.as(org.users.other));
    expect(seen.find((e) => e.type === "contact.created" && e.payload["id"] === c.id)).toMatchObject({
      teamId: null,
      payload: { id: c.id, firstname: "Annoncé", lastname: "Partout", fullName: "Annoncé Partout", business: null, phone: c.phone },
    });
    const elsewhere = await eventsSeenBy(t, await t.as(other.users.admin));
    expect(elsewhere.some((e) => e.payload["id"] === c.id)).toBe(false);
    expect(await auditOf(t, org.orgId, c.id)).toEqual([
      { action: "create", userId: org.users.user.id, details: { fields: expect.arrayContaining(["first_name", "last_name", "phone"]) } },
    ]);
  });
});

describe("GET patients/{id}", () => {
  it("answers the contact and writes the read to the audit log", async () => {
    const c = await createContact(t, await t.as(org.users.admin), { firstname: "Lu", lastname: "Par Marc" });
    const res = await get(await t.as(org.users.other), c.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Contact>().abilities).toEqual({ update: true, delete: false });
    expect((await auditOf(t, org.orgId, c.id)).map((a) => [a.action, a.userId])).toEqual([
      ["create", org.users.admin.id],
      ["read", org.users.other.id],
    ]);
  });

  it("answers 404 for another organisation's contact and for an unknown id, auditing nothing", async () => {
    const theirs = await createContact(t, await t.as(other.users.user), { firstname: "Secret" });
    expectError(await get(await t.as(org.users.admin), theirs.id), 404, "error.not-found");
    expectError(await get(await t.as(org.users.admin), "4a0e6c55-5b3a-4f1e-9d2c-7e8f9a0b1c2d"), 404, "error.not-found");
    expect((await auditOf(t, other.orgId, theirs.id)).map((a) => a.action)).toEqual(["create"]);
  });
});

describe("GET patients/phone/{phone}", () => {
  it("finds the contact of a number typed in any formatting", async () => {
    const phone = uniquePhone();
    const c = await createContact(t, await t.as(org.users.user), { firstname: "Trouvé", phone });
    const token = await t.as(org.users.other);
    for (const typed of [phone, formatted(phone), `${phone.slice(2, 5)}.${phone.slice(5, 8)}.${phone.slice(8)}`, `+1 ${phone.slice(2)}`]) {
      const res = await byPhone(token, typed);
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200);
      expect(res.json<Contact>().id).toBe(c.id);
    }
    expect((await auditOf(t, org.orgId, c.id)).filter((a) => a.action === "read")).toHaveLength(4);
  });

  it("answers 404 for a number no contact has, including another organisation's contact", async () => {
    const token = await t.as(org.users.user);
    expectError(await byPhone(token, uniquePhone()), 404, "error.not-found");
    const theirs = await createContact(t, await t.as(other.users.user), { firstname: "Autre", phone: uniquePhone() });
    expectError(await byPhone(token, theirs.phone ?? ""), 404, "error.not-found");
  });

  it("answers 400 error.phone-invalid for what is not a number", async () => {
    const token = await t.as(org.users.user);
    for (const typed of ["abc", "123", "anonymous"]) expectError(await byPhone(token, typed), 400, "error.phone-invalid");
  });
});

describe("PUT patients/{id}", () => {
  it("changes the fields given, keeps the others, and empties a field sent as null or empty", async () => {
    const token = await t.as(org.users.user);
    const c = await createContact(t, token, { firstname: "Émile", lastname: "Nelligan", city: "Montréal", note: "Poète", language: "fr" });
    const res = await put(token, c.id, { lastname: "Nelligan-Hudon", city: null, note: "", phone: "514 555 0123", gender: "male" });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<Contact>();
    expect(updated).toMatchObject({
      firstname: "Émile",
      lastname: "Nelligan-Hudon",
      city: null,
      note: null,
      phone: "+15145550123",
      language: "fr",
      gender: "male",
    });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(c.updatedAt).getTime());
    expect((await get(token, c.id)).json()).toEqual(updated);
    const audit = await auditOf(t, org.orgId, c.id);
    expect(audit.find((a) => a.action === "update")?.details).toEqual({
      fields: expect.arrayContaining(["last_name", "city", "note", "phone", "gender"]) as unknown,
    });
  });

  it("keeps a name: emptying every name answers 400 validation.required-contact-name", async () => {
    const token = await t.as(org.users.user);
    const c = await createContact(t, token, { firstname: "Seul", business: "Entreprise" });
    expect((await put(token, c.id, { firstname: null })).statusCode).toBe(200);
    expectError(await put(token, c.id, { business: "" }), 400, "validation.required-contact-name");
    expect((await get(token, c.id)).json<Contact>().business).toBe("Entreprise");
  });

  it("refuses another contact's number (409 error.existing-contact) but accepts its own", async () => {
    const token = await t.as(org.users.user);
    const taken = uniquePhone();
    await createContact(t, token, { firstname: "Occupé", phone: taken });
    const c = await createContact(t, token, { firstname: "Moi", phone: uniquePhone() });
    expectError(await put(token, c.id, { phone: formatted(taken) }), 409, "error.existing-contact");
    const same = await put(token, c.id, { phone: c.phone, firstname: "Moi-même" });
    expect(same.statusCode, same.body).toBe(200);
    expect((await get(token, c.id)).json<Contact>().phone).toBe(c.phone);
  });

  it("lets exactly one of two contacts take a free number at the same moment", async () => {
    const token = await t.as(org.users.user);
    const a = await createContact(t, token, { firstname: "A" });
    const b = await createContact(t, token, { firstname: "B" });
    const phone = uniquePhone();
    const pending = await t.racing(() => [put(token, a.id, { phone }), put(token, b.id, { phone })]);
    const answers = await Promise.all(pending);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await rowsOf(t, org.orgId, `select count(*)::int as n from contacts where phone = '${phone}'`)).toEqual([{ n: 1 }]);
  });

  it("warns before changing or removing an email: 409 error.contact-email-change-warning until confirmed", async () => {
    const token = await t.as(org.users.user);
    // A first email is not a change: no warning.
    const c = await createContact(t, token, { firstname: "Courriel" });
    expect((await put(token, c.id, { email: "ancien@exemple.ca" })).statusCode).toBe(200);
    const warned = await put(token, c.id, { email: "nouveau@exemple.ca", city: "Laval" });
    expectError(warned, 409, "error.contact-email-change-warning");
    expect(warned.json().error.message).toBe("Les pièces jointes envoyées à partir de l'ancien courriel ne seront plus accessibles.");
    expect((await get(token, c.id)).json<Contact>()).toMatchObject({ email: "ancien@exemple.ca", city: null });
    expectError(await put(token, c.id, { email: null }), 409, "error.contact-email-change-warning");
    // The same email again, in other letters, is no change.
    expect((await put(token, c.id, { email: "ANCIEN@exemple.ca" })).statusCode).toBe(200);
    const confirmed = await put(token, c.id, { email: "nouveau@exemple.ca", confirmEmailChange: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Contact>().email).toBe("nouveau@exemple.ca");
  });

  it("announces contact.updated", async () => {
    const token = await t.as(org.users.user);
    const c = await createContact(t, token, { firstname: "Avant" });
    await put(token, c.id, { firstname: "Après" });
    const seen = await eventsSeenBy(t, token);
    expect(seen.filter((e) => e.type === "contact.updated" && e.payload["id"] === c.id).map((e) => e.payload["firstname"])).toEqual([
      "Après",
    ]);
  });

  it("answers 404 for another organisation's contact and leaves it as it was", async () => {
    const theirs = await createContact(t, await t.as(other.users.user), { firstname: "Intouchable" });
    expectError(await put(await t.as(org.users.admin), theirs.id, { firstname: "Pris" }), 404, "error.not-found");
    expect((await get(await t.as(other.users.user), theirs.id)).json<Contact>().firstname).toBe("Intouchable");
  });
});

describe("DELETE patients/{id}", () => {
  it("is for administrators: a user or marketing gets 403 and the contact stays", async () => {
    const c = await createContact(t, await t.as(org.users.user), { firstname: "Gardé" });
    for (const user of [org.users.user, org.users.marketing]) {
      expectError(await del(await t.as(user), c.id), 403, "error.forbidden");
    }
    expect((await get(await t.as(org.users.user), c.id)).statusCode).toBe(200);
  });

  it("deletes the contact with its notes and links, announces contact.removed and keeps an audit row", async () => {
    const token = await t.as(org.users.user);
    const c = await createContact(t, token, { firstname: "Parti", lastname: "Ailleurs", phone: uniquePhone() });
    const friend = await createContact(t, token, { firstname: "Ami" });
    expect((await t.request({ method: "POST", url: `${API}/${c.id}/notes`, token, payload: { body: "Note" } })).statusCode).toBe(201);
    const link = await t.request({
      method: "POST",
      url: `${API}/${c.id}/contacts`,
      token,
      payload: { contactId: friend.id, relation: "none" },
    });
    expect(link.statusCode, link.body).toBe(201);

    const res = await del(await t.as(org.users.superAdmin), c.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expectError(await get(token, c.id), 404, "error.not-found");
    expect((await t.request({ method: "GET", url: `${API}/${friend.id}/contacts`, token })).json()).toEqual([]);
    expect(await rowsOf(t, org.orgId, `select count(*)::int as n from contact_notes where contact_id = '${c.id}'`)).toEqual([{ n: 0 }]);
    expect((await eventsSeenBy(t, token)).find((e) => e.type === "contact.removed" && e.payload["id"] === c.id)).toMatchObject({
      teamId: null,
      payload: { id: c.id },
    });
    const audit = await auditOf(t, org.orgId, c.id);
    expect(audit[audit.length - 1]).toEqual({
      action: "delete",
      userId: org.users.superAdmin.id,
      details: { firstname: "Parti", lastname: "Ailleurs", phone: c.phone },
    });
    // Its number is free again.
    await createContact(t, token, { firstname: "Nouveau", phone: c.phone });
  });

  it("answers 404 for another organisation's contact and for one already deleted", async () => {
    const theirs = await createContact(t, await t.as(other.users.user), { firstname: "Protégé" });
    expectError(await del(await t.as(org.users.admin), theirs.id), 404, "error.not-found");
    expect((await get(await t.as(other.users.user), theirs.id)).statusCode).toBe(200);
    const mine = await createContact(t, await t.as(org.users.admin), { firstname: "Deux fois" });
    expect((await del(await t.as(org.users.admin), mine.id)).statusCode).toBe(200);
    expectError(await del(await t.as(org.users.admin), mine.id), 404, "error.not-found");
  });
});

describe("row-level security on the contact tables", () => {
  it("shows relais_app no contact without an organisation key, and only its own with one", async () => {
    await createContact(t, await t.as(org.users.user), { firstname: "Visible" });
    await createContact(t, await t.as(other.users.user), { firstname: "Ailleurs" });
    const seen = async (orgId: string | null) =>
      t.db.app.transaction().execute(async (tx) => {
        if (orgId) await sql`select set_config('app.org_id', ${orgId}, true)`.execute(tx);
        const r = await sql<{ org: string }>`select distinct organization_id::text as org from contacts`.execute(tx);
        return r.rows.map((row) => row.org);
      });
    expect(await seen(null)).toEqual([]);
    expect(await seen(org.orgId)).toEqual([org.orgId]);
    // The search function reads past the policy for its index: it must still answer only the
    // organisation of app.org_id, and nothing without one.
    const mine = await createContact(t, await t.as(org.users.user), { firstname: "Ornithorynque" });
    const theirs = await createContact(t, await t.as(other.users.user), { firstname: "Ornithorynque" });
    const matches = async (orgId: string | null) =>
      t.db.app.transaction().execute(async (tx) => {
        if (orgId) await sql`select set_config('app.org_id', ${orgId}, true)`.execute(tx);
        const r = await sql<{ id: string }>`select id from relais_contact_matches(array['%ornitho%'], 10) as m(id)`.execute(tx);
        return r.rows.map((row) => row.id);
      });
    expect(await matches(null)).toEqual([]);
    expect(await matches(org.orgId)).toEqual([mine.id]);
    expect(await matches(other.orgId)).toEqual([theirs.id]);
    for (const table of ["contacts", "contact_links", "contact_notes", "contact_surveys"]) {
      const r = await sql<{ forced: boolean }>`select relforcerowsecurity as forced from pg_class where relname = ${table}`.execute(
        t.db.owner,
      );
      expect(r.rows[0]?.forced, table).toBe(true);
    }
  });
});
