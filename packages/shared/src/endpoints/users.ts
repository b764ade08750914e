import { z } from "zod";
import { idParams, okResponse } from "../contracts/common.ts";
import { createUserRequest, updateUserRequest, userSummary } from "../contracts/users.ts";
import { endpoint } from "./endpoint.ts";

export const usersEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/users",
    summary: "The organisation's staff",
    access: {},
    response: z.array(userSummary),
  }),
  create: endpoint({
    method: "POST",
    path: "/users",
    summary: "Creates a colleague with a first password and teams",
    access: { role: "admin" },
    body: createUserRequest,
    response: userSummary,
    status: 201,
  }),
  update: endpoint({
    method: "PUT",
    path: "/users/:id",
    summary: "Changes a colleague's name or role",
    access: { role: "admin" },
    params: idParams,
    body: updateUserRequest,
    response: userSummary,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/users/:id",
    summary: "Deletes a colleague",
    access: { role: "admin" },
    params: idParams,
    response: okResponse,
  }),
};
