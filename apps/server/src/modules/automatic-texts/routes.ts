import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { automaticTexts, idParams, updateAutomaticTextsRequest } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { ctxOf } from "../../platform/auth/guard.ts";
import * as svc from "./service.ts";

/** A team's automatic texts: every staff member reads them, administrators change them. */
export function automaticTextRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    app.get("/teams/:id/automatic-texts", { schema: { params: idParams, response: { 200: automaticTexts } } }, (req) =>
      svc.getAutomaticTexts(db, ctxOf(req), req.params.id),
    );
    app.put(
      "/teams/:id/automatic-texts",
      { config: { role: "admin" }, schema: { params: idParams, body: updateAutomaticTextsRequest, response: { 200: automaticTexts } } },
      (req) => svc.updateAutomaticTexts(db, ctxOf(req), req.params.id, req.body),
    );
  };
}
