import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { maintenanceStatus, updateMaintenanceStatusRequest } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import * as svc from "./service.ts";

export function statusRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/status", { config: { public: true }, schema: { response: { 200: maintenanceStatus } } }, () => svc.getStatus(deps.db.app));
    app.put(
      "/status",
      { config: { role: "devops" }, schema: { body: updateMaintenanceStatusRequest, response: { 200: maintenanceStatus } } },
      (req) => svc.setStatus(deps.db.app, req.body),
    );
  };
}
