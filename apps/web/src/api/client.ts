import {
  fillPath,
  REFRESH_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  type EndpointAnswer,
  type EndpointDef,
  type EndpointInput,
} from "@relais/shared";
import { authEndpoints } from "@relais/shared/endpoints/auth";
import { ApiError, CLIENT_ERROR, apiErrorFromBody } from "./errors.ts";

/** Anything with a zod-like `parse`: the shared contract schemas. */
type Parser<T> = { parse: (data: unknown) => T };

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type QueryValue = string | number | boolean | null | undefined;

export interface CallOptions<T> {
  /** JSON, or a FormData sent as multipart (a file upload). */
  body?: unknown;
  /** "blob": a 2xx answer is the file itself (spec: file download is a GET with a blob response). */
  responseType?: "json" | "blob";
  query?: Record<string, QueryValue>;
  /** Shared contract schema the answer must satisfy. */
  schema?: Parser<T>;
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Never try a token refresh on 401 (the profile read at start-up, public pages). */
  noRefresh?: boolean;
  timeoutMs?: number;
  /**
   * Let the call finish if the page goes away (reload, navigation): a refresh whose answer is
   * lost would leave the browser holding a refresh cookie the server already rotated.
   */
  keepalive?: boolean;
}

/** What a caller may add to an endpoint call: everything else comes from the registry entry. */
type EndpointCallOptions = Pick<CallOptions<unknown>, "signal" | "noRefresh" | "timeoutMs" | "keepalive">;

/** The arguments of `call`: the input may be left out when the endpoint needs none. */
export type EndpointCallArgs<E extends EndpointDef> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: EndpointCallOptions]
    : [input: EndpointInput<E>, options?: EndpointCallOptions];

export type SessionToken = { jwt: string; expires: number };

export type ClientEvent =
  | { type: "token"; token: SessionToken | null }
  /** The refresh failed: the session is over, the person must sign in again. */
  | { type: "expired" }
  /** A newer sign-in elsewhere replaced this session (440 twice). */
  | { type: "disconnected" };

export interface LockManagerLike {
  request: <T>(name: string, callback: () => Promise<T>) => Promise<T>;
}

export interface ApiClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  refreshTimeoutMs?: number;
  /** Cross-tab lock (Web Locks API); read on each refresh so tests may swap it. */
  locks?: () => LockManagerLike | undefined;
}

