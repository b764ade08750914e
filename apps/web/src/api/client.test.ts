import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { endpoint, endpoints } from "@relais/shared";
import { ApiClient, type ClientEvent, type LockManagerLike } from "./client.ts";
import { ApiError } from "./errors.ts";

type Call = { url: string; method: string; authorization: string | null; contentType: string | null; body: unknown };

/** Test entries: a GET answering the path it was called on, so replays can be told apart. */
const echo = (path: string) => endpoint({ method: "GET", path, summary: "test", access: {}, response: z.object({ path: z.string() }) });
const usersEcho = echo("/users");
const teamsEcho = echo("/user-groups");
const profileEcho = echo("/auth/profile");

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const futureExpiry = Date.now() + 15 * 60_000;

/** A recording fake of the server: `handle` answers each call; every call is kept in `calls`. */
function fakeServer(handle: (call: Call, index: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call: Call = {
      url: input instanceof Request ? input.url : input.toString(),
      method: init?.method ?? "GET",
      authorization: headers.get("Authorization"),
      contentType: headers.get("Content-Type"),
      body: init?.body,
    };
    calls.push(call);
    return handle(call, calls.length - 1);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

function recordEvents(client: ApiClient): ClientEvent[] {
  const events: ClientEvent[] = [];
  client.subscribe((event) => events.push(event));
  return events;
}

const noLocks = (): LockManagerLike | undefined => undefined;

describe("ApiClient", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  describe("401: one shared refresh, then replay", () => {
    let refreshCount = 0;
    let releaseRefresh: () => void = () => undefined;

    beforeEach(() => {
      refreshCount = 0;
    });

    function serverWithSlowRefresh() {
      const refreshGate = new Promise<void>((resolve) => {
        releaseRefresh = resolve;
      });
      return fakeServer(async (call) => {
        if (call.url.endsWith("/auth/refresh")) {
          refreshCount += 1;
          await refreshGate;
          return json(200, { jwt: "new-token", expires: futureExpiry });
        }
        if (call.authorization === "Bearer new-token") {
          return json(200, { path: new URL(call.url, "http://x").pathname });
        }
        return json(401, { error: { code: "error.session-expired", message: "expired" } });
      });
    }

    it("refreshes exactly once for concurrent 401s and replays every request with the new token", async () => {
      const { calls } = serverWithSlowRefresh();
      const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
      client.setToken({ jwt: "old-token", expires: futureExpiry });
      const events = recordEvents(client);

      const pending = Promise.all([client.call(usersEcho), client.call(teamsEcho), client.call(profileEcho)]);
      // Let the three first answers (401) arrive before the refresh completes.
      await vi.waitFor(() => {
        expect(refreshCount).toBe(1);
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
      releaseRefresh();
      const results = await pending;

      expect(refreshCount).toBe(1);
      expect(results).toEqual([{ path: "/api/users" }, { path: "/api/user-groups" }, { path: "/api/auth/profile" }]);
      const replays = calls.filter((c) => c.authorization === "Bearer new-token");
      expect(replays.map((c) => c.url).sort()).toEqual(["/api/auth/profile", "/api/user-groups", "/api/users"]);
      // The refresh call itself carries no bearer: the cookie speaks for the session.
      expect(calls.find((c) => c.url.endsWith("/auth/refresh"))?.authorization).toBeNull();
      expect(client.getToken()?.jwt).toBe("new-token");
      expect(events).toContainEqual({ type: "token", token: { jwt: "new-token", expires: futureExpiry } });
      expect(events.some((e) => e.type === "expired")).toBe(false);
    });

    it("runs the refresh inside the cross-tab lock when the browser offers one", async () => {
      serverWithSlowRefresh();
      const lockNames: string[] = [];
      const locks: LockManagerLike = {
        request: async (name, callback) => {
          lockNames.push(name);
          return callback();
        },
      };
      const client = new ApiClient({ baseUrl: "/api", locks: () => locks });
      client.setToken({ jwt: "old-token", expires: futureExpiry });
      const pending = Promise.all([client.call(echo("/a")), client.call(echo("/b"))]);
      await vi.waitFor(() => {
        expect(refreshCount).toBe(1);
      });
      releaseRefresh();
      await pending;
      expect(lockNames).toEqual(["relais-refresh"]);
    });

    it("does not refresh on a 401 of the login call", async () => {
      fakeServer(() => json(401, { error: { code: "error.invalid-credentials", message: "no" } }));
      const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
      const events = recordEvents(client);
      await expect(client.call(endpoints.auth.login, { body: { username: "a", password: "b" } })).rejects.toMatchObject({
        status: 401,
        code: "error.invalid-credentials",
      });
      expect(events).toEqual([]);
    });
  });

  it("expires the session when the refresh fails", async () => {
    const { calls } = fakeServer((call) =>
      call.url.endsWith("/auth/refresh")
        ? json(401, { error: { code: "error.unauthorized", message: "no" } })
        : json(401, { error: { code: "error.session-expired", message: "expired" } }),
    );
    const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
    client.setToken({ jwt: "old-token", expires: futureExpiry });
    const events = recordEvents(client);

    const results = await Promise.allSettled([client.call(endpoints.users.list), client.call(endpoints.teams.list)]);

    expect(results.every((r) => r.status === "rejected")).toBe(true);
    expect(calls.filter((c) => c.url.endsWith("/auth/refresh"))).toHaveLength(1);
    expect(events.filter((e) => e.type === "expired")).toHaveLength(1);
    expect(client.getToken()).toBeNull();
    // No replay after a failed refresh.
    expect(calls.filter((c) => !c.url.endsWith("/auth/refresh"))).toHaveLength(2);
  });

  it("retries a 440 once, then raises disconnected when it happens again", async () => {
    const { calls } = fakeServer(() => json(440, { error: { code: "error.session-replaced", message: "replaced" } }));
    const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
    client.setToken({ jwt: "token", expires: futureExpiry });
    const events = recordEvents(client);

    await expect(client.call(endpoints.users.list)).rejects.toMatchObject({ status: 440, code: "error.session-replaced" });

    expect(calls).toHaveLength(2);
    expect(calls.every((c) => c.authorization === "Bearer token")).toBe(true);
    expect(events).toContainEqual({ type: "disconnected" });
    expect(client.getToken()).toBeNull();
  });

  it("accepts the answer when the retry after a single 440 succeeds", async () => {
    fakeServer((_call, index) =>
      index === 0 ? json(440, { error: { code: "error.session-replaced", message: "replaced" } }) : json(200, { ok: true }),
    );
    const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
    client.setToken({ jwt: "token", expires: futureExpiry });
    const events = recordEvents(client);
    await expect(client.call(endpoints.users.remove, { params: { id: "u1" } })).resolves.toEqual({ ok: true });
    expect(events.some((e) => e.type === "disconnected")).toBe(false);
  });

  it("aborts a request that gets no answer within the timeout", async () => {
    vi.useFakeTimers();
    let seenSignal: AbortSignal | undefined;
    const fetchMock = vi.fn(
      (_input: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          seenSignal = init?.signal ?? undefined;
          init?.signal?.addEventListener("abort", () => {
            reject(new DOMException("aborted", "AbortError"));
          });
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const client = new ApiClient({ baseUrl: "/api", locks: noLocks, timeoutMs: 90_000 });

    const pending = client.call(endpoints.users.list);
    const outcome = pending.then(
      () => "resolved",
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(89_999);
    expect(seenSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const error = await outcome;
    expect(seenSignal?.aborted).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: "client.timeout" });
  });

  it("turns an error answer into an ApiError with code, message and params", async () => {
    fakeServer(() => json(429, { error: { code: "error.throttle", message: "Trop de requêtes", params: { retry: 30 } } }));
    const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
    await expect(client.call(endpoints.auth.login, { body: { username: "a", password: "b" } })).rejects.toMatchObject({
      status: 429,
      code: "error.throttle",
      message: "Trop de requêtes",
      params: { retry: 30 },
    });
  });

  it("parses answers with the entry's response schema and rejects answers that do not match", async () => {
    fakeServer((_call, index) => (index === 0 ? json(200, { jwt: "t", expires: 1 }) : json(200, { jwt: 42 })));
    const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
    await expect(client.call(endpoints.auth.refresh)).resolves.toEqual({ jwt: "t", expires: 1 });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(client.call(endpoints.auth.refresh)).rejects.toMatchObject({
      code: "client.invalid-answer",
    });
  });

  it("gives back what the schema makes of the answer (defaults, transforms)", async () => {
    fakeServer(() => json(200, { count: "3" }));
    const counted = endpoint({
      method: "GET",
      path: "/counted",
      summary: "test",
      access: {},
      response: z.object({ count: z.coerce.number(), label: z.string().default("none") }),
    });
    const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
    await expect(client.call(counted)).resolves.toEqual({ count: 3, label: "none" });
  });

  it("resolves undefined on an empty answer of an entry without a response schema", async () => {
    fakeServer(() => new Response(null, { status: 204 }));
    const empty = endpoint({ method: "DELETE", path: "/things/:id", summary: "test", access: {}, answer: "empty" });
    const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
    await expect(client.call(empty, { params: { id: "1" } })).resolves.toBeUndefined();
  });

  describe("call: the request made from the registry entry", () => {
    it("fills every path parameter, each encoded", async () => {
      const { calls } = fakeServer(() => json(200, { ok: true }));
      const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
      await client.call(endpoints.contacts.unlink, { params: { id: "t 1", contactId: "a/b?c" } });
      await client.call(endpoints.contacts.removeNote, { params: { id: "p1", noteId: "n#2" } });
      expect(calls.map((c) => [c.method, c.url])).toEqual([
        ["DELETE", "/api/patients/t%201/contacts/a%2Fb%3Fc"],
        ["DELETE", "/api/patients/p1/notes/n%232"],
      ]);
    });

    it("encodes a phone number in the path once (never twice)", async () => {
      const { calls } = fakeServer(() => json(200, { scheduledMessages: [] }));
      const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
      await client.call(endpoints.scheduledMessages.byPhone, { params: { phone: "+1 514 555-0100" } });
      expect(calls[0]?.url).toBe("/api/scheduled-messages/phone/%2B1%20514%20555-0100");
    });

    it("sends the query, leaving out what is undefined or null", async () => {
      const { calls } = fakeServer(() => json(200, { ok: true }));
      const list = endpoint({
        method: "GET",
        path: "/things",
        summary: "test",
        access: {},
        query: z.object({ a: z.string().optional(), n: z.number(), b: z.boolean(), c: z.string().nullable() }),
      });
      const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
      await client.call(list, { query: { a: undefined, n: 2, b: false, c: null } });
      await client.call(list, { query: { a: "x y&z", n: 0, b: true, c: "é" } });
      expect(calls.map((c) => c.url)).toEqual(["/api/things?n=2&b=false", "/api/things?a=x+y%26z&n=0&b=true&c=%C3%A9"]);
    });

    it("lets a query of optional filters be left out", async () => {
      const { calls } = fakeServer(() => json(200, []));
      const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
      await client.call(endpoints.textBlocks.tokens);
      await client.call(endpoints.textBlocks.tokens, { query: { sector: "dental" } });
      expect(calls.map((c) => c.url)).toEqual(["/api/communication-templates/tokens", "/api/communication-templates/tokens?sector=dental"]);
    });

    it("sends the body as JSON with the entry's method, and no body when the entry takes none", async () => {
      const { calls } = fakeServer(() => json(200, { ok: true }));
      const rename = endpoint({
        method: "PUT",
        path: "/users/:id/name",
        summary: "test",
        access: {},
        params: z.object({ id: z.string() }),
        body: z.object({ name: z.string() }),
        response: z.object({ ok: z.literal(true) }),
      });
      const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
      client.setToken({ jwt: "token", expires: futureExpiry });
      await client.call(rename, { params: { id: "u1" }, body: { name: "Ana" } });
      await client.call(endpoints.users.remove, { params: { id: "u1" } });
      expect(calls[0]).toMatchObject({ method: "PUT", url: "/api/users/u1/name", contentType: "application/json", body: '{"name":"Ana"}' });
      expect(calls[0]?.authorization).toBe("Bearer token");
      expect(calls[1]).toMatchObject({ method: "DELETE", url: "/api/users/u1", contentType: null, body: undefined });
    });

    it("never refreshes on 401 when told so (noRefresh)", async () => {
      const { calls } = fakeServer(() => json(401, { error: { code: "error.unauthorized", message: "no" } }));
      const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
      const events = recordEvents(client);
      await expect(client.call(endpoints.sandbox.settings, {}, { noRefresh: true })).rejects.toMatchObject({ status: 401 });
      expect(calls.map((c) => c.url)).toEqual(["/api/sandbox/settings"]);
      expect(events).toEqual([]);
    });

    it("lets the caller cancel: the abort reaches fetch and is not turned into an ApiError", async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(
          (_input: string | URL | Request, init?: RequestInit) =>
            new Promise<Response>((_resolve, reject) => {
              init?.signal?.addEventListener("abort", () => {
                reject(new DOMException("aborted", "AbortError"));
              });
            }),
        ),
      );
      const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
      const controller = new AbortController();
      const pending = client.call(endpoints.users.list, {}, { signal: controller.signal });
      controller.abort();
      const error = await pending.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DOMException);
      expect(error).not.toBeInstanceOf(ApiError);
    });
  });
});
