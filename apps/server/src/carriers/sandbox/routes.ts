import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sandboxInboundRequest, sandboxInboundResponse, sandboxOutboxEntry, sandboxOutboxQuery, typedPhoneToE164 } from "@relais/shared";
import type { RateLimiter } from "../../platform/rate-limit.ts";
import { badRequest } from "../../platform/errors.ts";
import type { SandboxCarrier } from "./sandbox-carrier.ts";

/** Public, so a person acting as a phone needs no account; limited per address all the same. */
const SANDBOX_LIMIT = { max: 120, windowSeconds: 60 };

/**
 * The phone side of the sandbox network (development and tests only; app.ts never registers it
 * in production): inject a text as if a phone sent it, and read what the clinic texted a phone.
 */
export function sandboxRoutes(sandbox: SandboxCarrier, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/sandbox/inbound",
      { config: { public: true }, schema: { body: sandboxInboundRequest, response: { 201: sandboxInboundResponse } } },
      async (req, reply) => {
        await limiter.hit(`sandbox:${req.ip}`, SANDBOX_LIMIT);
        const from = typedPhoneToE164(req.body.from);
        const to = typedPhoneToE164(req.body.to);
        if (!from || !to) throw badRequest("error.phone-invalid");
        const { carrierMessageId } = await sandbox.receive({ from, to, body: req.body.body });
        return reply.status(201).send({ carrierMessageId });
      },
    );
    app.get(
      "/sandbox/outbox",
      { config: { public: true }, schema: { querystring: sandboxOutboxQuery, response: { 200: z.array(sandboxOutboxEntry) } } },
      async (req) => {
        await limiter.hit(`sandbox:${req.ip}`, SANDBOX_LIMIT);
        return sandbox.outboxFor(req.query.to).map((e) => ({
          carrierMessageId: e.carrierMessageId,
          from: e.from,
          to: e.to,
          body: e.body,
          status: e.status,
          failureReason: e.failureReason,
          sentAt: e.sentAt.toISOString(),
        }));
      },
    );
  };
}
