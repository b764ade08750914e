import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refreshResponse } from "@relais/shared";
import { ApiClient, type ClientEvent, type LockManagerLike } from "./client.ts";
import { ApiError } from "./errors.ts";

type Call = { url: string; method: string; authorization: string | null };

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

      const pending = Promise.all([client.get("users"), client.get("user-groups"), client.get("auth/profile")]);
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
      const pending = Promise.all([client.get("a"), client.get("b")]);
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
      await expect(client.post("auth/login", { body: { username: "a", password: "b" } })).rejects.toMatchObject({
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

    const results = await Promise.allSettled([client.get("users"), client.get("user-groups")]);

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

    await expect(client.get("users")).rejects.toMatchObject({ status: 440, code: "error.session-replaced" });

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
    await expect(client.get("users")).resolves.toEqual({ ok: true });
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

    const pending = client.get("users");
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
    await expect(client.post("auth/login", { body: {} })).rejects.toMatchObject({
      status: 429,
      code: "error.throttle",
      message: "Trop de requêtes",
      params: { retry: 30 },
    });
  });

  it("parses answers with the contract schema and rejects answers that do not match", async () => {
    fakeServer((_call, index) => (index === 0 ? json(200, { jwt: "t", expires: 1 }) : json(200, { jwt: 42 })));
    const client = new ApiClient({ baseUrl: "/api", locks: noLocks });
    await expect(client.get("thing", { schema: refreshResponse })).resolves.toEqual({ jwt: "t", expires: 1 });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(client.get("thing", { schema: refreshResponse })).rejects.toMatchObject({
      code: "client.invalid-answer",
    });
  });
});
