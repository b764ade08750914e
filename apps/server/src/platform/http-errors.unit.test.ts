import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registerErrorHandling } from "./http-errors.ts";

/** An answer that breaks its own schema is a server bug: it still answers in the one error shape, naming the fields. */
describe("an answer that does not match its schema", () => {
  it("answers 500 error.unknown naming the fields, never their values", async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.get("/broken", { schema: { response: { 200: z.object({ id: z.uuid(), name: z.string() }) } } }, () => ({
      id: "secret-not-a-uuid",
      name: "Ada",
    }));
    const res = await app.inject({ method: "GET", url: "/broken" });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.error.code).toBe("error.unknown");
    expect(body.error.params).toEqual({ fields: "id" });
    expect(res.body).not.toContain("secret-not-a-uuid");
    await app.close();
  });
});
