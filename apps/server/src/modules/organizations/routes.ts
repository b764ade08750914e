import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import * as svc from "./service.ts";

export function organizationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.organizations.get, ({ params, ctx }) => svc.getOrganization(deps.db.app, ctx, params.id));
    serve(app, endpoints.organizations.update, ({ body, ctx }) => svc.updateOrganization(deps.db.app, ctx, body));
    serve(app, endpoints.organizations.tier, ({ params, ctx }) => svc.getTier(deps.db.app, ctx, params.id));
    serve(app, endpoints.organizations.services, ({ query, ctx }) => svc.listServices(deps.db.app, ctx, query.sector, ctx.locale));
  };
}
