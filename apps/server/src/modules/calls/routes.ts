import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import { serve } from "../../platform/http/serve.ts";
import { checkCalls } from "./jobs.ts";
import { callsRuntime } from "./runtime.ts";
import * as svc from "./service.ts";

/** voice/v1 (issue 12): HTTP only; the rules are in service.ts. */
export function callRoutes(opts: { devTools: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.voice.outbound, ({ body, ctx }) => svc.placeOutbound(ctx, body));
    serve(app, endpoints.voice.offers, ({ ctx }) => svc.listOffers(ctx));
    serve(app, endpoints.voice.bySid, ({ params, ctx }) => svc.getCallBySid(ctx, params.sid));
    serve(app, endpoints.voice.answer, ({ body, ctx }) => svc.answer(ctx, body.callId));
    serve(app, endpoints.voice.reject, ({ body, ctx }) => svc.reject(ctx, body.callId));
    serve(app, endpoints.voice.rejectAll, ({ body, ctx }) => svc.rejectAll(ctx, body.callId));
    serve(app, endpoints.voice.hangup, ({ body, ctx }) => svc.hangup(ctx, body.callId));
    serve(app, endpoints.voice.hold, ({ body, ctx }) => svc.hold(ctx, body.callId));
    serve(app, endpoints.voice.resume, ({ body, ctx }) => svc.resume(ctx, body.callId));
    serve(app, endpoints.voice.digits, ({ body, ctx }) => svc.sendDigits(ctx, body.callId, body.digits));
    serve(app, endpoints.voice.queues, ({ ctx }) => svc.queueView(ctx));
    serve(app, endpoints.voice.park, ({ params, ctx }) => svc.park(ctx, params.callId));
    serve(app, endpoints.voice.pick, ({ body, ctx }) => svc.pick(ctx, body.callSid));
    serve(app, endpoints.voice.availability, ({ ctx }) => svc.availability(ctx));
    serve(app, endpoints.voice.transfer, ({ body, ctx }) => svc.transfer(ctx, body));
    serve(app, endpoints.voice.get, ({ params, ctx }) => svc.getCall(ctx, params.id));
    serve(app, endpoints.voice.voicemail, async ({ params, ctx, reply }) => {
      const audio = await svc.voicemailOf(ctx, params.id);
      return reply
        .type(audio.contentType)
        .header("content-length", String(audio.size))
        .header("content-disposition", "inline")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private")
        .send(audio.stream);
    });
    serve(app, endpoints.voice.token, ({ ctx }) => svc.voiceToken(ctx));
    serve(app, endpoints.voice.refreshToken, ({ ctx }) => svc.voiceToken(ctx));
    if (opts.devTools) serve(app, endpoints.voice.synchronize, ({ ctx }) => checkCalls(callsRuntime(), ctx.orgId, 0));
  };
}
