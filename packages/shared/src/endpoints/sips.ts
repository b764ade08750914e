import { idParams, okResponse } from "../contracts/common.ts";
import { assignedSip, createdSipEndpoint, sipEndpoint, sipEndpointList, sipEndpointRequest } from "../contracts/sips.ts";
import { endpoint } from "./endpoint.ts";

/**
 * Desk phones (issue 13 §4, decision 0041). The spec names the three `sips/v1/users` routes with
 * no tier rule (spec part 1 §7 Voice: receiving calls has none); the administrators' list, add and
 * remove are named here in the same style.
 */
export const sipsEndpoints = {
  assign: endpoint({
    method: "PUT",
    path: "/sips/v1/users/assign/:id",
    summary:
      "Takes the desk phone {id} for the caller (releasing the one they held); 409 `error.no-sips` when someone else holds it; 404 for another organisation's",
    access: {},
    who: "signed in",
    params: idParams,
    response: sipEndpoint,
  }),
  unassign: endpoint({
    method: "PUT",
    path: "/sips/v1/users/unassign",
    summary: "Releases the caller's desk phone (nothing to release is fine)",
    access: {},
    who: "signed in",
    response: okResponse,
  }),
  assigned: endpoint({
    method: "GET",
    path: "/sips/v1/users/assigned",
    summary: "The caller's desk phone, or null",
    access: {},
    who: "signed in",
    response: assignedSip,
  }),
  list: endpoint({
    method: "GET",
    path: "/sips/v1/endpoints",
    summary: "The organisation's desk phones by label, with who holds each and the caller's abilities",
    access: {},
    who: "signed in",
    response: sipEndpointList,
  }),
  create: endpoint({
    method: "POST",
    path: "/sips/v1/endpoints",
    summary:
      "Adds a desk phone: a SIP username made by the server and, with Twilio, its credential on the SIP domain; the password is in this answer only; 409 `error.sip-label-exists`",
    access: { role: "admin" },
    body: sipEndpointRequest,
    response: createdSipEndpoint,
    status: 201,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/sips/v1/endpoints/:id",
    summary: "Removes a desk phone and its carrier credential (its holder is released)",
    access: { role: "admin" },
    params: idParams,
    response: okResponse,
  }),
};
