import { beforeAll, describe, expect, it } from "vitest";
import type { Appointment } from "@relais/shared";
import { apiSuite, expectError, uniquePhone } from "../../../test/helpers.ts";
import { createContact } from "../contacts/contacts-test-kit.ts";
import { book, booked, bookingOf, MONDAY, putWeek, TUESDAY, WEEK } from "./agenda-test-kit.ts";

const { t, org, other } = apiSuite();
/** The dentist whose agenda the tests book into (the organisation's admin). */
let dentist: string;
let admin: string;
let user: string;

beforeAll(async () => {
  dentist = org.users.admin.id;
  admin = await t.as(org.users.admin);
  user = await t.as(org.users.user);
  await putWeek(t, admin, dentist, WEEK);
});

const move = (token: string, id: string, payload: object) => t.request({ method: "PUT", url: `/api/appointments/${id}`, token, payload });
const cancel = (token: string, id: string) => t.request({ method: "POST", url: `/api/appointments/${id}/cancel`, token });
const agendaOf = (token: string, query: string) => t.request({ method: "GET", url: `/api/agenda?${query}`, token });
const ofContact = (token: string, id: string) => t.request({ method: "GET", url: `/api/patients/${id}/appointments`, token });
const delContact = (token: string, id: string) => t.request({ method: "DELETE", url: `/api/patients/${id}`, token });
/** A Monday a week after MONDAY, for the tests that must not meet the others' bookings. */
const NEXT_MONDAY = "2027-03-08";
const byPhone = (token: string, phone: string) =>
  t.request({ method: "GET", url: `/api/patients/phone/${encodeURIComponent(phone)}`, token });

