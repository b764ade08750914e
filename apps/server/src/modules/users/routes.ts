import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createUserRequest, idParams, okResponse, updateUserRequest, userSummary } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { ctxOf } from "../../platform/auth/guard.ts";
import * as svc from "./service.ts";

export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    app.get("/users", { schema: { response: { 200: z.array(userSummary) } } }, (req) => svc.listUsers(db, ctxOf(req)));
    app.post(
      "/users",
      { config: { role: "admin" }, schema: { body: createUserRequest, response: { 201: userSummary } } },
      async (req, reply) => reply.status(201).send(await svc.createUser(db, ctxOf(req), req.body)),
    );
    app.put(
      "/users/:id",
      { config: { role: "admin" }, schema: { params: idParams, body: updateUserRequest, response: { 200: userSummary } } },
      (req) => svc.updateUser(db, ctxOf(req), req.params.id, req.body),
    );
    app.delete("/users/:id", { config: { role: "admin" }, schema: { params: idParams, response: { 200: okResponse } } }, async (req) => {
      await svc.deleteUser(db, ctxOf(req), req.params.id);
      return { ok: true as const };
    });
  };
}
