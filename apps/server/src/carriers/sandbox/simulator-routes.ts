import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  isAcceptedMediaType,
  sandboxConversation,
  sandboxConversationQuery,
  sandboxNumbers,
  sandboxPhoneMediaParams,
  sandboxSettings,
} from "@relais/shared";
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
    app.get("/sandbox/settings", { config: { public: true }, schema: { response: { 200: sandboxSettings } } }, async (req) => {
      await limiter.hit(`sandbox-read:${req.ip}`, READ_LIMIT);
      return sandbox.settings();
    });

    app.put(
      "/sandbox/settings",
      { config: { public: true }, schema: { body: sandboxSettings, response: { 200: sandboxSettings } } },
      async (req) => {
        await limiter.hit(`sandbox-settings:${req.ip}`, SETTINGS_LIMIT);
        sandbox.configure(req.body);
        req.log.info({ settings: req.body }, "sandbox network settings changed");
        return sandbox.settings();
      },
    );

    app.get("/sandbox/numbers", { config: { public: true }, schema: { response: { 200: sandboxNumbers } } }, async (req) => {
      await limiter.hit(`sandbox-read:${req.ip}`, READ_LIMIT);
      return unsafeListClinicNumbers(owner);
    });

    app.get(
      "/sandbox/conversation",
      { config: { public: true }, schema: { querystring: sandboxConversationQuery, response: { 200: sandboxConversation } } },
      async (req) => {
        await limiter.hit(`sandbox-read:${req.ip}`, READ_LIMIT);
        return { items: conversationOf(sandbox, req.query.phone, req.query.with) };
      },
    );

    app.get("/sandbox/phone-media/:id", { config: { public: true }, schema: { params: sandboxPhoneMediaParams } }, async (req, reply) => {
      await limiter.hit(`sandbox-read:${req.ip}`, READ_LIMIT);
      const file = sandbox.phoneLog.file(req.params.id);
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
