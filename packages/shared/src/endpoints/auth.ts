import {
  loginRequest,
  loginResponse,
  logoutRequest,
  passwordForgotRequest,
  passwordResetRequest,
  profile,
  refreshResponse,
  sessionResponse,
  statusRequest,
  userGroupRequest,
} from "../contracts/auth.ts";
import { okResponse } from "../contracts/common.ts";
import { team } from "../contracts/teams.ts";
import { changePasswordRequest, updateProfileRequest } from "../contracts/users.ts";
import { endpoint } from "./endpoint.ts";

export const authEndpoints = {
  login: endpoint({
    method: "POST",
    path: "/auth/login",
    summary: "Signs in; sets the refresh cookie",
    access: { public: true },
    body: loginRequest,
    response: loginResponse,
  }),
  refresh: endpoint({
    method: "POST",
    path: "/auth/refresh",
    summary: "A new access token from the refresh cookie, which rotates",
    access: { public: true },
    who: "cookie",
    response: refreshResponse,
  }),
  logout: endpoint({
    method: "POST",
    path: "/auth/logout",
    summary: "Signs out; clears the refresh cookie",
    access: {},
    body: logoutRequest.optional(),
    response: okResponse,
  }),
  session: endpoint({
    method: "GET",
    path: "/auth/profile",
    summary: "The signed-in person, their organisation and teams",
    access: {},
    response: sessionResponse,
  }),
  updateProfile: endpoint({
    method: "PUT",
    path: "/auth/profile",
    summary: "Changes the caller's name, language and call settings",
    access: {},
    body: updateProfileRequest,
    response: profile,
  }),
  changePassword: endpoint({
    method: "PUT",
    path: "/auth/password",
    summary: "Changes the caller's password; other sessions end",
    access: {},
    body: changePasswordRequest,
    response: okResponse,
  }),
  setStatus: endpoint({
    method: "PUT",
    path: "/auth/status",
    summary: "Sets the caller's status (online, busy, offline)",
    access: {},
    body: statusRequest,
    response: profile,
  }),
  switchTeam: endpoint({
    method: "PUT",
    path: "/auth/user-group",
    summary: "Makes one of the caller's teams the current one",
    access: {},
    who: "member of that team",
    body: userGroupRequest,
    response: team,
  }),
  forgotPassword: endpoint({
    method: "POST",
    path: "/auth/password-forgot",
    summary: "Always, no account enumeration",
    access: { public: true },
    body: passwordForgotRequest,
    response: okResponse,
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/auth/password-reset",
    summary: "Sets a new password from an emailed link",
    access: { public: true },
    body: passwordResetRequest,
    response: okResponse,
  }),
};
