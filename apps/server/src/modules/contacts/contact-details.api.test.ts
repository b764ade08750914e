import { beforeAll, describe, expect, it } from "vitest";
import type { Contact, ContactNote, ContactSurvey, LinkedContact } from "@relais/shared";
import { apiSuite, expectError } from "../../../test/helpers.ts";
import { recordSurvey } from "./details-service.ts";
import { API, auditOf, createContact, rowsOf } from "./contacts-test-kit.ts";

const { t, org, other } = apiSuite();
let token: string;
/** A contact of the other organisation, for the 404 cases. */
let theirs: Contact;

beforeAll(async () => {
  token = await t.as(org.users.user);
  theirs = await createContact(t, await t.as(other.users.user), { firstname: "Ailleurs" });
});

type Req = { method: "GET" | "POST" | "PUT" | "DELETE"; url: string; payload?: object };
const send = (r: Req, as = token) => t.request({ ...r, token: as });

describe("linked contacts", () => {
  const links = async (id: string) => {
    const res = await send({ method: "GET", url: `${API}/${id}/contacts` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LinkedContact[]>();
  };
  const link = (id: string, payload: object) => send({ method: "POST", url: `${API}/${id}/contacts`, payload });

  it("links two contacts and shows the link from both sides, the reverse chosen by gender", async () => {
    const son = await createContact(t, token, { firstname: "Louis", lastname: "Roy", gender: "male" });
    const mother = await createContact(t, token, { firstname: "Anne", lastname: "Roy", gender: "female" });
    const res = await link(son.id, { contactId: mother.id, relation: "mother" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<LinkedContact>()).toMatchObject({
      contact: { id: mother.id, firstname: "Anne", lastname: "Roy", fullName: "Anne Roy" },
      relation: "mother",
    });
    expect((await links(son.id)).map((l) => [l.contact.id, l.relation])).toEqual([[mother.id, "mother"]]);
    expect((await links(mother.id)).map((l) => [l.contact.id, l.relation])).toEqual([[son.id, "son"]]);

    const daughter = await createContact(t, token, { firstname: "Léa", lastname: "Roy", gender: "female" });
    expect((await link(daughter.id, { contactId: mother.id, relation: "mother" })).statusCode).toBe(201);
    expect((await links(mother.id)).map((l) => [l.contact.fullName, l.relation])).toEqual([
      ["Léa Roy", "daughter"],
      ["Louis Roy", "son"],
    ]);
    expect((await auditOf(t, org.orgId, son.id)).map((a) => a.action)).toContain("link");
  });

  it("uses none when the contact's gender is unknown, and the reverse relation given when there is one", async () => {
    const a = await createContact(t, token, { firstname: "Sans genre" });
    const b = await createContact(t, token, { firstname: "Épouse", gender: "female" });
    expect((await link(a.id, { contactId: b.id, relation: "wife" })).statusCode).toBe(201);
    expect((await links(b.id)).map((l) => l.relation)).toEqual(["none"]);
    const c = await createContact(t, token, { firstname: "Conjointe" });
    expect((await link(a.id, { contactId: c.id, relation: "wife", reverseRelation: "wife" })).statusCode).toBe(201);
    expect((await links(c.id)).map((l) => l.relation)).toEqual(["wife"]);
  });

  it("refuses a pair already linked, from either side (409 error.contact-exists), and a link to itself", async () => {
    const a = await createContact(t, token, { firstname: "Frère", gender: "male" });
    const b = await createContact(t, token, { firstname: "Sœur", gender: "female" });
    expect((await link(a.id, { contactId: b.id, relation: "sister" })).statusCode).toBe(201);
    expectError(await link(a.id, { contactId: b.id, relation: "none" }), 409, "error.contact-exists");
    expectError(await link(b.id, { contactId: a.id, relation: "brother" }), 409, "error.contact-exists");
    const self = await link(a.id, { contactId: a.id, relation: "none" });
    expectError(self, 400, "validation.invalid");
    expect(self.json().error.fields).toEqual([{ path: "contactId", code: "validation.invalid" }]);
    expectError(await link(a.id, { contactId: b.id, relation: "cousin" }), 400, "error.validation");
  });

  it("removes a link from both sides, whichever side asks", async () => {
    const a = await createContact(t, token, { firstname: "Mari", gender: "male" });
    const b = await createContact(t, token, { firstname: "Femme", gender: "female" });
    expect((await link(a.id, { contactId: b.id, relation: "wife" })).statusCode).toBe(201);
    const res = await send({ method: "DELETE", url: `${API}/${b.id}/contacts/${a.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await links(a.id)).toEqual([]);
    expect(await links(b.id)).toEqual([]);
    expectError(await send({ method: "DELETE", url: `${API}/${b.id}/contacts/${a.id}` }), 404, "error.not-found");
  });

  it("answers 404 for another organisation's contact on either side, linking nothing", async () => {
    const mine = await createContact(t, token, { firstname: "Ici" });
    expectError(await link(mine.id, { contactId: theirs.id, relation: "none" }), 404, "error.not-found");
    expectError(await link(theirs.id, { contactId: mine.id, relation: "none" }), 404, "error.not-found");
    expectError(await send({ method: "GET", url: `${API}/${theirs.id}/contacts` }), 404, "error.not-found");
    expectError(await send({ method: "DELETE", url: `${API}/${mine.id}/contacts/${theirs.id}` }), 404, "error.not-found");
    expectError(await send({ method: "DELETE", url: `${API}/${theirs.id}/contacts/${mine.id}` }), 404, "error.not-found");
    expect(await rowsOf(t, org.orgId, `select count(*)::int as n from contact_links where contact_id = '${mine.id}'`)).toEqual([{ n: 0 }]);
  });
});

describe("notes", () => {
  const notes = async (id: string, as = token) => {
    const res = await send({ method: "GET", url: `${API}/${id}/notes` }, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ContactNote[]>();
  };
  const addNote = async (id: string, payload: object, as = token) => {
    const res = await send({ method: "POST", url: `${API}/${id}/notes`, payload }, as);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ContactNote>();
  };
  const putNote = (id: string, noteId: string, payload: object, as = token) =>
    send({ method: "PUT", url: `${API}/${id}/notes/${noteId}`, payload }, as);
  const delNote = (id: string, noteId: string, as = token) => send({ method: "DELETE", url: `${API}/${id}/notes/${noteId}` }, as);

  it("adds a note by the caller, dated today in the organisation's time zone unless a date is given", async () => {
    const c = await createContact(t, token, { firstname: "Noté" });
    const [today] = await rowsOf(t, org.orgId, "select to_char((now() at time zone 'America/Toronto')::date, 'YYYY-MM-DD') as d");
    const note = await addNote(c.id, { body: "  Préfère le matin.  " });
    expect(note).toMatchObject({
      contactId: c.id,
      body: "Préfère le matin.",
      date: today?.["d"],
      pinned: false,
      author: { id: org.users.user.id },
      abilities: { update: true, delete: true },
    });
    const dated = await addNote(c.id, { body: "Rappel", date: "2025-12-24", pinned: true });
    expect(dated).toMatchObject({ date: "2025-12-24", pinned: true });
    expect((await auditOf(t, org.orgId, c.id)).filter((a) => a.action === "add-note")).toHaveLength(2);
  });

  it("lists pinned notes first, then the latest date first", async () => {
    const c = await createContact(t, token, { firstname: "Ordre" });
    const old = await addNote(c.id, { body: "Ancienne", date: "2024-01-01" });
    const recent = await addNote(c.id, { body: "Récente", date: "2026-01-01" });
    const pinnedOld = await addNote(c.id, { body: "Épinglée", date: "2020-01-01", pinned: true });
    expect((await notes(c.id)).map((n) => n.id)).toEqual([pinnedOld.id, recent.id, old.id]);
    // Pinning moves a note up.
    expect((await putNote(c.id, old.id, { pinned: true })).statusCode).toBe(200);
    expect((await notes(c.id)).map((n) => n.id)).toEqual([old.id, pinnedOld.id, recent.id]);
  });

  it("lets anyone pin, but only the author or an administrator change or delete a note (403 otherwise)", async () => {
    const c = await createContact(t, token, { firstname: "Droits" });
    const note = await addNote(c.id, { body: "De Marc" });
    const colleague = await t.as(org.users.other);
    expect((await notes(c.id, colleague))[0]?.abilities).toEqual({ update: false, delete: false });

    const pinned = await putNote(c.id, note.id, { pinned: true }, colleague);
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json<ContactNote>()).toMatchObject({ pinned: true, body: "De Marc" });
    expectError(await putNote(c.id, note.id, { body: "Réécrite" }, colleague), 403, "error.forbidden");
    expectError(await putNote(c.id, note.id, { date: "2020-01-01", pinned: false }, colleague), 403, "error.forbidden");
    expectError(await delNote(c.id, note.id, colleague), 403, "error.forbidden");
    expect((await notes(c.id))[0]).toMatchObject({ body: "De Marc", pinned: true });

    const byAuthor = await putNote(c.id, note.id, { body: "Corrigée", date: "2026-02-02" });
    expect(byAuthor.json<ContactNote>()).toMatchObject({ body: "Corrigée", date: "2026-02-02", pinned: true });
    const admin = await t.as(org.users.admin);
    expect((await notes(c.id, admin))[0]?.abilities).toEqual({ update: true, delete: true });
    expect((await putNote(c.id, note.id, { body: "Par l'administratrice" }, admin)).statusCode).toBe(200);
    expect((await delNote(c.id, note.id, admin)).statusCode).toBe(200);
    expect(await notes(c.id)).toEqual([]);
    // The author deletes their own.
    const mine = await addNote(c.id, { body: "À effacer" });
    expect((await delNote(c.id, mine.id)).statusCode).toBe(200);
  });

  it("validates the body and the date", async () => {
    const c = await createContact(t, token, { firstname: "Valide" });
    const post = (payload: object) => send({ method: "POST", url: `${API}/${c.id}/notes`, payload });
    expectError(await post({ body: "   " }), 400, "validation.required");
    expectError(await post({}), 400, "validation.required");
    expectError(await post({ body: "x".repeat(5001) }), 400, "validation.max-length");
    expectError(await post({ body: "Date", date: "2026-02-30" }), 400, "validation.date-format");
    const note = await addNote(c.id, { body: "Bonne" });
    expectError(await putNote(c.id, note.id, { body: "" }), 400, "validation.required");
    expect(await notes(c.id)).toHaveLength(1);
  });

  it("answers 404 for another organisation's contact, and for a note reached through another contact", async () => {
    const a = await createContact(t, token, { firstname: "A" });
    const b = await createContact(t, token, { firstname: "B" });
    const note = await addNote(a.id, { body: "Note de A" });
    expectError(await putNote(b.id, note.id, { pinned: true }), 404, "error.not-found");
    expectError(await delNote(b.id, note.id), 404, "error.not-found");

    const theirNote = await addNote(theirs.id, { body: "Privée" }, await t.as(other.users.user));
    const admin = await t.as(org.users.admin);
    expectError(await send({ method: "GET", url: `${API}/${theirs.id}/notes` }, admin), 404, "error.not-found");
    expectError(
      await send({ method: "POST", url: `${API}/${theirs.id}/notes`, payload: { body: "Intrusion" } }, admin),
      404,
      "error.not-found",
    );
    expectError(await putNote(theirs.id, theirNote.id, { body: "Changée" }, admin), 404, "error.not-found");
    expectError(await delNote(theirs.id, theirNote.id, admin), 404, "error.not-found");
    expect((await notes(theirs.id, await t.as(other.users.user))).map((n) => n.body)).toEqual(["Privée"]);
  });
});

describe("surveys", () => {
  const surveys = async (id: string, as = token) => {
    const res = await send({ method: "GET", url: `${API}/${id}/surveys` }, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ContactSurvey[]>();
  };
  const followup = (id: string, surveyId: string, followupDone: unknown, as = token) =>
    send({ method: "PUT", url: `${API}/${id}/surveys/${surveyId}`, payload: { followupDone } }, as);

  it("lists the surveys a contact answered, the latest first", async () => {
    const c = await createContact(t, token, { firstname: "Sondé" });
    expect(await surveys(c.id)).toEqual([]);
    const first = await recordSurvey(t.db.app, org.orgId, { contactId: c.id, title: "Premier", answers: [] });
    const second = await recordSurvey(t.db.app, org.orgId, {
      contactId: c.id,
      title: "Sondage de satisfaction",
      answers: [{ question: "Note sur 5?", answer: "4" }],
    });
    const list = await surveys(c.id);
    expect(list.map((s) => s.id)).toEqual([second?.id, first?.id]);
    expect(list[0]).toMatchObject({
      title: "Sondage de satisfaction",
      answers: [{ question: "Note sur 5?", answer: "4" }],
      followupDone: false,
      followupDoneAt: null,
      followupDoneBy: null,
    });
  });

  it("marks the follow-up done with who and when, and undone again", async () => {
    const c = await createContact(t, token, { firstname: "Suivi" });
    const survey = await recordSurvey(t.db.app, org.orgId, { contactId: c.id, title: "Suivi", answers: [] });
    if (!survey) throw new Error("survey not recorded");
    const done = await followup(c.id, survey.id, true, await t.as(org.users.other));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ContactSurvey>()).toMatchObject({ followupDone: true, followupDoneBy: { id: org.users.other.id } });
    expect(done.json<ContactSurvey>().followupDoneAt).toEqual(expect.any(String));
    expect((await surveys(c.id))[0]?.followupDone).toBe(true);
    const undone = await followup(c.id, survey.id, false);
    expect(undone.json<ContactSurvey>()).toMatchObject({ followupDone: false, followupDoneAt: null, followupDoneBy: null });
    expectError(await followup(c.id, survey.id, "oui"), 400, "error.validation");
    expect((await auditOf(t, org.orgId, c.id)).filter((a) => a.action === "survey-followup")).toHaveLength(2);
  });

  it("answers 404 for another organisation's contact or survey, and records no survey for it", async () => {
    const mine = await createContact(t, token, { firstname: "Mien" });
    const theirSurvey = await recordSurvey(t.db.app, other.orgId, { contactId: theirs.id, title: "Leur sondage", answers: [] });
    if (!theirSurvey) throw new Error("survey not recorded");
    const admin = await t.as(org.users.admin);
    expectError(await send({ method: "GET", url: `${API}/${theirs.id}/surveys` }, admin), 404, "error.not-found");
    expectError(await followup(theirs.id, theirSurvey.id, true, admin), 404, "error.not-found");
    expectError(await followup(mine.id, theirSurvey.id, true, admin), 404, "error.not-found");
    expect((await surveys(theirs.id, await t.as(other.users.user)))[0]?.followupDone).toBe(false);
    expect(await recordSurvey(t.db.app, org.orgId, { contactId: theirs.id, title: "Mauvaise organisation", answers: [] })).toBeNull();
  });
});
