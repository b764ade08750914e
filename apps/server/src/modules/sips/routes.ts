import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import { serve } from "../../platform/http/serve.ts";
import * as svc from "./service.ts";

/** Desk phones (issue 13 §4): the spec's three `sips/v1/users` routes and the administrators' list. */
export function sipRoutes(deps: svc.SipsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const e = endpoints.sips;
    serve(app, e.assign, ({ ctx, params }) => svc.assignSip(deps, ctx, params.id));
    serve(app, e.unassign, ({ ctx }) => svc.unassignSip(deps, ctx));
    serve(app, e.assigned, ({ ctx }) => svc.assignedSipOf(deps, ctx));
    serve(app, e.list, ({ ctx }) => svc.listSips(deps, ctx));
    serve(app, e.create, ({ ctx, body }) => svc.createSip(deps, ctx, body));
    serve(app, e.remove, ({ ctx, params }) => svc.removeSip(deps, ctx, params.id));
  };
}
