import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import type { DirectoryCache } from "../../platform/directory-cache.ts";
import { serve } from "../../platform/http/serve.ts";
import * as svc from "./service.ts";

export function teamRoutes(deps: AppDeps, directory: DirectoryCache): FastifyPluginAsyncZod {
  const db = deps.db.app;
  const teamRows = directory.part<svc.TeamRows>("teams");
  return async (app) => {
    serve(app, endpoints.teams.list, ({ ctx }) => svc.listTeams(db, ctx, teamRows));
    serve(app, endpoints.teams.mine, ({ ctx }) => svc.listMyTeams(db, ctx));
    serve(app, endpoints.teams.get, ({ params, ctx }) => svc.getTeam(db, ctx, params.id));
    serve(app, endpoints.teams.create, ({ body, ctx }) => svc.createTeam(db, ctx, body));
    serve(app, endpoints.teams.update, ({ params, body, ctx }) => svc.updateTeam(db, ctx, params.id, body));
    serve(app, endpoints.teams.remove, async ({ params, ctx }) => {
      await svc.deleteTeam(db, ctx, params.id);
      return { ok: true as const };
    });
    serve(app, endpoints.teams.addMember, ({ params, body, ctx }) => svc.addMember(db, ctx, params.id, body.userId, body.teamRole));
    serve(app, endpoints.teams.updateMember, ({ params, body, ctx }) =>
      svc.changeMemberRole(db, ctx, params.id, params.userId, body.teamRole),
    );
    serve(app, endpoints.teams.removeMember, ({ params, ctx }) => svc.removeMember(db, ctx, params.id, params.userId));
  };
}
