import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import * as svc from "./service.ts";

/** A team's automatic texts: every staff member reads them, administrators change them. */
export function automaticTextRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    serve(app, endpoints.automaticTexts.get, ({ params, ctx }) => svc.getAutomaticTexts(db, ctx, params.id));
    serve(app, endpoints.automaticTexts.update, ({ params, body, ctx }) => svc.updateAutomaticTexts(db, ctx, params.id, body));
  };
}
