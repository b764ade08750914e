import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import { AppError } from "../../platform/errors.ts";
import { linkPage } from "./page.ts";
import * as svc from "./service.ts";

/** Where the short links point: the server's public origin. */
function publicUrlOf(deps: AppDeps): string {
  return deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`;
}

/** POST /api/link/create (spec part 1 §7), for any signed-in staff member. */
export function linkRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const publicUrl = publicUrlOf(deps);
  return async (app) => {
    serve(app, endpoints.links.create, ({ body, ctx }) => svc.createLink(deps.db.app, deps.limiter, ctx, body, publicUrl));
  };
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .status(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
    .send(html);
}

/**
 * GET /l/{code}, outside /api and public: the short links texted to contacts. Answers a redirect
 * to the stored address or a small bilingual page, never JSON, since a phone's browser opens it.
 * Left out of the OpenAPI document, which describes the API only.
 */
export function shortLinkRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    serve(app, endpoints.links.follow, async ({ params, req, reply }) => {
      let url: string | undefined;
      try {
        url = await svc.followLink(deps.db.app, deps.limiter, params.code, req.ip);
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 429) throw err;
        const retry = err.params?.["retry"] ?? 60;
        reply.header("retry-after", String(retry));
        return sendPage(reply, 429, linkPage("short-link.throttled-title", "error.throttle", { retry }));
      }
      if (!url) return sendPage(reply, 404, linkPage("short-link.not-found-title", "short-link.not-found"));
      // Counted per visit: a cached redirect would skip the count and outlive a removed link.
      return reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer").redirect(url, 302);
    });
  };
}
