import { expect } from "vitest";
import { sql } from "kysely";
import type { Contact } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { uniquePhone, type TestApp } from "../../../test/helpers.ts";
import { recordSurvey } from "./details-service.ts";

/** Shared steps of the contacts API tests. */

export const API = "/api/patients";

/** POST patients, expecting 201. */
export async function createContact(t: TestApp, token: string, payload: Record<string, unknown>): Promise<Contact> {
  const res = await t.request({ method: "POST", url: API, token, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Contact>();
}

/** Rows of one organisation's table, read as the owner inside its tenant scope. */
export async function rowsOf(t: TestApp, orgId: string, query: string): Promise<Record<string, unknown>[]> {
  return withTenant(t.db.owner, orgId, async (tx) => (await sql.raw<Record<string, unknown>>(query).execute(tx)).rows);
}

export type AuditRow = { action: string; userId: string | null; details: Record<string, unknown> };

/** The audit rows of one contact, oldest first. */
export async function auditOf(t: TestApp, orgId: string, contactId: string): Promise<AuditRow[]> {
  const rows = await withTenant(t.db.owner, orgId, (tx) =>
    tx
      .selectFrom("audit_log")
      .select(["action", "user_id", "details"])
      .where("organization_id", "=", orgId)
      .where("entity", "=", "contact")
      .where("entity_id", "=", contactId)
      .orderBy("id")
      .execute(),
  );
  return rows.map((r) => ({ action: r.action, userId: r.user_id, details: r.details as Record<string, unknown> }));
}

export type ContactGraph = { id: string; phone: string; linkedId: string; noteId: string; surveyId: string };

/**
 * A contact with a phone, a linked contact, a note and a survey, made through the API (the survey
 * through the survey flow's service): what test/bad-input.api.test.ts aims its hostile requests at.
 */
export async function createContactGraph(t: TestApp, orgId: string, token: string): Promise<ContactGraph> {
  const phone = uniquePhone();
  const contact = await createContact(t, token, { firstname: "Cible", lastname: "Hostile", phone });
  const linked = await createContact(t, token, { firstname: "Lien", lastname: "Hostile" });
  const link = await t.request({
    method: "POST",
    url: `${API}/${contact.id}/contacts`,
    token,
    payload: { contactId: linked.id, relation: "none" },
  });
  expect(link.statusCode, link.body).toBe(201);
  const note = await t.request({ method: "POST", url: `${API}/${contact.id}/notes`, token, payload: { body: "Note" } });
  expect(note.statusCode, note.body).toBe(201);
  const survey = await recordSurvey(t.db.app, orgId, { contactId: contact.id, title: "Sondage", answers: [] });
  if (!survey) throw new Error("survey not recorded");
  return { id: contact.id, phone, linkedId: linked.id, noteId: note.json<{ id: string }>().id, surveyId: survey.id };
}
