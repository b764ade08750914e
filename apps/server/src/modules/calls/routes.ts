import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import { serve, serveUrgent } from "../../platform/http/serve.ts";
import { checkCalls } from "./jobs.ts";
import type { CallsDeps } from "./calls-deps.ts";
import * as svc from "./service.ts";

/**
 * voice/v1 (issue 12): HTTP only; the rules are in service.ts. Every route but the voicemail's
 * download runs `urgently` (db/priority-pool.ts): a person answering or hanging up does not wait
 * behind a burst of texts for a connection.
 */
export function callRoutes(deps: CallsDeps, opts: { devTools: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    serveUrgent(app, endpoints.voice.outbound, ({ body, ctx }) => svc.placeOutbound(deps, ctx, body));
    serveUrgent(app, endpoints.voice.offers, ({ ctx }) => svc.listOffers(deps, ctx));
    serveUrgent(app, endpoints.voice.bySid, ({ params, ctx }) => svc.getCallBySid(deps, ctx, params.sid));
    serveUrgent(app, endpoints.voice.answer, ({ body, ctx }) => svc.answer(deps, ctx, body.callId));
    serveUrgent(app, endpoints.voice.reject, ({ body, ctx }) => svc.reject(deps, ctx, body.callId));
    serveUrgent(app, endpoints.voice.rejectAll, ({ body, ctx }) => svc.rejectAll(deps, ctx, body.callId));
    serveUrgent(app, endpoints.voice.hangup, ({ body, ctx }) => svc.hangup(deps, ctx, body.callId));
    serveUrgent(app, endpoints.voice.hold, ({ body, ctx }) => svc.hold(deps, ctx, body.callId));
    serveUrgent(app, endpoints.voice.resume, ({ body, ctx }) => svc.resume(deps, ctx, body.callId));
    serveUrgent(app, endpoints.voice.digits, ({ body, ctx }) => svc.sendDigits(deps, ctx, body.callId, body.digits));
    serveUrgent(app, endpoints.voice.queues, ({ ctx }) => svc.queueView(deps, ctx));
    serveUrgent(app, endpoints.voice.park, ({ params, ctx }) => svc.park(deps, ctx, params.callId));
    serveUrgent(app, endpoints.voice.pick, ({ body, ctx }) => svc.pick(deps, ctx, body.callSid));
    serveUrgent(app, endpoints.voice.availability, ({ ctx }) => svc.availability(deps, ctx));
    serveUrgent(app, endpoints.voice.transfer, ({ body, ctx }) => svc.transfer(deps, ctx, body));
    serveUrgent(app, endpoints.voice.get, ({ params, ctx }) => svc.getCall(deps, ctx, params.id));
    serve(app, endpoints.voice.voicemail, async ({ params, ctx, reply }) => {
      const audio = await svc.voicemailOf(deps, ctx, params.id);
      return reply
        .type(audio.contentType)
        .header("content-length", String(audio.size))
        .header("content-disposition", "inline")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private")
        .send(audio.stream);
    });
    serveUrgent(app, endpoints.voice.token, ({ ctx }) => svc.voiceToken(deps, ctx));
    serveUrgent(app, endpoints.voice.refreshToken, ({ ctx }) => svc.voiceToken(deps, ctx));
    if (opts.devTools) serveUrgent(app, endpoints.voice.synchronize, ({ ctx }) => checkCalls(deps, ctx.orgId, 0));
  };
}
