import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import { mediaRoutes } from "./media-routes.ts";
import type { MessagingDeps } from "./messaging-deps.ts";
import { retryMessage, sendMessage } from "./outbound-service.ts";
import * as threads from "./threads-service.ts";

/** The text inbox, under /api/messaging/v1 (spec part 1 §7, France-region paths for every region). */
export function messagingRoutes(deps: AppDeps, messaging: MessagingDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    serve(app, endpoints.messaging.threads, ({ query, ctx }) => threads.listThreads(db, ctx, query));
    serve(app, endpoints.messaging.createThread, ({ body, ctx }) => threads.createThread(messaging, ctx, body));
    serve(app, endpoints.messaging.openThread, ({ params, ctx }) => threads.openThread(db, ctx, params.id));
    serve(app, endpoints.messaging.updateThread, ({ params, body, ctx }) => threads.updateThread(db, ctx, params.id, body));
    serve(app, endpoints.messaging.removeThread, async ({ params, ctx }) => {
      await threads.deleteThread(messaging, ctx, params.id);
      return { ok: true as const };
    });
    serve(app, endpoints.messaging.messages, ({ params, query, ctx }) => threads.listMessages(db, ctx, params.id, query));
    serve(app, endpoints.messaging.send, ({ params, body, ctx }) => sendMessage(messaging, ctx, params.id, body));
    serve(app, endpoints.messaging.retry, ({ params, ctx }) => retryMessage(messaging, ctx, params.id, params.messageId));
    await app.register(mediaRoutes(deps, messaging));
  };
}
