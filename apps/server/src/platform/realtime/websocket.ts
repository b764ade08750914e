import type { FastifyPluginAsync } from "fastify";
import type { RawData } from "ws";
import { REALTIME_CLOSE, endpoints, realtimeAuthMessage, realtimeSocketQuery, type RealtimeAuthMessage } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { AppError } from "../errors.ts";
import { serveWebsocket } from "../http/serve.ts";
import { resolveCtx } from "../auth/sessions.ts";
import type { Hub } from "./hub.ts";

const INTERNAL_ERROR = 1011;

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}

function parseAuth(data: RawData): RealtimeAuthMessage | null {
  try {
    const parsed = realtimeAuthMessage.safeParse(JSON.parse(textOf(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The close code for a refused token: a session replaced by a newer sign-in is 4440, like HTTP 440. */
function closeCodeFor(err: unknown): number | null {
  if (!(err instanceof AppError)) return null;
  return err.status === 440 ? REALTIME_CLOSE.sessionReplaced : REALTIME_CLOSE.unauthorized;
}

/**
 * GET /api/realtime: one WebSocket per browser tab (DESIGN §5). A browser cannot put an
 * Authorization header on a WebSocket, and a token in the URL would land in proxy logs, so the
 * route is public and the FIRST message must be `{type: "auth", token, after?}` within
 * `authTimeoutMs`; anything else closes with 4401. The token is checked against its session row
 * exactly as an HTTP request is (resolveCtx).
 */
export function realtimeSocketRoute(deps: AppDeps, hub: Hub, authTimeoutMs: number): FastifyPluginAsync {
  return async (app) => {
    serveWebsocket(app, endpoints.realtime.socket, (socket, req) => {
      // Validated by the route's schema before the upgrade; read again here for its type.
      const framing = realtimeSocketQuery.parse(req.query).frames ?? "single";
      const refuse = (code: number, reason: string) => socket.close(code, reason);
      const timer = setTimeout(() => refuse(REALTIME_CLOSE.unauthorized, "auth expected"), authTimeoutMs);
      socket.on("close", () => clearTimeout(timer));

      const authenticate = async (msg: RealtimeAuthMessage) => {
        const ctx = await resolveCtx(deps.db.app, deps.signer, msg.token, req.ip).catch((err: unknown) => {
          const code = closeCodeFor(err);
          if (code === null) throw err;
          refuse(code, code === REALTIME_CLOSE.sessionReplaced ? "session replaced" : "unauthorized");
          return null;
        });
        if (ctx) await hub.join(socket, ctx, msg.after, framing);
      };

      // Attached synchronously, as @fastify/websocket requires, so no early message is lost.
      const onFirstMessage = (data: RawData) => {
        socket.off("message", onFirstMessage);
        clearTimeout(timer);
        const msg = parseAuth(data);
        if (!msg) {
          refuse(REALTIME_CLOSE.unauthorized, "auth expected");
          return;
        }
        authenticate(msg).catch((err: unknown) => {
          req.log.error({ err }, "realtime authentication failed");
          refuse(INTERNAL_ERROR, "try again");
        });
      };
      socket.on("message", onFirstMessage);
    });
  };
}
