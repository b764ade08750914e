import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams, organization, service, servicesQuery, tierResponse, updateOrganizationRequest } from "@relais/shared";
import { z } from "zod";
import { ctxOf } from "../../platform/auth/guard.ts";
import type { AppDeps } from "../../app-deps.ts";
import * as svc from "./service.ts";

export function organizationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/organizations/:id", { schema: { params: idParams, response: { 200: organization } } }, (req) =>
      svc.getOrganization(deps.db.app, ctxOf(req), req.params.id),
    );
    app.put(
      "/organizations",
      { config: { role: "admin" }, schema: { body: updateOrganizationRequest, response: { 200: organization } } },
      (req) => svc.updateOrganization(deps.db.app, ctxOf(req), req.body),
    );
    app.get("/tiers/organization/:id", { schema: { params: idParams, response: { 200: tierResponse } } }, (req) =>
      svc.getTier(deps.db.app, ctxOf(req), req.params.id),
    );
    app.get("/services", { schema: { querystring: servicesQuery, response: { 200: z.array(service) } } }, (req) => {
      const ctx = ctxOf(req);
      return svc.listServices(deps.db.app, ctx, req.query.sector, ctx.locale);
    });
  };
}
