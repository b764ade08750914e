import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import multipart from "@fastify/multipart";
import { endpoints, MEDIA_LIMITS } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { badMultipart, readCapped } from "../../platform/http/multipart.ts";
import { serve } from "../../platform/http/serve.ts";
import { AppError } from "../../platform/errors.ts";
import type { Limit } from "../../platform/rate-limit.ts";
import * as svc from "./service.ts";

/** Uploads per person: a few greetings in a sitting, each perhaps tried again. */
const UPLOAD_LIMIT: Limit = { max: 30, windowSeconds: 60 };
/** The public link, per address: the carrier fetches a greeting at each call. */
const LINK_LIMIT: Limit = { max: 300, windowSeconds: 60 };

/** Audio bytes with headers that keep a browser from guessing or running anything. */
function sendAudio(reply: FastifyReply, audio: svc.OpenedAudio) {
  return reply
    .type(audio.contentType)
    .header("content-length", String(audio.size))
    .header("content-disposition", "inline")
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cache-control", "private")
    .send(audio.stream);
}

/** Transfer extensions and greetings per period, with their recordings (issue 13 §2–§3). */
export function voiceSettingsRoutes(deps: AppDeps, voiceSettings: svc.VoiceSettingsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MEDIA_LIMITS.mediaBytes, files: 1, fields: 2, parts: 3, fieldSize: 200, headerPairs: 20 },
    });
    const e = endpoints.voiceSettings;

    serve(app, e.transferExtensions, ({ ctx }) => svc.listTransferExtensions(voiceSettings, ctx));
    serve(app, e.createTransferExtension, ({ ctx, body }) => svc.createTransferExtension(voiceSettings, ctx, body));
    serve(app, e.updateTransferExtension, ({ ctx, params, body }) => svc.updateTransferExtension(voiceSettings, ctx, params.id, body));
    serve(app, e.removeTransferExtension, ({ ctx, params }) => svc.deleteTransferExtension(voiceSettings, ctx, params.id));

    serve(app, e.greetings, ({ ctx, query }) => svc.listGreetings(voiceSettings, ctx, query.teamId ?? null));
    serve(app, e.saveGreeting, ({ ctx, params, body }) => svc.saveGreeting(voiceSettings, ctx, params.period, body));

    serve(app, e.uploadRecording, async ({ ctx, req, reply }) => {
      await deps.limiter.hit(`audio-upload:${ctx.userId}`, UPLOAD_LIMIT);
      if (!req.isMultipart()) throw new AppError("error.bad-request", 415);
      const part = await req.file({ throwFileSizeLimit: false }).catch((err: unknown) => Promise.reject(badMultipart(err)));
      if (!part || part.fieldname !== "file") {
        throw new AppError("validation.required", 400, undefined, [{ path: "file", code: "validation.required" }]);
      }
      const upload = await readCapped(part.file).catch((err: unknown) => Promise.reject(badMultipart(err)));
      // The rest of an oversized upload is not read: the connection closes after the answer.
      if (upload.truncated) reply.header("connection", "close");
      return svc.uploadRecording(voiceSettings, ctx, upload);
    });
    serve(app, e.recordingFile, async ({ ctx, query, reply }) => sendAudio(reply, await svc.openRecording(voiceSettings, ctx, query.url)));
    serve(app, e.recordingLength, ({ ctx, query }) => svc.recordingLength(voiceSettings, ctx, query.recordingId));
    serve(app, e.signedRecording, async ({ params, query, req, reply }) => {
      await deps.limiter.hit(`audio-link:${req.ip}`, LINK_LIMIT);
      return sendAudio(reply, await svc.openSignedRecording(voiceSettings, params.id, query.exp, query.sig));
    });
  };
}
