import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import * as svc from "./service.ts";

/**
 * Development tool, registered only when DEV_TOOLS is on (never in production): a scheduled
 * message sent now rather than at its time, for journeys that cannot wait. Signed-in staff of the
 * message's organisation and team only, like an edit.
 */
export function scheduledMessageDevRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    serve(app, endpoints.dev.runScheduledNow, async ({ params, ctx }) => {
      await svc.runScheduledNow(db, ctx, params.id);
      return { ok: true as const };
    });
  };
}
