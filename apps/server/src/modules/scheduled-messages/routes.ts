import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  idParams,
  okResponse,
  scheduledMessage,
  scheduledMessageRequest,
  scheduledMessagesQuery,
  scheduledMessagesResponse,
  scheduledPhoneParams,
} from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { ctxOf } from "../../platform/auth/guard.ts";
import * as svc from "./service.ts";

/** Scheduled messages (spec part 2 §3), under /api/scheduled-messages: any member of the message's team. */
export function scheduledMessageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    app.post(
      "/scheduled-messages",
      { schema: { body: scheduledMessageRequest, response: { 201: scheduledMessage } } },
      async (req, reply) => reply.status(201).send(await svc.createScheduled(db, ctxOf(req), req.body, new Date())),
    );
    app.get(
      "/scheduled-messages",
      { schema: { querystring: scheduledMessagesQuery, response: { 200: scheduledMessagesResponse } } },
      async (req) => ({
        scheduledMessages: await svc.listScheduled(db, ctxOf(req), req.query),
      }),
    );
    app.get(
      "/scheduled-messages/phone/:phone",
      { schema: { params: scheduledPhoneParams, response: { 200: scheduledMessagesResponse } } },
      async (req) => ({ scheduledMessages: await svc.listScheduledForPhone(db, ctxOf(req), req.params.phone) }),
    );
    app.get("/scheduled-messages/:id", { schema: { params: idParams, response: { 200: scheduledMessage } } }, (req) =>
      svc.getScheduled(db, ctxOf(req), req.params.id),
    );
    app.put(
      "/scheduled-messages/:id",
      { schema: { params: idParams, body: scheduledMessageRequest, response: { 200: scheduledMessage } } },
      (req) => svc.updateScheduled(db, ctxOf(req), req.params.id, req.body, new Date()),
    );
    app.delete("/scheduled-messages/:id", { schema: { params: idParams, response: { 200: okResponse } } }, async (req) => {
      await svc.deleteScheduled(db, ctxOf(req), req.params.id);
      return { ok: true as const };
    });
  };
}
