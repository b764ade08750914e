import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiClient } from "./client.ts";
import { ApiError } from "./errors.ts";

/** Uploads (FormData) and downloads (blob) through the one client. */

type Seen = { headers: Headers; body: unknown; method: string };

function serve(answer: (seen: Seen, index: number) => Response) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
      const call = { headers: new Headers(init?.headers), body: init?.body, method: init?.method ?? "GET" };
      seen.push(call);
      return answer(call, seen.length - 1);
    }),
  );
  return seen;
}

const client = () => {
  const c = new ApiClient({ locks: () => undefined });
  c.setToken({ jwt: "jeton", expires: Date.now() + 60_000 });
  return c;
};

describe("files through the API client", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends a FormData as is, without a JSON content type, with the token", async () => {
    const seen = serve(() => new Response(JSON.stringify({ id: "x" }), { status: 201, headers: { "Content-Type": "application/json" } }));
    const form = new FormData();
    form.append("file", new Blob(["abc"], { type: "image/png" }), "a.png");
    expect(await client().post("messaging/v1/media", { body: form })).toEqual({ id: "x" });
    expect(seen[0]?.body).toBe(form);
    expect(seen[0]?.headers.get("Content-Type")).toBeNull();
    expect(seen[0]?.headers.get("Authorization")).toBe("Bearer jeton");
  });

  it("reads a 2xx answer as a blob, and an error answer as the usual ApiError", async () => {
    serve((_seen, i) =>
      i === 0
        ? new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { "Content-Type": "image/png" } })
        : new Response(JSON.stringify({ error: { code: "error.not-found", message: "Élément introuvable." } }), {
            status: 404,
            headers: { "Content-Type": "application/json" },
          }),
    );
    const c = client();
    const blob = await c.getBlob("messaging/v1/media/1");
    expect(blob.type).toBe("image/png");
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([137, 80, 78, 71]);
    const failure = await c.getBlob("messaging/v1/media/2").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: "error.not-found" });
  });
});
