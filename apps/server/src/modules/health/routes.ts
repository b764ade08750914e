import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { APP_VERSION } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";

const healthResponse = z.object({ status: z.enum(["ok", "degraded"]), database: z.boolean(), version: z.string() });

/** GET health: for load balancers and operators; 503 when the database does not answer. */
export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/health",
      { config: { public: true }, schema: { response: { 200: healthResponse, 503: healthResponse } } },
      async (_req, reply) => {
        const database = await sql`select 1`
          .execute(deps.db.app)
          .then(() => true)
          .catch(() => false);
        return reply.status(database ? 200 : 503).send({ status: database ? "ok" : "degraded", database, version: APP_VERSION });
      },
    );
  };
}
