import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../http/serve.ts";
import { readEventsPage } from "./event-log.ts";
import { viewerOf } from "./visibility.ts";

/**
 * GET /api/events?after=N&limit=: the same log and visibility as the socket, by cursor — the
 * fallback when a WebSocket cannot be opened. GET /api/messaging/v1/polling is the spec's name
 * for the same feed (its thread create/update/remove events are the log's thread.* events).
 */
export function eventsRoute(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const feed of [endpoints.realtime.events, endpoints.realtime.polling]) {
      serve(app, feed, ({ ctx, query }) => readEventsPage(deps.db.app, viewerOf(ctx), query));
    }
  };
}
