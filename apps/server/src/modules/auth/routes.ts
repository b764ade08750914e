import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changePasswordRequest,
  loginRequest,
  loginResponse,
  logoutRequest,
  okResponse,
  passwordForgotRequest,
  passwordResetRequest,
  profile,
  REFRESH_TOKEN_TTL_DAYS,
  refreshResponse,
  sessionResponse,
  statusRequest,
  team,
  updateProfileRequest,
  userGroupRequest,
} from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { ctxOf } from "../../platform/auth/guard.ts";
import { changePassword, setStatus, updateProfile } from "../users/service.ts";
import * as svc from "./service.ts";

export const REFRESH_COOKIE = "relais_rt";

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const secure = deps.config.COOKIE_SECURE ?? deps.config.NODE_ENV === "production";
  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: "strict",
      secure,
      path: "/api/auth",
      maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
    });
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: "/api/auth" });
  const publicUrl = deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`;

  return async (app) => {
    app.post(
      "/auth/login",
      { config: { public: true }, schema: { body: loginRequest, response: { 200: loginResponse } } },
      async (req, reply) => {
        const { refreshToken, ...session } = await svc.login(deps, req.body, { ip: req.ip, userAgent: req.headers["user-agent"] ?? null });
        setRefreshCookie(reply, refreshToken);
        return session;
      },
    );

    app.post("/auth/refresh", { config: { public: true }, schema: { response: { 200: refreshResponse } } }, async (req, reply) => {
      try {
        const rotated = await svc.refresh(deps, req.cookies[REFRESH_COOKIE], req.ip);
        setRefreshCookie(reply, rotated.refreshToken);
        return { jwt: rotated.jwt, expires: rotated.expires };
      } catch (err) {
        clearRefreshCookie(reply);
        throw err;
      }
    });

    app.post("/auth/logout", { schema: { body: logoutRequest.optional(), response: { 200: okResponse } } }, async (req, reply) => {
      await svc.logout(deps, ctxOf(req), req.body?.revokeAll ?? false);
      clearRefreshCookie(reply);
      return { ok: true as const };
    });

    app.get("/auth/profile", { schema: { response: { 200: sessionResponse } } }, (req) => svc.getSession(deps, ctxOf(req)));
    app.put("/auth/profile", { schema: { body: updateProfileRequest, response: { 200: profile } } }, (req) =>
      updateProfile(deps.db.app, ctxOf(req), req.body),
    );
    app.put("/auth/password", { schema: { body: changePasswordRequest, response: { 200: okResponse } } }, async (req) => {
      await changePassword(deps.db.app, ctxOf(req), req.body.currentPassword, req.body.password);
      return { ok: true as const };
    });
    app.put("/auth/status", { schema: { body: statusRequest, response: { 200: profile } } }, (req) =>
      setStatus(deps.db.app, ctxOf(req), req.body.status),
    );
    app.put("/auth/user-group", { schema: { body: userGroupRequest, response: { 200: team } } }, (req) =>
      svc.switchTeam(deps, ctxOf(req), req.body.userGroup),
    );

    app.post(
      "/auth/password-forgot",
      { config: { public: true }, schema: { body: passwordForgotRequest, response: { 200: okResponse } } },
      async (req) => {
        await svc.forgotPassword(deps, req.body.email, req.ip, publicUrl);
        return { ok: true as const };
      },
    );
    app.post(
      "/auth/password-reset",
      { config: { public: true }, schema: { body: passwordResetRequest, response: { 200: okResponse } } },
      async (req) => {
        await svc.resetPassword(deps, req.body.token, req.body.password, req.ip);
        return { ok: true as const };
      },
    );
  };
}
