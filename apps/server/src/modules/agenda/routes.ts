import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  agenda,
  agendaQuery,
  appointment,
  availabilitiesRequest,
  createAppointmentRequest,
  idParams,
  memberAvailabilities,
  moveAppointmentRequest,
} from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { ctxOf } from "../../platform/auth/guard.ts";
import * as svc from "./service.ts";

/** Availabilities of members, the agenda and its appointments (issue 4 §3; docs/api.md). */
export function agendaRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    app.get("/members/:id/availabilities", { schema: { params: idParams, response: { 200: memberAvailabilities } } }, (req) =>
      svc.getAvailabilities(db, ctxOf(req), req.params.id),
    );
    app.put(
      "/members/:id/availabilities",
      { schema: { params: idParams, body: availabilitiesRequest, response: { 200: memberAvailabilities } } },
      (req) => svc.replaceAvailabilities(db, ctxOf(req), req.params.id, req.body),
    );
    app.get("/agenda", { schema: { querystring: agendaQuery, response: { 200: agenda } } }, (req) =>
      svc.getAgenda(db, ctxOf(req), req.query),
    );
    app.post("/appointments", { schema: { body: createAppointmentRequest, response: { 201: appointment } } }, async (req, reply) =>
      reply.status(201).send(await svc.createAppointment(db, ctxOf(req), req.body)),
    );
    app.put("/appointments/:id", { schema: { params: idParams, body: moveAppointmentRequest, response: { 200: appointment } } }, (req) =>
      svc.moveAppointment(db, ctxOf(req), req.params.id, req.body),
    );
    app.post("/appointments/:id/cancel", { schema: { params: idParams, response: { 200: appointment } } }, (req) =>
      svc.cancelAppointment(db, ctxOf(req), req.params.id),
    );
    app.get("/patients/:id/appointments", { schema: { params: idParams, response: { 200: z.array(appointment) } } }, (req) =>
      svc.appointmentsOfContact(db, ctxOf(req), req.params.id),
    );
  };
}
