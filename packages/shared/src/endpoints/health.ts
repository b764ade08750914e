import { healthResponse } from "../contracts/status.ts";
import { endpoint } from "./endpoint.ts";

export const healthEndpoints = {
  check: endpoint({
    method: "GET",
    path: "/health",
    summary: "For load balancers and operators: {status, database, version}; 503 when the database does not answer",
    access: { public: true },
    response: healthResponse,
    otherResponses: { 503: healthResponse },
  }),
};
