import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { APP_VERSION, endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";

/** GET health: for load balancers and operators; 503 when the database does not answer. */
export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.health.check, async ({ reply }) => {
      const database = await sql`select 1`
        .execute(deps.db.app)
        .then(() => true)
        .catch(() => false);
      return reply.status(database ? 200 : 503).send({ status: database ? "ok" : "degraded", database, version: APP_VERSION });
    });
  };
}
