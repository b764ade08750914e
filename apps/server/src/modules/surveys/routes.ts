import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import type { MessagingDeps } from "../messaging/index.ts";
import * as svc from "./service.ts";
import { getSurveySettings, updateSurveySettings } from "./settings-service.ts";

/** The satisfaction survey's setting, under /api. */
export function surveySettingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    serve(app, endpoints.surveys.settings, ({ params, ctx }) => getSurveySettings(db, ctx, params.id));
    serve(app, endpoints.surveys.updateSettings, ({ params, body, ctx }) => updateSurveySettings(db, ctx, params.id, body));
  };
}

/** A conversation's survey, under /api/messaging/v1 beside its thread. */
export function threadSurveyRoutes(deps: AppDeps, messaging: MessagingDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    serve(app, endpoints.surveys.threadSurvey, ({ params, ctx }) => svc.getThreadSurvey(db, ctx, params.id));
    serve(app, endpoints.surveys.start, ({ params, ctx }) => svc.startSurvey(messaging, ctx, params.id));
    serve(app, endpoints.surveys.stop, ({ params, ctx }) => svc.stopSurvey(db, ctx, params.id));
  };
}
