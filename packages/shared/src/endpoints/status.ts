import { maintenanceStatus, updateMaintenanceStatusRequest } from "../contracts/status.ts";
import { endpoint } from "./endpoint.ts";

export const statusEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/status",
    summary: "The maintenance status (banner, overlay)",
    access: { public: true },
    response: maintenanceStatus,
  }),
  update: endpoint({
    method: "PUT",
    path: "/status",
    summary: "Changes the maintenance status",
    access: { role: "devops" },
    body: updateMaintenanceStatusRequest,
    response: maintenanceStatus,
  }),
};
