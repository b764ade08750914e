import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import * as svc from "./connect-service.ts";
import * as read from "./read-service.ts";
import { contentDisposition } from "../../platform/storage/file-names.ts";
import { createEmailDeps, type EmailOptions } from "./email-deps.ts";
import { sandboxEmailRoutes } from "./sandbox-routes.ts";
import { emailSendRoutes } from "./send-routes.ts";

/** A person authorises a mailbox a few times a day at most; a flood of callbacks is refused. */
const CALLBACK_LIMIT = { max: 30, windowSeconds: 60 };

export function emailRoutes(deps: AppDeps, opts: EmailOptions = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const email = createEmailDeps(deps.db.app, deps.config, deps.files, app.log, opts);
    serve(app, endpoints.email.providerType, ({ ctx, body }) => svc.providerType(email, ctx, body.inboxEmail));
    serve(app, endpoints.email.authorize, ({ ctx, params, body }) => svc.startAuthorization(email, ctx, params.type, body.inboxEmail));
    serve(app, endpoints.email.callback, async ({ params, query, req, reply }) => {
      await deps.limiter.hit(`oauth2-callback:${req.ip}`, CALLBACK_LIMIT);
      const raw = req.url.includes("?") ? req.url.slice(req.url.indexOf("?") + 1) : "";
      const target = await svc.finishAuthorization(email, params.type, query, raw);
      return reply.header("cache-control", "no-store").redirect(target, 302);
    });
    await app.register(emailSendRoutes(email, deps.limiter));
    // The sandbox mailbox only where the sandbox network is on (never in production).
    if (email.sandbox) await app.register(sandboxEmailRoutes(email, deps.db.owner, deps.limiter));
    serve(app, endpoints.email.logout, ({ ctx, params, body }) => svc.disconnect(email, ctx, params.type, body.inboxEmail));
    serve(app, endpoints.email.mailbox, ({ ctx }) => svc.mailboxStatus(email, ctx));
    serve(app, endpoints.email.unknownSenders, ({ ctx }) => read.unknownSenders(email, ctx));
    serve(app, endpoints.email.email, ({ ctx, params }) => read.emailContent(email, ctx, params.id));
    serve(app, endpoints.email.attachment, async ({ ctx, params, reply }) => {
      const file = await read.openAttachment(email, ctx, params.id);
      // Always a download with the type read from its bytes: nothing a sender chose runs in Relais's origin.
      return reply
        .type(file.contentType)
        .header("content-length", String(file.size))
        .header("content-disposition", contentDisposition(file.contentType.startsWith("image/") ? "inline" : "attachment", file.filename))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private")
        .send(file.stream);
    });
  };
}
