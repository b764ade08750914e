import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoint, listEndpoints, okResponse } from "@relais/shared";
import { registerAuthGuard } from "../src/platform/auth/guard.ts";
import { registerErrorHandling } from "../src/platform/http-errors.ts";
import { requireRegistryEntries } from "../src/platform/http/registry-check.ts";
import { serve } from "../src/platform/http/serve.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

/**
 * The endpoint registry (packages/shared/src/endpoints) and the server agree both ways: every
 * entry has a handler, and no /api route exists outside the registry.
 */
let t: TestApp;
beforeAll(async () => {
  // Every part switched on, so that each entry has a chance to be served: dev tools and the sandbox phones.
  t = await createTestApp({ devTools: true });
  await t.app.ready();
});
afterAll(() => t.close());

describe("the endpoint registry", () => {
  it("has a handler for every entry", () => {
    const missing = listEndpoints().filter(
      ({ def }) => !t.app.hasRoute({ method: def.method, url: `${def.outsideApi ? "" : "/api"}${def.path}` }),
    );
    expect(missing.map((e) => e.name)).toEqual([]);
  });

  it("names each entry once: one method and path per endpoint", () => {
    const keys = listEndpoints().map(({ def }) => `${def.method} ${def.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("stops the app from starting with an /api route outside the registry", async () => {
    const declared = endpoint({ method: "GET", path: "/declared", summary: "declared", access: { public: true } });
    const start = async (withUndeclared: boolean) => {
      const app = Fastify();
      requireRegistryEntries(app);
      await app.register(
        async (api) => {
          serve(api, declared, (s) => s.reply.send());
          if (withUndeclared) api.get("/undeclared", () => "nope");
        },
        { prefix: "/api" },
      );
      await app.ready();
      await app.close();
    };
    await expect(start(false)).resolves.toBeUndefined();
    await expect(start(true)).rejects.toThrow(/GET \/api\/undeclared is not declared in the endpoint registry/);
  });
});

describe("an entry's tier rule", () => {
  /** An app of its own with the real guard, one entry that needs outgoing calls (tier permission 1), and the test app's sessions. */
  async function appWithTierRule() {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    registerAuthGuard(app, t.db.app, t.signer, null);
    const callOut = endpoint({
      method: "POST",
      path: "/call-out",
      summary: "needs permission 1",
      access: { tier: "callOut" },
      response: okResponse,
    });
    await app.register(async (api) => serve(api, callOut, () => ({ ok: true as const })), { prefix: "/api" });
    return app;
  }

  it("refuses with 403 error.tier-forbidden an organisation whose tier lacks it, and lets the others through", async () => {
    const app = await appWithTierRule();
    const call = async (tierId: number | null) => {
      const org = await t.tenant({ tierId });
      const session = await t.login(org.users.user.email);
      const inject = () => app.inject({ method: "POST", url: "/api/call-out", headers: { authorization: `Bearer ${session.jwt}` } });
      return Object.assign(await inject(), { orgId: org.orgId, again: inject });
    };
    const essential = await call(1);
    expect(essential.statusCode).toBe(403);
    expect(essential.json().error.code).toBe("error.tier-forbidden");
    // Read with each request's session: an upgrade takes effect at the next request, in the same session.
    await t.db.owner.updateTable("organizations").set({ tier_id: 2 }).where("id", "=", essential.orgId).execute();
    expect((await essential.again()).statusCode).toBe(200);
    expect((await call(2)).statusCode).toBe(200);
    // An unknown tier allows outgoing calls (spec part 1 §6).
    expect((await call(null)).statusCode).toBe(200);
    await app.close();
  });
});
