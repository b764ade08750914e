import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints, REFRESH_TOKEN_TTL_DAYS, type SessionResponse } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import type { DirectoryCache } from "../../platform/directory-cache.ts";
import { serve } from "../../platform/http/serve.ts";
import { changePassword, setStatus, updateProfile } from "../users/index.ts";
import * as svc from "./service.ts";

const REFRESH_COOKIE = "relais_rt";

export function authRoutes(deps: AppDeps, directory: DirectoryCache): FastifyPluginAsyncZod {
  const sessionViews = directory.part<SessionResponse>("session-view");
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
    serve(app, endpoints.auth.login, async ({ body, req, reply }) => {
      const { refreshToken, ...session } = await svc.login(deps, body, { ip: req.ip, userAgent: req.headers["user-agent"] ?? null });
      setRefreshCookie(reply, refreshToken);
      return session;
    });

    serve(app, endpoints.auth.refresh, async ({ req, reply }) => {
      try {
        const rotated = await svc.refresh(deps, req.cookies[REFRESH_COOKIE], req.ip);
        setRefreshCookie(reply, rotated.refreshToken);
        return { jwt: rotated.jwt, expires: rotated.expires };
      } catch (err) {
        clearRefreshCookie(reply);
        throw err;
      }
    });

    serve(app, endpoints.auth.logout, async ({ body, ctx, reply }) => {
      await svc.logout(deps, ctx, body?.revokeAll ?? false);
      clearRefreshCookie(reply);
      return { ok: true as const };
    });

    serve(app, endpoints.auth.session, ({ ctx }) => svc.getSession(deps, ctx, sessionViews));
    serve(app, endpoints.auth.updateProfile, ({ body, ctx }) => updateProfile(deps.db.app, ctx, body));
    serve(app, endpoints.auth.changePassword, async ({ body, ctx }) => {
      await changePassword(deps.db.app, ctx, body.currentPassword, body.password);
      return { ok: true as const };
    });
    serve(app, endpoints.auth.setStatus, ({ body, ctx }) => setStatus(deps.db.app, ctx, body.status));
    serve(app, endpoints.auth.switchTeam, ({ body, ctx }) => svc.switchTeam(deps, ctx, body.userGroup));

    serve(app, endpoints.auth.forgotPassword, async ({ body, req }) => {
      await svc.forgotPassword(deps, body.email, req.ip, publicUrl);
      return { ok: true as const };
    });
    serve(app, endpoints.auth.resetPassword, async ({ body, req }) => {
      await svc.resetPassword(deps, body.token, body.password, req.ip);
      return { ok: true as const };
    });
  };
}
