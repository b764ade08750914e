import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import * as svc from "./service.ts";

export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    serve(app, endpoints.users.list, ({ ctx }) => svc.listUsers(db, ctx));
    serve(app, endpoints.users.create, ({ body, ctx }) => svc.createUser(db, ctx, body));
    serve(app, endpoints.users.update, ({ params, body, ctx }) => svc.updateUser(db, ctx, params.id, body));
    serve(app, endpoints.users.remove, async ({ params, ctx }) => {
      await svc.deleteUser(db, ctx, params.id);
      return { ok: true as const };
    });
  };
}
