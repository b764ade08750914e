import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams, surveySettings, threadSurvey, updateSurveySettingsRequest } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { ctxOf } from "../../platform/auth/guard.ts";
import type { Messaging } from "../messaging/service.ts";
import * as svc from "./service.ts";
import { getSurveySettings, updateSurveySettings } from "./settings-service.ts";

/** The satisfaction survey's setting, under /api. */
export function surveySettingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    app.get("/organizations/:id/satisfaction-survey", { schema: { params: idParams, response: { 200: surveySettings } } }, (req) =>
      getSurveySettings(db, ctxOf(req), req.params.id),
    );
    app.put(
      "/organizations/:id/satisfaction-survey",
      { config: { role: "admin" }, schema: { params: idParams, body: updateSurveySettingsRequest, response: { 200: surveySettings } } },
      (req) => updateSurveySettings(db, ctxOf(req), req.params.id, req.body),
    );
  };
}

/** A conversation's survey, under /api/messaging/v1 beside its thread. */
export function threadSurveyRoutes(deps: AppDeps, messaging: Messaging): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    app.get("/threads/:id/survey", { schema: { params: idParams, response: { 200: threadSurvey } } }, (req) =>
      svc.getThreadSurvey(db, ctxOf(req), req.params.id),
    );
    app.post("/threads/:id/survey", { schema: { params: idParams, response: { 201: threadSurvey } } }, async (req, reply) =>
      reply.status(201).send(await svc.startSurvey(messaging, ctxOf(req), req.params.id)),
    );
    app.delete("/threads/:id/survey", { schema: { params: idParams, response: { 200: threadSurvey } } }, (req) =>
      svc.stopSurvey(db, ctxOf(req), req.params.id),
    );
  };
}
