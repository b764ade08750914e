import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addMemberRequest,
  createTeamRequest,
  idParams,
  memberParams,
  okResponse,
  team,
  teamDetail,
  updateMemberRequest,
  updateTeamRequest,
} from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { ctxOf } from "../../platform/auth/guard.ts";
import * as svc from "./service.ts";

export function teamRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    app.get("/user-groups", { schema: { response: { 200: z.array(team) } } }, (req) => svc.listTeams(db, ctxOf(req)));
    app.get("/user-groups/belongs", { schema: { response: { 200: z.array(team) } } }, (req) => svc.listMyTeams(db, ctxOf(req)));
    app.get("/user-groups/:id", { schema: { params: idParams, response: { 200: teamDetail } } }, (req) =>
      svc.getTeam(db, ctxOf(req), req.params.id),
    );
    app.post(
      "/user-groups",
      { config: { role: "admin" }, schema: { body: createTeamRequest, response: { 201: teamDetail } } },
      async (req, reply) => reply.status(201).send(await svc.createTeam(db, ctxOf(req), req.body)),
    );
    app.put("/user-groups/:id", { schema: { params: idParams, body: updateTeamRequest, response: { 200: teamDetail } } }, (req) =>
      svc.updateTeam(db, ctxOf(req), req.params.id, req.body),
    );
    app.delete(
      "/user-groups/:id",
      { config: { role: "admin" }, schema: { params: idParams, response: { 200: okResponse } } },
      async (req) => {
        await svc.deleteTeam(db, ctxOf(req), req.params.id);
        return { ok: true as const };
      },
    );
    app.post("/user-groups/:id/members", { schema: { params: idParams, body: addMemberRequest, response: { 200: teamDetail } } }, (req) =>
      svc.addMember(db, ctxOf(req), req.params.id, req.body.userId, req.body.teamRole),
    );
    app.put(
      "/user-groups/:id/members/:userId",
      { schema: { params: memberParams, body: updateMemberRequest, response: { 200: teamDetail } } },
      (req) => svc.changeMemberRole(db, ctxOf(req), req.params.id, req.params.userId, req.body.teamRole),
    );
    app.delete("/user-groups/:id/members/:userId", { schema: { params: memberParams, response: { 200: teamDetail } } }, (req) =>
      svc.removeMember(db, ctxOf(req), req.params.id, req.params.userId),
    );
  };
}
