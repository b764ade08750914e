import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createThreadRequest,
  createThreadResponse,
  idParams,
  message,
  messageParams,
  messagesPage,
  messagesQuery,
  okResponse,
  sendMessageRequest,
  thread,
  threadsPage,
  threadsQuery,
  updateThreadRequest,
} from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { ctxOf } from "../../platform/auth/guard.ts";
import { mediaRoutes } from "./media-routes.ts";
import * as svc from "./service.ts";

/** The text inbox, under /api/messaging/v1 (spec part 1 §7, France-region paths for every region). */
export function messagingRoutes(deps: AppDeps, messaging: svc.Messaging): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    app.get("/threads", { schema: { querystring: threadsQuery, response: { 200: threadsPage } } }, (req) =>
      svc.listThreads(db, ctxOf(req), req.query),
    );
    app.post("/threads", { schema: { body: createThreadRequest, response: { 201: createThreadResponse } } }, async (req, reply) =>
      reply.status(201).send(await svc.createThread(messaging, ctxOf(req), req.body)),
    );
    app.get("/threads/:id", { schema: { params: idParams, response: { 200: thread } } }, (req) =>
      svc.openThread(db, ctxOf(req), req.params.id),
    );
    app.put("/threads/:id", { schema: { params: idParams, body: updateThreadRequest, response: { 200: thread } } }, (req) =>
      svc.updateThread(db, ctxOf(req), req.params.id, req.body),
    );
    app.delete("/threads/:id", { schema: { params: idParams, response: { 200: okResponse } } }, async (req) => {
      await svc.deleteThread(messaging, ctxOf(req), req.params.id);
      return { ok: true as const };
    });
    app.get("/threads/:id/messages", { schema: { params: idParams, querystring: messagesQuery, response: { 200: messagesPage } } }, (req) =>
      svc.listMessages(db, ctxOf(req), req.params.id, req.query),
    );
    app.post(
      "/threads/:id/messages",
      { schema: { params: idParams, body: sendMessageRequest, response: { 201: message } } },
      async (req, reply) => reply.status(201).send(await svc.sendMessage(messaging, ctxOf(req), req.params.id, req.body)),
    );
    app.post("/threads/:id/messages/:messageId/retry", { schema: { params: messageParams, response: { 200: message } } }, (req) =>
      svc.retryMessage(messaging, ctxOf(req), req.params.id, req.params.messageId),
    );
    await app.register(mediaRoutes(deps, messaging));
  };
}
