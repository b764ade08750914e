import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import * as svc from "./service.ts";

/** Scheduled messages (spec part 2 §3), under /api/scheduled-messages: any member of the message's team. */
export function scheduledMessageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    serve(app, endpoints.scheduledMessages.create, ({ body, ctx }) => svc.createScheduled(db, ctx, body, new Date()));
    serve(app, endpoints.scheduledMessages.list, async ({ query, ctx }) => ({
      scheduledMessages: await svc.listScheduled(db, ctx, query),
    }));
    serve(app, endpoints.scheduledMessages.byPhone, async ({ params, ctx }) => ({
      scheduledMessages: await svc.listScheduledForPhone(db, ctx, params.phone),
    }));
    serve(app, endpoints.scheduledMessages.get, ({ params, ctx }) => svc.getScheduled(db, ctx, params.id));
    serve(app, endpoints.scheduledMessages.update, ({ params, body, ctx }) => svc.updateScheduled(db, ctx, params.id, body, new Date()));
    serve(app, endpoints.scheduledMessages.cancel, async ({ params, ctx }) => {
      await svc.deleteScheduled(db, ctx, params.id);
      return { ok: true as const };
    });
  };
}
