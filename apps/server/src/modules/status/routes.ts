import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import * as svc from "./service.ts";

export function statusRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.status.get, () => svc.getStatus(deps.db.app));
    serve(app, endpoints.status.update, ({ body }) => svc.setStatus(deps.db.app, body));
  };
}
