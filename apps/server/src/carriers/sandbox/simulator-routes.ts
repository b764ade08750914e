import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints, isAcceptedMediaType } from "@relais/shared";
import { serve } from "../../platform/http/serve.ts";
import type { Db } from "../../db/database.ts";
import { notFound } from "../../platform/errors.ts";
import type { Limit, RateLimiter } from "../../platform/rate-limit.ts";
import { unsafeListClinicNumbers } from "./clinic-numbers.ts";
import { conversationOf } from "./conversation.ts";
import type { SandboxCarrier } from "./sandbox-carrier.ts";

/**
 * Reads of the simulator page: it polls its conversation every second while visible, so a few
 * open simulators stay well under this; a script hammering the endpoint does not.
 */
const READ_LIMIT: Limit = { max: 600, windowSeconds: 60 };
const SETTINGS_LIMIT: Limit = { max: 60, windowSeconds: 60 };

/**
 * The phone simulator's routes (DESIGN §6): the network's settings, the clinic numbers to text,
 * one phone's conversation with one number and the files that phone sent. Public like the rest
 * of the sandbox, so a person acting as a phone needs no account, and registered by app.ts in
 * development and tests only.
 */
export function simulatorRoutes(sandbox: SandboxCarrier, owner: Db, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.sandbox.settings, async ({ req }) => {
      await limiter.hit(`sandbox-read:${req.ip}`, READ_LIMIT);
      return sandbox.settings();
    });

    serve(app, endpoints.sandbox.updateSettings, async ({ body, req }) => {
      await limiter.hit(`sandbox-settings:${req.ip}`, SETTINGS_LIMIT);
      sandbox.configure(body);
      req.log.info({ settings: body }, "sandbox network settings changed");
      return sandbox.settings();
    });

    serve(app, endpoints.sandbox.numbers, async ({ req }) => {
      await limiter.hit(`sandbox-read:${req.ip}`, READ_LIMIT);
      return unsafeListClinicNumbers(owner);
    });

    serve(app, endpoints.sandbox.conversation, async ({ query, req }) => {
      await limiter.hit(`sandbox-read:${req.ip}`, READ_LIMIT);
      return { items: conversationOf(sandbox, query.phone, query.with) };
    });

    serve(app, endpoints.sandbox.phoneMedia, async ({ params, req, reply }) => {
      await limiter.hit(`sandbox-read:${req.ip}`, READ_LIMIT);
      const file = sandbox.phoneLog.file(params.id);
      if (!file) throw notFound();
      // Only the types a text may carry are served as themselves; anything else is a download.
      const known = isAcceptedMediaType(file.contentType);
      return reply
        .type(known ? file.contentType : "application/octet-stream")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", known ? "inline" : "attachment")
        .header("cache-control", "private, max-age=3600")
        .send(file.bytes);
    });
  };
}
