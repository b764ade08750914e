import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from "fastify";
import type { WebsocketHandler } from "@fastify/websocket";
import {
  openApiPath,
  type EndpointBody,
  type EndpointDef,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
} from "@relais/shared";
import type { Ctx } from "../auth/ctx.ts";
import { ctxOf } from "../auth/guard.ts";
import { urgently } from "../../db/priority-pool.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The registry entry this route serves (packages/shared/src/endpoints); every /api route has one. */
    endpoint?: EndpointDef;
  }
}

/** What an endpoint's handler receives: the validated parts of the request and the caller. */
type Served<E extends EndpointDef> = {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  /** The caller; reading it on a public endpoint answers 401. */
  readonly ctx: Ctx;
  req: FastifyRequest;
  reply: FastifyReply;
};

/**
 * A JSON endpoint's handler returns its answer; a file, redirect, XML or HTML endpoint sends
 * through `reply` and returns it.
 */
export type EndpointHandler<E extends EndpointDef> = (
  served: Served<E>,
) => E["response"] extends object ? EndpointResult<E> | Promise<EndpointResult<E>> : FastifyReply | Promise<FastifyReply>;

/** Fastify's schema of an entry: validation of each part, the answer's serialisation, its OpenAPI text. */
function schemaOf(def: EndpointDef): FastifySchema {
  const schema: FastifySchema & { summary: string; consumes?: string[]; hide?: boolean } = { summary: def.summary };
  if (def.params) schema.params = def.params;
  if (def.query) schema.querystring = def.query;
  if (def.bodyKind === "multipart") schema.consumes = ["multipart/form-data"];
  else if (def.body) {
    schema.body = def.body;
    if (def.bodyKind === "form") schema.consumes = ["application/x-www-form-urlencoded"];
  }
  const response: Record<number, unknown> = {};
  if (def.response) response[def.status ?? 200] = def.response;
  for (const [status, other] of Object.entries(def.otherResponses ?? {})) response[Number(status)] = other;
  if (Object.keys(response).length > 0) schema.response = response;
  if (def.outsideApi) schema.hide = true;
  return schema;
}

function routeOptions(def: EndpointDef, prefix: string): Pick<RouteOptions, "method" | "url" | "schema" | "config"> {
  const access = def.access;
  return {
    method: def.method,
    url: prefix + def.path,
    schema: schemaOf(def),
    config: access.public ? { public: true, endpoint: def } : { role: access.role, tier: access.tier, endpoint: def },
  };
}

/**
 * Serves one registry entry: the route's method, path, validation, answer schema and access
 * all come from the entry; only the handler is the module's. The plugin `app` is the one under
 * /api; `outsideApi` entries are served by a plugin at the root with their own path.
 */
export function serve<E extends EndpointDef>(
  app: FastifyInstance,
  def: E,
  handler: EndpointHandler<E>,
  /** What only the server decides: a larger body for one route, a check before validation (a webhook's signature). */
  extra: Pick<RouteOptions, "bodyLimit" | "preValidation"> = {},
): void {
  app.route({
    ...routeOptions(def, ""),
    ...extra,
    handler: async (req, reply) => {
      const served = {
        // Validated by the entry's schemas before the handler runs (fastify-type-provider-zod).
        params: req.params as EndpointParams<E>,
        query: req.query as EndpointQuery<E>,
        body: req.body as EndpointBody<E>,
        get ctx() {
          return ctxOf(req);
        },
        req,
        reply,
      };
      const answer: unknown = await Promise.resolve(handler(served));
      if (def.response && def.status && answer !== reply) reply.status(def.status);
      return answer;
    },
  });
}

/**
 * serve(), with the handler run `urgently`: its connections come before the texts' when the pool
 * is busy (a call's setup and its staff's actions, db/priority-pool.ts).
 */
export function serveUrgent<E extends EndpointDef>(app: FastifyInstance, def: E, handler: EndpointHandler<E>): void {
  // urgently hands back what the handler answered, so the answer keeps the handler's own type.
  const urgent = (served: Served<E>) => urgently(async () => handler(served));
  serve(app, def, urgent as EndpointHandler<E>);
}

/** Serves the WebSocket entry (`answer: "websocket"`): Fastify's websocket route with the entry's path and access. */
export function serveWebsocket(app: FastifyInstance, def: EndpointDef, handler: WebsocketHandler): void {
  const options = routeOptions(def, "");
  app.route({
    ...options,
    // A WebSocket is not HTTP: the OpenAPI document leaves it out, as @fastify/websocket does.
    schema: { ...options.schema, hide: true },
    // A plain GET, without the upgrade, finds nothing here.
    handler: (_req, reply) => reply.callNotFound(),
    wsHandler: handler,
  });
}

/** The route of Fastify a registry entry becomes, as the OpenAPI document and the route list spell it. */
export function routeKey(def: Pick<EndpointDef, "method" | "path" | "outsideApi">): string {
  return `${def.method} ${def.outsideApi ? "" : "/api"}${openApiPath(def.path)}`;
}