describe("POST appointments", () => {
  it("books with every field of the form, the contact made from its fields, defaults applied", async () => {
    const phone = uniquePhone();
    const a = await booked(t, user, {
      memberId: dentist,
      date: MONDAY,
      start: "09:00",
      duration: 45,
      category: "Nouveau patient",
      serviceId: "dental-cleaning",
      contact: { firstName: "Hélène", lastName: "Tremblay", birthday: "1978-04-12", phone, email: "Helene@Exemple.ca" },
      kit: true,
      requests: "Préfère le matin",
      notes: "Première visite",
    });
    expect(a).toMatchObject({
      memberId: dentist,
      contactName: "Hélène Tremblay",
      contactPhone: phone,
      date: MONDAY,
      start: "09:00",
      end: "09:45",
      duration: 45,
      status: "booked",
      category: "Nouveau patient",
      serviceId: "dental-cleaning",
      serviceLabel: "Nettoyage",
      gender: "male",
      kit: true,
      extraDocument: "covid",
      requests: "Préfère le matin",
      notes: "Première visite",
    });
    // 09:00 in Toronto on 2027-03-01 (EST, UTC−5).
    expect(a.startsAt).toBe("2027-03-01T14:00:00.000Z");
    const contact = await t.request({ method: "GET", url: `/api/patients/${a.contactId}`, token: user });
    expect(contact.json()).toMatchObject({
      firstname: "Hélène",
      phone,
      email: "helene@exemple.ca",
      birthday: "1978-04-12",
      gender: "male",
    });
  });

  it("finds the existing contact by phone instead of making a second one", async () => {
    const phone = uniquePhone();
    const existing = await createContact(t, user, { firstname: "Marc", phone });
    const a = await booked(t, user, bookingOf(dentist, "10:00", { contact: { firstName: "Autre", phone } }));
    expect(a.contactId).toBe(existing.id);
  });

  it("books for an existing contact by id", async () => {
    const c = await createContact(t, user, { firstname: "Id", lastname: "Existant" });
    const a = await booked(
      t,
      user,
      bookingOf(dentist, "10:30", { contact: undefined, contactId: c.id, gender: "female", extraDocument: "none" }),
    );
    expect(a).toMatchObject({ contactId: c.id, contactName: "Id Existant", gender: "female", extraDocument: "none" });
  });

  it("refuses a slot already taken with the French message, and an overlapping one", async () => {
    await booked(t, user, bookingOf(dentist, "13:00"));
    const same = await book(t, admin, bookingOf(dentist, "13:00"));
    expectError(same, 409, "error.appointment-taken");
    expect(same.json().error.message).toBe("Cette disponibilité est déjà prise par un autre patient");
    expectError(await book(t, admin, bookingOf(dentist, "12:45", { duration: 30, start: "13:15" })), 409, "error.appointment-taken");
    // Touching the end is not overlapping.
    await booked(t, user, bookingOf(dentist, "13:30"));
  });

  it("of two bookings of one slot sent at the same moment, exactly one wins (5 rounds)", async () => {
    for (let round = 0; round < 5; round++) {
      const start = `14:${String(round * 10).padStart(2, "0")}`;
      const answers = await Promise.all([
        book(t, user, bookingOf(dentist, start, { duration: 10 })),
        book(t, admin, bookingOf(dentist, start, { duration: 10 })),
      ]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes, answers.map((r) => r.body).join("\n")).toEqual([201, 409]);
      const loser = answers.find((r) => r.statusCode === 409);
      if (loser) expectError(loser, 409, "error.appointment-taken");
    }
    const day = await agendaOf(user, `memberId=${dentist}&from=${MONDAY}&to=${MONDAY}`);
    expect(day.json().appointments.filter((a: Appointment) => a.start.startsWith("14:")).length).toBe(5);
  });

  it("a booking refused as taken leaves no new contact behind", async () => {
    await booked(t, user, bookingOf(dentist, "16:00", { date: NEXT_MONDAY }));
    const phone = uniquePhone();
    const refused = await book(
      t,
      admin,
      bookingOf(dentist, "16:00", { date: NEXT_MONDAY, contact: { firstName: "Perdu", lastName: "Après", phone } }),
    );
    expectError(refused, 409, "error.appointment-taken");
    expectError(await byPhone(admin, phone), 404, "error.not-found");
  });

  it("of two bookings of one slot for two new contacts, the loser's contact is not created (5 rounds)", async () => {
    for (let round = 0; round < 5; round++) {
      const start = `14:${String(round * 10).padStart(2, "0")}`;
      const phones = [uniquePhone(), uniquePhone()] as const;
      const answers = await Promise.all([
        book(
          t,
          user,
          bookingOf(dentist, start, {
            date: NEXT_MONDAY,
            duration: 10,
            contact: { firstName: "Course", lastName: "Un", phone: phones[0] },
          }),
        ),
        book(
          t,
          admin,
          bookingOf(dentist, start, {
            date: NEXT_MONDAY,
            duration: 10,
            contact: { firstName: "Course", lastName: "Deux", phone: phones[1] },
          }),
        ),
      ]);
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join("\n")).toEqual([201, 409]);
      const lookups = await Promise.all(phones.map((p) => byPhone(admin, p)));
      // The winner's contact exists; the loser's does not.
      expect(lookups.map((r) => r.statusCode)).toEqual(answers.map((r) => (r.statusCode === 201 ? 200 : 404)));
    }
  });

  it("the database itself refuses two booked appointments overlapping for one member", async () => {
    const a = await booked(t, user, bookingOf(dentist, "15:00"));
    await expect(
      t.db.owner
        .insertInto("appointments")
        .values({
          organization_id: org.orgId,
          member_id: dentist,
          contact_id: a.contactId,
          during: "[2027-03-01 20:10:00+00, 2027-03-01 20:20:00+00)",
          service_id: "dental-exam",
          gender: "male",
          extra_document: "covid",
        })
        .execute(),
    ).rejects.toMatchObject({ code: "23P01", constraint: "appointments_no_overlap" });
  });

  it("books only inside an availability of the member", async () => {
    expectError(await book(t, user, bookingOf(dentist, "12:00")), 400, "agenda.error.outside-availability");
    expectError(await book(t, user, bookingOf(dentist, "11:45")), 400, "agenda.error.outside-availability");
    expectError(await book(t, user, bookingOf(org.users.other.id, "09:00")), 400, "agenda.error.outside-availability");
  });

  it("takes only a service the organisation offers, of its sector", async () => {
    expectError(await book(t, user, bookingOf(dentist, "16:00", { serviceId: "notary-will" })), 400, "agenda.error.unknown-service");
    expectError(await book(t, user, bookingOf(dentist, "16:00", { serviceId: "nope" })), 400, "agenda.error.unknown-service");
    await t.db.owner
      .updateTable("organizations")
      .set({ services: ["dental-exam"] })
      .where("id", "=", org.orgId)
      .execute();
    try {
      expectError(await book(t, user, bookingOf(dentist, "16:00", { serviceId: "dental-whitening" })), 400, "agenda.error.unknown-service");
      await booked(t, user, bookingOf(dentist, "16:00", { serviceId: "dental-exam" }));
    } finally {
      await t.db.owner.updateTable("organizations").set({ services: [] }).where("id", "=", org.orgId).execute();
    }
  });

  it("needs exactly one of contactId and contact, and validates the contact's fields", async () => {
    expectError(await book(t, user, bookingOf(dentist, "16:30", { contact: undefined })), 400, "agenda.error.contact-required");
    const c = await createContact(t, user, { firstname: "Deux" });
    expectError(await book(t, user, bookingOf(dentist, "16:30", { contactId: c.id })), 400, "agenda.error.contact-required");
    expectError(
      await book(t, user, bookingOf(dentist, "16:30", { contact: { firstName: "X", phone: "123" } })),
      400,
      "error.phone-invalid",
    );
    expectError(await book(t, user, bookingOf(dentist, "16:30", { contact: { phone: "" } })), 400, "validation.required-contact-name");
  });

  it("is refused to marketing staff (403)", async () => {
    expectError(await book(t, await t.as(org.users.marketing), bookingOf(dentist, "16:30")), 403, "error.forbidden");
  });

  it("answers 404 for another organisation's member or contact", async () => {
    const foreignContact = await createContact(t, await t.as(other.users.user), { firstname: "Ailleurs" });
    expectError(await book(t, user, bookingOf(other.users.admin.id, "09:00")), 404, "error.not-found");
    expectError(
      await book(t, user, bookingOf(dentist, "16:30", { contact: undefined, contactId: foreignContact.id })),
      404,
      "error.not-found",
    );
  });
});

