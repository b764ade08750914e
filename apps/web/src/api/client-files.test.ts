import { afterEach, describe, expect, it, vi } from "vitest";
import { endpoints } from "@relais/shared";
import { ApiClient } from "./client.ts";
import { ApiError } from "./errors.ts";

/** Uploads (FormData) and downloads (blob) through the one client. */

type Seen = { url: string; headers: Headers; body: unknown; method: string };

function serve(answer: (seen: Seen, index: number) => Response) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      const call = { url, headers: new Headers(init?.headers), body: init?.body, method: init?.method ?? "GET" };
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
    const id = "6f1c2b9e-8a1d-4c3e-9f5a-2b7d4e6a8c01";
    const ref = { id, contentType: "image/png", size: 3, filename: "a.png", url: `/api/messaging/v1/media/${id}` };
    const seen = serve(() => new Response(JSON.stringify(ref), { status: 201, headers: { "Content-Type": "application/json" } }));
    const form = new FormData();
    form.append("file", new Blob(["abc"], { type: "image/png" }), "a.png");
    expect(await client().call(endpoints.messaging.upload, { body: form })).toEqual(ref);
    expect(seen[0]?.method).toBe("POST");
    expect(seen[0]?.url).toBe("/api/messaging/v1/media");
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
    const blob = await c.call(endpoints.messaging.file, { params: { id: "1" } });
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe("image/png");
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([137, 80, 78, 71]);
    const failure = await c.call(endpoints.messaging.file, { params: { id: "2" } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: "error.not-found" });
  });

  it("asks for any type on a file entry and fills its path", async () => {
    const seen = serve(() => new Response("a;b\n", { status: 200, headers: { "Content-Type": "text/csv" } }));
    const report = await client().call(endpoints.contactImport.report, { params: { id: "run 1" } });
    expect(await report.text()).toBe("a;b\n");
    expect(seen[0]?.method).toBe("GET");
    expect(seen[0]?.url).toBe("/api/patients/import/run%201/report.csv");
    expect(seen[0]?.headers.get("Accept")).toBe("*/*");
  });
});
