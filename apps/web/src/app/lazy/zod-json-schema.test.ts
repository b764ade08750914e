import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as zod from "zod";
import { leaveOutZodJsonSchema } from "./zod-json-schema.ts";

type Zod = typeof zod;

/** The installed zod package (node_modules/zod), found from its v4 entry. */
const zodDir = path.resolve(path.dirname(fileURLToPath(import.meta.resolve("zod/v4"))), "..");
const core = (file: string) => path.join("v4", "core", `${file}.js`);

describe("zod without its JSON Schema output (the web build)", () => {
  let copy: string;
  let z: Zod;

  beforeAll(async () => {
    // A copy of the installed zod under a node_modules path, its two modules as the build makes them.
    copy = path.join(mkdtempSync(path.join(tmpdir(), "relais-zod-")), "node_modules", "zod");
    cpSync(zodDir, copy, { recursive: true });
    for (const file of ["to-json-schema", "json-schema-processors"]) {
      const target = path.join(copy, core(file));
      const browser = leaveOutZodJsonSchema(readFileSync(target, "utf8"), target);
      expect(browser).not.toBeNull();
      writeFileSync(target, browser ?? "");
    }
    z = (await import(pathToFileURL(path.join(copy, "v4", "classic", "external.js")).href)) as Zod;
  });

  afterAll(() => rmSync(path.dirname(path.dirname(copy)), { recursive: true, force: true }));

  it("parses and reports issues as before", () => {
    const schema = z.object({ name: z.string().min(2).max(5), count: z.number().int().min(1), email: z.email().optional() });
    expect(schema.safeParse({ name: "abc", count: 2, email: "a@b.ca" })).toEqual({
      success: true,
      data: { name: "abc", count: 2, email: "a@b.ca" },
    });
    const failed = schema.safeParse({ name: "abcdefg", count: 0, email: "nope" });
    expect(failed.error?.issues.map((issue) => [issue.path.join("."), issue.code])).toEqual([
      ["name", "too_big"],
      ["count", "too_small"],
      ["email", "invalid_format"],
    ]);
  });

  it("keeps the checks a schema reports (aggregateChecks)", () => {
    expect(z.string().min(2).max(5).maxLength).toBe(5);
    expect(z.string().min(2).max(5).minLength).toBe(2);
    expect(z.number().min(3).minValue).toBe(3);
    expect(z.email().format).toBe("email");
  });

  it("throws instead of writing a JSON Schema", () => {
    expect(() => z.string().toJSONSchema()).toThrow("left out of the Relais web build");
    expect(() => z.toJSONSchema(z.string())).toThrow("left out of the Relais web build");
  });

  it("leaves every other module alone and fails on a zod of another shape", () => {
    expect(leaveOutZodJsonSchema("export const a = 1;", path.join(zodDir, core("schemas")))).toBeNull();
    expect(leaveOutZodJsonSchema("export const a = 1;", "/app/src/to-json-schema.js")).toBeNull();
    expect(() => leaveOutZodJsonSchema("export function other() {}", "/x/node_modules/zod/v4/core/json-schema-processors.js")).toThrow(
      "changed shape",
    );
  });
});