describe("PUT appointments/{id} and POST appointments/{id}/cancel", () => {
  it("moves an appointment to another day and length, freeing its old time", async () => {
    const a = await booked(t, user, bookingOf(dentist, "11:00"));
    const res = await move(user, a.id, { memberId: dentist, date: TUESDAY, start: "10:00", duration: 60 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, date: TUESDAY, start: "10:00", end: "11:00", duration: 60, status: "booked" });
    await booked(t, user, bookingOf(dentist, "11:00"));
  });

  it("refuses a move onto a taken slot or outside the availabilities", async () => {
    const a = await booked(t, user, bookingOf(dentist, "09:00", { date: TUESDAY }));
    const b = await booked(t, user, bookingOf(dentist, "09:30", { date: TUESDAY }));
    const taken = await move(user, b.id, { memberId: dentist, date: TUESDAY, start: "09:15", duration: 30 });
    expectError(taken, 409, "error.appointment-taken");
    expect(taken.json().error.message).toBe("Cette disponibilité est déjà prise par un autre patient");
    expectError(
      await move(user, a.id, { memberId: dentist, date: TUESDAY, start: "12:00", duration: 30 }),
      400,
      "agenda.error.outside-availability",
    );
  });

  it("cancels after which the slot is free again; a cancelled one cannot be cancelled or moved", async () => {
    const a = await booked(t, user, bookingOf(dentist, "16:30"));
    const res = await cancel(user, a.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("cancelled");
    await booked(t, admin, bookingOf(dentist, "16:30"));
    expectError(await cancel(user, a.id), 409, "agenda.error.appointment-cancelled");
    expectError(
      await move(user, a.id, { memberId: dentist, date: MONDAY, start: "16:00", duration: 5 }),
      409,
      "agenda.error.appointment-cancelled",
    );
  });

  it("is refused to marketing staff (403) and answers 404 across organisations", async () => {
    const a = await booked(t, user, bookingOf(dentist, "16:00", { date: TUESDAY, start: "11:00" }));
    const marketing = await t.as(org.users.marketing);
    expectError(await cancel(marketing, a.id), 403, "error.forbidden");
    expectError(await move(marketing, a.id, { memberId: dentist, date: TUESDAY, start: "11:30", duration: 30 }), 403, "error.forbidden");
    const foreign = await t.as(other.users.admin);
    expectError(await cancel(foreign, a.id), 404, "error.not-found");
    expectError(
      await move(foreign, a.id, { memberId: other.users.admin.id, date: TUESDAY, start: "11:30", duration: 30 }),
      404,
      "error.not-found",
    );
    // Nor may it be moved into another organisation's member.
    expectError(
      await move(user, a.id, { memberId: other.users.admin.id, date: TUESDAY, start: "11:30", duration: 30 }),
      404,
      "error.not-found",
    );
  });
});

describe("GET agenda", () => {
  it("gives one member's week and booked appointments of the range, not the cancelled ones", async () => {
    const res = await agendaOf(user, `memberId=${dentist}&from=${MONDAY}&to=${TUESDAY}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.members).toEqual([{ memberId: dentist, name: expect.any(String), slots: WEEK, canEdit: false }]);
    expect(body.appointments.length).toBeGreaterThan(5);
    expect(body.appointments.every((a: Appointment) => a.status === "booked" && [MONDAY, TUESDAY].includes(a.date))).toBe(true);
    const monday = await agendaOf(user, `memberId=${dentist}&from=${MONDAY}&to=${MONDAY}`);
    expect(monday.json().appointments.every((a: Appointment) => a.date === MONDAY)).toBe(true);
  });

  it("gives a team's members with their weeks", async () => {
    const res = await agendaOf(user, `teamId=${org.teams.second}&from=${MONDAY}&to=${MONDAY}`);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res
      .json()
      .members.map((m: { memberId: string }) => m.memberId)
      .sort();
    expect(ids).toEqual([org.users.admin.id, org.users.other.id].sort());
    expect(res.json().appointments.every((a: Appointment) => a.memberId === dentist)).toBe(true);
  });

  it("refuses a range that is reversed or too long, and both or neither of member and team", async () => {
    expectError(await agendaOf(user, `memberId=${dentist}&from=${TUESDAY}&to=${MONDAY}`), 400, "validation.start-before-end");
    expect((await agendaOf(user, `memberId=${dentist}&from=2027-03-01&to=2027-04-15`)).statusCode).toBe(400);
    expect((await agendaOf(user, `from=${MONDAY}&to=${MONDAY}`)).statusCode).toBe(400);
    expect((await agendaOf(user, `memberId=${dentist}&teamId=${org.teams.main}&from=${MONDAY}&to=${MONDAY}`)).statusCode).toBe(400);
  });

  it("answers 404 for another organisation's member or team", async () => {
    expectError(await agendaOf(user, `memberId=${other.users.admin.id}&from=${MONDAY}&to=${MONDAY}`), 404, "error.not-found");
    expectError(await agendaOf(user, `teamId=${other.teams.main}&from=${MONDAY}&to=${MONDAY}`), 404, "error.not-found");
  });
});

describe("appointments of a contact", () => {
  it("lists them, cancelled included, latest first; 404 across organisations", async () => {
    const c = await createContact(t, user, { firstname: "Histoire" });
    const first = await booked(
      t,
      user,
      bookingOf(dentist, "13:00", { contact: undefined, contactId: c.id, date: TUESDAY, start: "11:30" }),
    );
    await cancel(user, first.id);
    const second = await booked(
      t,
      user,
      bookingOf(dentist, "13:00", { contact: undefined, contactId: c.id, start: "13:00", date: "2027-03-08" }),
    );
    const res = await ofContact(user, c.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((a: Appointment) => [a.id, a.status])).toEqual([
      [second.id, "booked"],
      [first.id, "cancelled"],
    ]);
    expectError(await ofContact(await t.as(other.users.admin), c.id), 404, "error.not-found");
  });

  it("a contact with a booked appointment cannot be deleted; once cancelled it can", async () => {
    const c = await createContact(t, user, { firstname: "Supprimer" });
    const a = await booked(
      t,
      user,
      bookingOf(dentist, "13:00", { contact: undefined, contactId: c.id, start: "13:30", date: "2027-03-08" }),
    );
    expectError(await delContact(admin, c.id), 409, "error.contact-has-appointment");
    expect((await cancel(user, a.id)).statusCode).toBe(200);
    const del = await delContact(admin, c.id);
    expect(del.statusCode, del.body).toBe(200);
    expectError(await ofContact(user, c.id), 404, "error.not-found");
  });
});
