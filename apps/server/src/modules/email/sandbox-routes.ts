import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { Db } from "../../db/database.ts";
import { serve } from "../../platform/http/serve.ts";
import type { Limit, RateLimiter } from "../../platform/rate-limit.ts";
import type { EmailDeps } from "./email-deps.ts";
import { connectSandboxMailbox, unsafeListSandboxMailboxes, unsafeSandboxInbound, unsafeSandboxMailbox } from "./sandbox-mail.ts";

/** Public like the rest of the sandbox, limited per address all the same (the simulator polls its mailbox). */
const WRITE_LIMIT: Limit = { max: 120, windowSeconds: 60 };
const READ_LIMIT: Limit = { max: 600, windowSeconds: 60 };

/**
 * The sandbox mailbox's routes (decision 0031), registered by app.ts only where the sandbox
 * network is on: a team connects it without OAuth; the simulator lists the teams' sandbox
 * mailboxes, writes to one as a contact and reads that contact's mailbox (the team's replies).
 */
export function sandboxEmailRoutes(email: EmailDeps, owner: Db, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.email.sandboxConnect, ({ ctx, body }) => connectSandboxMailbox(email, ctx, body.inboxEmail));
    serve(app, endpoints.email.sandboxMailboxes, async ({ req }) => {
      await limiter.hit(`sandbox-read:${req.ip}`, READ_LIMIT);
      return unsafeListSandboxMailboxes(owner);
    });
    serve(app, endpoints.email.sandboxInbound, async ({ body, req }) => {
      await limiter.hit(`sandbox:${req.ip}`, WRITE_LIMIT);
      return unsafeSandboxInbound(owner, body);
    });
    serve(app, endpoints.email.sandboxMailbox, async ({ query, req }) => {
      await limiter.hit(`sandbox-read:${req.ip}`, READ_LIMIT);
      return unsafeSandboxMailbox(owner, query.address);
    });
  };
}
