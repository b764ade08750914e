import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { eventsPage, eventsQuery } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { ctxOf } from "../auth/guard.ts";
import { readEventsPage } from "./event-log.ts";
import { viewerOf } from "./visibility.ts";

/**
 * GET /api/events?after=N&limit=: the same log and visibility as the socket, by cursor — the
 * fallback when a WebSocket cannot be opened. GET /api/messaging/v1/polling is the spec's name
 * for the same feed (its thread create/update/remove events are the log's thread.* events).
 */
export function eventsRoute(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const url of ["/events", "/messaging/v1/polling"]) {
      app.get(url, { schema: { querystring: eventsQuery, response: { 200: eventsPage } } }, (req) =>
        readEventsPage(deps.db.app, viewerOf(ctxOf(req)), req.query),
      );
    }
  };
}
