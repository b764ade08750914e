import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  contact,
  contactNote,
  contactNoteParams,
  contactPhoneParams,
  contactsPage,
  contactsQuery,
  contactSurvey,
  contactSurveyParams,
  createContactRequest,
  createNoteRequest,
  idParams,
  linkContactRequest,
  linkedContact,
  linkedContactParams,
  okResponse,
  updateContactRequest,
  updateNoteRequest,
  updateSurveyRequest,
} from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { ctxOf } from "../../platform/auth/guard.ts";
import * as details from "./details-service.ts";
import * as svc from "./service.ts";

const ok = { ok: true as const };

/** Contacts under /api/patients (spec part 2 §7), with their links, notes and surveys. */
export function contactRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    app.get("/patients", { schema: { querystring: contactsQuery, response: { 200: contactsPage } } }, (req) =>
      svc.listContacts(db, ctxOf(req), req.query),
    );
    app.post("/patients", { schema: { body: createContactRequest, response: { 201: contact } } }, async (req, reply) =>
      reply.status(201).send(await svc.createContact(db, ctxOf(req), req.body)),
    );
    app.get("/patients/phone/:phone", { schema: { params: contactPhoneParams, response: { 200: contact } } }, (req) =>
      svc.findContactByPhone(db, ctxOf(req), req.params.phone),
    );
    app.get("/patients/:id", { schema: { params: idParams, response: { 200: contact } } }, (req) =>
      svc.getContact(db, ctxOf(req), req.params.id),
    );
    app.put("/patients/:id", { schema: { params: idParams, body: updateContactRequest, response: { 200: contact } } }, (req) =>
      svc.updateContact(db, ctxOf(req), req.params.id, req.body),
    );
    app.delete("/patients/:id", { config: { role: "admin" }, schema: { params: idParams, response: { 200: okResponse } } }, async (req) => {
      await svc.deleteContact(db, ctxOf(req), req.params.id);
      return ok;
    });

    app.get("/patients/:id/contacts", { schema: { params: idParams, response: { 200: z.array(linkedContact) } } }, (req) =>
      details.listLinks(db, ctxOf(req), req.params.id),
    );
    app.post(
      "/patients/:id/contacts",
      { schema: { params: idParams, body: linkContactRequest, response: { 201: linkedContact } } },
      async (req, reply) => reply.status(201).send(await details.linkContacts(db, ctxOf(req), req.params.id, req.body)),
    );
    app.delete(
      "/patients/:id/contacts/:contactId",
      { schema: { params: linkedContactParams, response: { 200: okResponse } } },
      async (req) => {
        await details.unlinkContacts(db, ctxOf(req), req.params.id, req.params.contactId);
        return ok;
      },
    );

    app.get("/patients/:id/notes", { schema: { params: idParams, response: { 200: z.array(contactNote) } } }, (req) =>
      details.listNotes(db, ctxOf(req), req.params.id),
    );
    app.post(
      "/patients/:id/notes",
      { schema: { params: idParams, body: createNoteRequest, response: { 201: contactNote } } },
      async (req, reply) => reply.status(201).send(await details.addNote(db, ctxOf(req), req.params.id, req.body)),
    );
    app.put(
      "/patients/:id/notes/:noteId",
      { schema: { params: contactNoteParams, body: updateNoteRequest, response: { 200: contactNote } } },
      (req) => details.updateNote(db, ctxOf(req), req.params.id, req.params.noteId, req.body),
    );
    app.delete("/patients/:id/notes/:noteId", { schema: { params: contactNoteParams, response: { 200: okResponse } } }, async (req) => {
      await details.deleteNote(db, ctxOf(req), req.params.id, req.params.noteId);
      return ok;
    });

    app.get("/patients/:id/surveys", { schema: { params: idParams, response: { 200: z.array(contactSurvey) } } }, (req) =>
      details.listSurveys(db, ctxOf(req), req.params.id),
    );
    app.put(
      "/patients/:id/surveys/:surveyId",
      { schema: { params: contactSurveyParams, body: updateSurveyRequest, response: { 200: contactSurvey } } },
      (req) => details.setSurveyFollowup(db, ctxOf(req), req.params.id, req.params.surveyId, req.body),
    );
  };
}
