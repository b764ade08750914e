import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints, MEDIA_LIMITS, sandboxPhoneClientMessage, sandboxPhoneSocketQuery } from "@relais/shared";
import type { RawData } from "ws";
import multipart from "@fastify/multipart";
import { AppError, conflict, notFound } from "../../../platform/errors.ts";
import { badMultipart, readCapped } from "../../../platform/http/multipart.ts";
import { serve, serveUrgent, serveWebsocket } from "../../../platform/http/serve.ts";
import type { RateLimiter } from "../../../platform/rate-limit.ts";
import type { SandboxVoiceBridge } from "./bridge.ts";

const SANDBOX_LIMIT = { max: 120, windowSeconds: 60 };

/**
 * The phone simulator's calls (development and tests only, like the sandbox texts). What the
 * phone does to a call runs `urgently` (db/priority-pool.ts), as the carrier's webhooks do.
 */
export function sandboxCallRoutes(bridge: SandboxVoiceBridge, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    const limit = (ip: string) => limiter.hit(`sandbox:${ip}`, SANDBOX_LIMIT);
    const found = <T>(value: T | null): T => {
      if (value === null) throw notFound();
      return value;
    };
    serveUrgent(app, endpoints.voice.sandboxStart, async ({ body, req }) => {
      await limit(req.ip);
      return { call: found(await bridge.startFromPhone(body.from, body.to)) };
    });
    serve(app, endpoints.voice.sandboxCalls, async ({ query, req }) => {
      await limit(req.ip);
      return { calls: bridge.list(query.phone) };
    });
    serveUrgent(app, endpoints.voice.sandboxAnswer, async ({ params, req }) => {
      await limit(req.ip);
      const before = found(bridge.get(params.sid));
      if (before.state === "ended") throw conflict("error.call-ended");
      return found(await bridge.answerAtPhone(params.sid));
    });
    serveUrgent(app, endpoints.voice.sandboxReject, async ({ params, req }) => {
      await limit(req.ip);
      return found(await bridge.endAtPhone(params.sid, "busy"));
    });
    serveUrgent(app, endpoints.voice.sandboxHangup, async ({ params, req }) => {
      await limit(req.ip);
      return found(await bridge.endAtPhone(params.sid, "completed"));
    });
    await app.register(multipart, {
      limits: { fileSize: MEDIA_LIMITS.mediaBytes, files: 1, fields: 2, parts: 3, fieldSize: 200, headerPairs: 20 },
    });
    serve(app, endpoints.voice.sandboxVoicemail, async ({ params, req, reply }) => {
      await limit(req.ip);
      if (!req.isMultipart()) throw new AppError("error.bad-request", 415);
      const part = await req.file({ throwFileSizeLimit: false }).catch((err: unknown) => Promise.reject(badMultipart(err)));
      if (!part || part.fieldname !== "file") {
        throw new AppError("validation.required", 400, undefined, [{ path: "file", code: "validation.required" }]);
      }
      const upload = await readCapped(part.file).catch((err: unknown) => Promise.reject(badMultipart(err)));
      if (upload.truncated) reply.header("connection", "close");
      const answer = await bridge.voicemailAtPhone(params.sid, upload);
      if (answer === "not-recording") throw conflict("error.call-not-recording");
      return found(answer);
    });
    serveUrgent(app, endpoints.voice.sandboxDigits, async ({ params, body, req }) => {
      await limit(req.ip);
      return found(await bridge.digitsAtPhone(params.sid, body.digits));
    });
    serveWebsocket(app, endpoints.voice.sandboxPhoneSocket, (socket, req) => {
      const query = sandboxPhoneSocketQuery.safeParse(req.query);
      if (!query.success) {
        socket.close(4400, "number expected");
        return;
      }
      const number = query.data.number;
      bridge.attachPhone(number, socket);
      socket.on("message", (data: RawData) => {
        let parsed: ReturnType<typeof sandboxPhoneClientMessage.safeParse>;
        try {
          parsed = sandboxPhoneClientMessage.safeParse(JSON.parse(textOf(data)));
        } catch {
          return;
        }
        if (!parsed.success) return;
        const message = parsed.data;
        if (message.type === "call.signal") {
          bridge.fromPhone(number, message.callSid, message.signal);
          return;
        }
        bridge.digitsAtPhone(message.callSid, message.digits).catch((err: unknown) => req.log.warn({ err }, "sandbox digits failed"));
      });
    });
  };
}

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}
