import type { FastifyInstance } from "fastify";
import { roleCountsAs, TIER_RULES, type Role, type TierRule } from "@relais/shared";
import type { Db } from "../../db/database.ts";
import { AppError, unauthorized } from "../errors.ts";
import type { Ctx } from "./ctx.ts";
import type { CachedRows } from "../directory-cache.ts";
import { resolveCtx, type SessionRow } from "./sessions.ts";
import type { TokenSigner } from "./tokens.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route answers without a session (login, status, webhooks…). Default: signed in. */
    public?: boolean;
    /** The least role the caller must count as (roleCountsAs). */
    role?: Role;
    /** A tier rule the caller's organisation must pass (spec part 1 §6). */
    tier?: TierRule;
  }
  interface FastifyRequest {
    ctx: Ctx | null;
  }
}

/**
 * Every /api route requires a session unless its config says `public: true`: a route that
 * forgets to say anything is closed, not open.
 */
export function registerAuthGuard(app: FastifyInstance, db: Db, signer: TokenSigner, sessions: CachedRows<SessionRow> | null): void {
  app.decorateRequest("ctx", null);
  app.addHook("onRequest", async (request) => {
    const config = request.routeOptions.config;
    const url = request.routeOptions.url;
    // The OpenAPI document and its viewer describe the API; they reveal no tenant data.
    if (!url?.startsWith("/api/") || url.startsWith("/api/docs") || config.public) return;
    const header = request.headers.authorization;
    const bearer = header?.startsWith("Bearer ") ? header.slice(7) : undefined;
    request.ctx = await resolveCtx(db, signer, bearer, request.ip, sessions);
    if (config.role && !roleCountsAs(request.ctx.role, config.role)) {
      throw new AppError("error.forbidden", 403);
    }
    // The tier came with the session row (resolveCtx): one transaction per request, not two.
    if (config.tier && !TIER_RULES[config.tier](request.ctx.tierPermissions)) {
      throw new AppError("error.tier-forbidden", 403);
    }
  });
}

/** The caller of a route that the guard let through. */
export function ctxOf(request: { ctx: Ctx | null }): Ctx {
  if (!request.ctx) throw unauthorized();
  return request.ctx;
}
