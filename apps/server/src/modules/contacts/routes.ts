import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import * as details from "./details-service.ts";
import * as svc from "./service.ts";

const ok = { ok: true as const };

/**
 * Contacts under /api/patients (spec part 2 §7), with their links, notes and surveys.
 * `beforeDelete`: the other modules' reasons to keep a contact (app.ts wires the agenda's).
 */
export function contactRoutes(deps: AppDeps, opts: { beforeDelete: readonly svc.ContactDeletionCheck[] }): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    serve(app, endpoints.contacts.list, ({ query, ctx }) => svc.listContacts(db, ctx, query));
    serve(app, endpoints.contacts.create, ({ body, ctx }) => svc.createContact(db, ctx, body));
    serve(app, endpoints.contacts.byPhone, ({ params, ctx }) => svc.findContactByPhone(db, ctx, params.phone));
    serve(app, endpoints.contacts.get, ({ params, ctx }) => svc.getContact(db, ctx, params.id));
    serve(app, endpoints.contacts.update, ({ params, body, ctx }) => svc.updateContact(db, ctx, params.id, body));
    serve(app, endpoints.contacts.remove, async ({ params, ctx }) => {
      await svc.deleteContact(db, ctx, params.id, opts.beforeDelete);
      return ok;
    });

    serve(app, endpoints.contacts.linked, ({ params, ctx }) => details.listLinks(db, ctx, params.id));
    serve(app, endpoints.contacts.link, ({ params, body, ctx }) => details.linkContacts(db, ctx, params.id, body));
    serve(app, endpoints.contacts.unlink, async ({ params, ctx }) => {
      await details.unlinkContacts(db, ctx, params.id, params.contactId);
      return ok;
    });

    serve(app, endpoints.contacts.notes, ({ params, ctx }) => details.listNotes(db, ctx, params.id));
    serve(app, endpoints.contacts.addNote, ({ params, body, ctx }) => details.addNote(db, ctx, params.id, body));
    serve(app, endpoints.contacts.updateNote, ({ params, body, ctx }) => details.updateNote(db, ctx, params.id, params.noteId, body));
    serve(app, endpoints.contacts.removeNote, async ({ params, ctx }) => {
      await details.deleteNote(db, ctx, params.id, params.noteId);
      return ok;
    });

    serve(app, endpoints.contacts.surveys, ({ params, ctx }) => details.listSurveys(db, ctx, params.id));
    serve(app, endpoints.contacts.updateSurvey, ({ params, body, ctx }) =>
      details.setSurveyFollowup(db, ctx, params.id, params.surveyId, body),
    );
  };
}
