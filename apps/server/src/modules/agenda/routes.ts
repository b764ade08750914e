import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import * as svc from "./service.ts";

/** Availabilities of members, the agenda and its appointments (issue 4 §3; docs/api.md). */
export function agendaRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    serve(app, endpoints.agenda.availabilities, ({ params, ctx }) => svc.getAvailabilities(db, ctx, params.id));
    serve(app, endpoints.agenda.updateAvailabilities, ({ params, body, ctx }) => svc.replaceAvailabilities(db, ctx, params.id, body));
    serve(app, endpoints.agenda.view, ({ query, ctx }) => svc.getAgenda(db, ctx, query));
    serve(app, endpoints.agenda.book, ({ body, ctx }) => svc.createAppointment(db, ctx, body));
    serve(app, endpoints.agenda.move, ({ params, body, ctx }) => svc.moveAppointment(db, ctx, params.id, body));
    serve(app, endpoints.agenda.cancel, ({ params, ctx }) => svc.cancelAppointment(db, ctx, params.id));
    serve(app, endpoints.agenda.contactAppointments, ({ params, ctx }) => svc.appointmentsOfContact(db, ctx, params.id));
  };
}
