import { z } from "zod";
import { idParams } from "../contracts/common.ts";
import { organization, service, servicesQuery, tierResponse, updateOrganizationRequest } from "../contracts/organizations.ts";
import { endpoint } from "./endpoint.ts";

export const organizationsEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/organizations/:id",
    summary: "The caller's organisation",
    access: {},
    who: "own organisation",
    params: idParams,
    response: organization,
  }),
  update: endpoint({
    method: "PUT",
    path: "/organizations",
    summary: "Changes the organisation's settings",
    access: { role: "admin" },
    body: updateOrganizationRequest,
    response: organization,
  }),
  tier: endpoint({
    method: "GET",
    path: "/tiers/organization/:id",
    summary: "404 when the organisation has no tier",
    access: {},
    who: "own organisation",
    params: idParams,
    response: tierResponse,
  }),
  services: endpoint({
    method: "GET",
    path: "/services",
    summary: "The services offered, for the agenda",
    access: {},
    query: servicesQuery,
    response: z.array(service),
  }),
};
