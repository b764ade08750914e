import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints, typedPhoneToE164 } from "@relais/shared";
import { serve } from "../../platform/http/serve.ts";
import type { RateLimiter } from "../../platform/rate-limit.ts";
import { badRequest } from "../../platform/errors.ts";
import { phoneMediaOf } from "./phone-media.ts";
import type { SandboxCarrier } from "./sandbox-carrier.ts";

/** Public, so a person acting as a phone needs no account; limited per address all the same. */
const SANDBOX_LIMIT = { max: 120, windowSeconds: 60 };

/** Room for the files of one message in base64 (under 20 MB, a third more once encoded) and the JSON around them. */
const INBOUND_BODY_LIMIT = 28_000_000;

/**
 * The phone side of the sandbox network (development and tests only; app.ts never registers it
 * in production): inject a text as if a phone sent it, and read what the clinic texted a phone.
 */
export function sandboxRoutes(sandbox: SandboxCarrier, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    serve(
      app,
      endpoints.sandbox.inbound,
      async ({ body, req }) => {
        await limiter.hit(`sandbox:${req.ip}`, SANDBOX_LIMIT);
        const from = typedPhoneToE164(body.from);
        const to = typedPhoneToE164(body.to);
        if (!from || !to) throw badRequest("error.phone-invalid");
        const media = await phoneMediaOf(body.media ?? []);
        const { carrierMessageId } = await sandbox.receive({ from, to, body: body.body, media });
        // Only once Relais accepted it: the simulator shows what the clinic actually received.
        await sandbox.phoneLog.record({ carrierMessageId, from, to, body: body.body, media: body.media ?? [] });
        return { carrierMessageId };
      },
      { bodyLimit: INBOUND_BODY_LIMIT },
    );
    serve(app, endpoints.sandbox.outbox, async ({ query, req }) => {
      await limiter.hit(`sandbox:${req.ip}`, SANDBOX_LIMIT);
      return sandbox.outboxFor(query.to).map((e) => ({
        carrierMessageId: e.carrierMessageId,
        from: e.from,
        to: e.to,
        body: e.body,
        media: e.media,
        status: e.status,
        failureReason: e.failureReason,
        sentAt: e.sentAt.toISOString(),
      }));
    });
  };
}
