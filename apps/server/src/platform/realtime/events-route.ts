import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { eventsPage, eventsQuery } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { ctxOf } from "../auth/guard.ts";
import { readEventsPage } from "./event-log.ts";
import { viewerOf } from "./visibility.ts";

/**
 * GET /api/events?after=N&limit=: the same log and visibility as the socket, by cursor — the
 * polling fallback that the spec's messaging/v1/polling will be built on.
 */
export function eventsRoute(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/events", { schema: { querystring: eventsQuery, response: { 200: eventsPage } } }, (req) =>
      readEventsPage(deps.db.app, viewerOf(ctxOf(req)), req.query),
    );
  };
}
