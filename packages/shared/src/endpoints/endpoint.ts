import type { z } from "zod";
import type { Role } from "../rules/roles.ts";
import type { TierRule } from "../rules/tiers.ts";

export type EndpointMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Who may call an endpoint. `public`: no session (sign-in, webhooks, signed links). Otherwise a
 * session, and `role` is the least role the caller must count as (roleCountsAs); `tier` names a
 * tier rule the caller's organisation must pass. Finer rules (team administrator, author of a
 * note) are the service's, and `who` says them in the API map.
 */
export type EndpointAccess = { public: true } | { public?: false; role?: Role; tier?: TierRule };

/** Where the endpoint is served: everywhere, or only with the development tools / the sandbox phones on. */
export type EndpointAvailability = "always" | "dev" | "sandbox";

/**
 * The body an endpoint reads: JSON validated by `body`, a multipart upload, a Twilio form
 * (`application/x-www-form-urlencoded`, validated by `body`), or none.
 */
export type EndpointBodyKind = "json" | "multipart" | "form";

/**
 * What a 2xx answer is: JSON validated by `response`, a file (a blob for the web), a redirect,
 * TwiML / XML for a carrier, a WebSocket upgrade, or nothing (204).
 */
export type EndpointAnswerKind = "json" | "file" | "redirect" | "xml" | "websocket" | "empty";

/** One HTTP endpoint, declared once: the server serves it, the web calls it, the docs list it. */
export interface EndpointDef {
  method: EndpointMethod;
  /** Under /api, in Fastify's syntax: `/user-groups/:id`. */
  path: string;
  /** One line for the API map and OpenAPI: what it does, the answers worth knowing. */
  summary: string;
  access: EndpointAccess;
  /** A finer rule than `access` says, in words, for the API map ("team administrator"). */
  who?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyKind?: EndpointBodyKind;
  response?: z.ZodType;
  answer?: EndpointAnswerKind;
  /** The success status; 200 unless said. */
  status?: 200 | 201 | 202 | 204 | 302;
  availability?: EndpointAvailability;
  /** Other answers than success the endpoint documents, with their schema (health's 503). */
  otherResponses?: Partial<Record<number, z.ZodType>>;
  /** Also served outside /api (the short-link redirect `/l/:code`). */
  outsideApi?: boolean;
}

/** Declares an endpoint, keeping its literal types for the server handler and the web client. */
export function endpoint<const D extends EndpointDef>(def: D): D {
  return def;
}

/** The names of an endpoint path's parameters, in order: `/a/:id/b/:userId` → id, userId. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
}

/** The path with its parameters filled in, each encoded: the web's request URL under /api. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The OpenAPI spelling of a path: `/user-groups/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, "{$1}");
}

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type InferInput<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler receives, after validation. */
export type EndpointParams<E extends EndpointDef> = Infer<E["params"]>;
export type EndpointQuery<E extends EndpointDef> = Infer<E["query"]>;
export type EndpointBody<E extends EndpointDef> = E["bodyKind"] extends "multipart" ? undefined : Infer<E["body"]>;

/** What the server's handler returns for a JSON endpoint (before serialisation). */
export type EndpointResult<E extends EndpointDef> = E["response"] extends z.ZodType ? z.input<E["response"]> : never;

/** What the web gets back: the parsed answer, or a Blob for a file. */
export type EndpointAnswer<E extends EndpointDef> = E["answer"] extends "file"
  ? Blob
  : E["response"] extends z.ZodType
    ? z.output<E["response"]>
    : undefined;

type Optionalise<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] };

/** A query whose every field is optional (filters) may be left out, as if `{}`. */
type Loose<K, V> = K extends "query" ? (Record<string, never> extends V ? true : false) : false;
type LooseParts<T> = { [K in keyof T as Loose<K, T[K]> extends true ? K : never]?: T[K] } & {
  [K in keyof T as Loose<K, T[K]> extends true ? never : K]: T[K];
};

/** What the web passes to call an endpoint: the parts it declares, typed from their schemas. */
export type EndpointInput<E extends EndpointDef> = LooseParts<
  Optionalise<{
    params: InferInput<E["params"]>;
    query: InferInput<E["query"]>;
    body: E["bodyKind"] extends "multipart" ? FormData : InferInput<E["body"]>;
  }>
>;
