import { expect, it } from "vitest";
import { apiSuite } from "./helpers.ts";

const { t } = apiSuite({ tenants: 0 });

it("publishes the OpenAPI document of every route at /api/docs", async () => {
  const res = await t.request({ method: "GET", url: "/api/docs/json" });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(doc.openapi).toMatch(/^3\./);
  for (const path of ["/api/auth/login", "/api/user-groups/{id}/members", "/api/organizations", "/api/status"]) {
    expect(Object.keys(doc.paths)).toContain(path);
  }
  const ui = await t.request({ method: "GET", url: "/api/docs" });
  expect([200, 302]).toContain(ui.statusCode);
});

it("echoes a request id on every answer", async () => {
  const res = await t.request({ method: "GET", url: "/api/health", headers: { "x-request-id": "abc-123" } });
  expect(res.headers["x-request-id"]).toBe("abc-123");
  const other = await t.request({ method: "GET", url: "/api/health" });
  expect(other.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});
