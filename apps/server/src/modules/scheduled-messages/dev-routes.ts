import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams, okResponse } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { ctxOf } from "../../platform/auth/guard.ts";
import * as svc from "./service.ts";

/**
 * Development tool, registered only when DEV_TOOLS is on (never in production): a scheduled
 * message sent now rather than at its time, for journeys that cannot wait. Signed-in staff of the
 * message's organisation and team only, like an edit.
 */
export function scheduledMessageDevRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    app.post("/dev/scheduled-messages/:id/run-now", { schema: { params: idParams, response: { 200: okResponse } } }, async (req) => {
      await svc.runScheduledNow(db, ctxOf(req), req.params.id);
      return { ok: true as const };
    });
  };
}