/** Calls that must never trigger a refresh on 401: they are the session's own machinery. */
const { refresh, login, logout, forgotPassword, resetPassword } = authEndpoints;
const NO_REFRESH_PATHS = new Set([refresh, login, logout, forgotPassword, resetPassword].map((e) => e.path.replace(/^\//, "")));

/** The status a newer sign-in elsewhere gives to this session's calls (DESIGN §4). */
const SESSION_REPLACED = 440;

const REFRESH_LOCK = "relais-refresh";

function browserLocks(): LockManagerLike | undefined {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== "function") {
    return undefined;
  }
  return { request: (name, callback) => locks.request(name, () => callback()) };
}

type Answer = { status: number; body: unknown; tokenUsed: string | null };

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) {
    return undefined;
  }
  const text = await response.text();
  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one HTTP client of the web app (DESIGN §2 `api/`): JSON over `/api`, bearer token kept in
 * memory only, 90 s timeout, errors as ApiError. Session rules of spec part 1 §4:
 * - 401 → one refresh shared by every request waiting on it (and serialised across tabs with a
 *   Web Lock so two tabs never rotate the same refresh cookie at once), then one replay; if the
 *   refresh fails the session expires.
 * - 440 → one retry with the current token; a second 440 means another sign-in replaced this
 *   session: the token is dropped and `disconnected` is raised.
 */
export class ApiClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly refreshTimeoutMs: number;
  private readonly locks: () => LockManagerLike | undefined;
  private token: SessionToken | null = null;
  private locale: string | null = null;
  private refreshing: Promise<boolean> | null = null;
  private expiredRaised = false;
  private readonly listeners = new Set<(event: ClientEvent) => void>();

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? "/api").replace(/\/$/, "");
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    this.refreshTimeoutMs = options.refreshTimeoutMs ?? REFRESH_TIMEOUT_MS;
    this.locks = options.locks ?? browserLocks;
  }

  subscribe(listener: (event: ClientEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The interface language: the server writes its error messages in it (Accept-Language). */
  setLocale(locale: string | null): void {
    this.locale = locale;
  }

  getToken(): SessionToken | null {
    return this.token;
  }

  setToken(token: SessionToken | null): void {
    this.token = token;
    if (token) {
      this.expiredRaised = false;
    }
    this.emit({ type: "token", token });
  }

  /** Another channel (the realtime socket) learnt that a newer sign-in replaced this session. */
  markDisconnected(): void {
    this.token = null;
    this.emit({ type: "disconnected" });
  }

  /** Another channel (the realtime socket) learnt that the session is over and cannot be refreshed. */
  markExpired(): void {
    this.expire();
  }

  /**
   * Calls one endpoint of the registry (packages/shared/src/endpoints): its method, path and
   * answer schema come from the entry, the input is typed from its schemas, and a file answer
   * is a Blob. The one way screens reach the API.
   */
  call<E extends EndpointDef>(def: E, ...[input, options]: EndpointCallArgs<E>): Promise<EndpointAnswer<E>> {
    const given = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, QueryValue>; body?: unknown };
    const file = def.answer === "file";
    const call: CallOptions<EndpointAnswer<E>> = {
      ...options,
      body: given.body,
      query: given.query,
      responseType: file ? "blob" : "json",
      // The registry's schema parses the answer; a file is a Blob as it came.
      schema: !file && def.response ? (def.response as Parser<EndpointAnswer<E>>) : undefined,
    };
    return this.request(def.method, fillPath(def.path, given.params), call);
  }

  /** One request under the session rules; every call of a screen comes through `call`. */
  private async request<T>(method: HttpMethod, path: string, options: CallOptions<T> = {}): Promise<T> {
    const clean = path.replace(/^\//, "");
    let answer = await this.send(method, clean, options, this.timeoutMs, true);

    if (answer.status === 401 && !options.noRefresh && !NO_REFRESH_PATHS.has(clean)) {
      // A refresh finished while this request was in flight: its token is already new, replay.
      const alreadyRefreshed = this.token !== null && this.token.jwt !== answer.tokenUsed;
      const refreshed = alreadyRefreshed || (await this.refresh());
      if (!refreshed) {
        this.expire();
        throw apiErrorFromBody(401, answer.body);
      }
      answer = await this.send(method, clean, options, this.timeoutMs, true);
      if (answer.status === 401) {
        this.expire();
        throw apiErrorFromBody(401, answer.body);
      }
    }

    if (answer.status === SESSION_REPLACED) {
      answer = await this.send(method, clean, options, this.timeoutMs, true);
      if (answer.status === SESSION_REPLACED) {
        this.token = null;
        this.emit({ type: "disconnected" });
        throw apiErrorFromBody(SESSION_REPLACED, answer.body);
      }
    }

    if (answer.status < 200 || answer.status >= 300) {
      throw apiErrorFromBody(answer.status, answer.body);
    }
    if (!options.schema || options.responseType === "blob") {
      return answer.body as T;
    }
    try {
      return options.schema.parse(answer.body);
    } catch (error) {
      console.error(`Unexpected answer of ${method} ${clean}`, error);
      throw new ApiError(answer.status, CLIENT_ERROR.invalidAnswer);
    }
  }

  /**
   * Get a new access token from the refresh cookie. Every caller arriving while a refresh is under
   * way shares it; resolves false when the cookie holds no valid session. Never expires the
   * session itself: start-up uses it to find out whether a session exists at all.
   */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.runLocked(() => this.refreshNow()).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async runLocked(task: () => Promise<boolean>): Promise<boolean> {
    const locks = this.locks();
    if (!locks) {
      return task();
    }
    try {
      return await locks.request(REFRESH_LOCK, task);
    } catch {
      return false;
    }
  }

  private async refreshNow(): Promise<boolean> {
    try {
      const answer = await this.send(refresh.method, refresh.path.replace(/^\//, ""), { keepalive: true }, this.refreshTimeoutMs, false);
      if (answer.status < 200 || answer.status >= 300) {
        return false;
      }
      const token = refresh.response.parse(answer.body);
      this.setToken({ jwt: token.jwt, expires: token.expires });
      return true;
    } catch {
      return false;
    }
  }

  private expire(): void {
    this.token = null;
    if (this.expiredRaised) {
      return;
    }
    this.expiredRaised = true;
    this.emit({ type: "expired" });
  }

  private emit(event: ClientEvent): void {
    for (const listener of this.listeners) {
      listener(event);
    }
  }

  private url(path: string, query?: Record<string, QueryValue>): string {
    let url = `${this.baseUrl}/${path}`;
    if (query) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && value !== null) {
          params.set(key, String(value));
        }
      }
      const text = params.toString();
      if (text) {
        url += `?${text}`;
      }
    }
    return url;
  }

  private async send<T>(method: HttpMethod, path: string, options: CallOptions<T>, timeoutMs: number, withToken: boolean): Promise<Answer> {
    const tokenUsed = withToken ? (this.token?.jwt ?? null) : null;
    const blob = options.responseType === "blob";
    const headers: Record<string, string> = { Accept: blob ? "*/*" : "application/json" };
    if (this.locale) {
      headers["Accept-Language"] = this.locale;
    }
    if (tokenUsed) {
      headers.Authorization = `Bearer ${tokenUsed}`;
    }
    const hasBody = options.body !== undefined;
    // A FormData goes as is: the browser writes the multipart boundary into Content-Type.
    const form = typeof FormData !== "undefined" && options.body instanceof FormData ? options.body : null;
    if (hasBody && !form) {
      headers["Content-Type"] = "application/json";
    }

    const controller = new AbortController();
    // An object, not a `let`: the flag flips inside the timer callback, out of the checker's sight.
    const deadline = { passed: false };
    const timer = setTimeout(() => {
      deadline.passed = true;
      controller.abort();
    }, timeoutMs);
    const cancel = (): void => {
      controller.abort();
    };
    const callerAborted = (): boolean => options.signal?.aborted === true;
    if (callerAborted()) {
      cancel();
    }
    options.signal?.addEventListener("abort", cancel, { once: true });

    try {
      const response = await globalThis.fetch(this.url(path, options.query), {
        method,
        headers,
        body: form ?? (hasBody ? JSON.stringify(options.body) : undefined),
        credentials: "include",
        keepalive: options.keepalive,
        signal: controller.signal,
      });
      const body = blob && response.ok ? await response.blob() : await readBody(response);
      return { status: response.status, body, tokenUsed };
    } catch (error) {
      if (deadline.passed) {
        throw new ApiError(0, CLIENT_ERROR.timeout);
      }
      if (callerAborted()) {
        throw error;
      }
      throw new ApiError(0, CLIENT_ERROR.network, error instanceof Error ? error.message : undefined);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", cancel);
    }
  }
}
