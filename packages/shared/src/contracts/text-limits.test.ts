import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as shared from "../index.ts";

/**
 * Every text a person or a client can send has a maximum length (issue 15 §5: a 5 000-character
 * first name broke the contact panel), refused with validation.max-length — the spec's
 * "Maximum de {maxLength} caractères." — rather than stored.
 */

interface Found {
  path: string;
  max: number | null;
  bounded: boolean;
  /** The message of its maximum, when it has one. */
  maxMessage: string | null;
}

/** Every string of a request schema, with its maximum (or whether a pattern bounds it). */
function strings(schema: z.core.$ZodType, path: string, out: Found[], seen = new Set<z.core.$ZodType>()): Found[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = schema._zod.def;
  switch (def.type) {
    case "string": {
      const max = (schema as z.ZodString).maxLength;
      const checks: string[] = (def.checks ?? []).map((c) => c._zod.def.check);
      const maxCheck = (def.checks ?? []).find((c) => c._zod.def.check === "max_length");
      const error = maxCheck?._zod.def.error;
      const said: unknown = error ? error({ code: "too_big", input: "", origin: "string", maximum: max ?? 0 } as never) : null;
      const maxMessage = typeof said === "string" ? said : null;
      // A format (uuid, email…) or a pattern bounds the text as surely as a maximum.
      const shaped = "format" in def || checks.includes("regex") || checks.includes("string_format");
      out.push({ path, max, bounded: max !== null || shaped, maxMessage });
      break;
    }
    case "object":
      for (const [key, value] of Object.entries((def as z.core.$ZodObjectDef).shape)) strings(value, `${path}.${key}`, out, seen);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      strings((def as z.core.$ZodOptionalDef).innerType, path, out, seen);
      break;
    case "pipe":
      strings((def as z.core.$ZodPipeDef).in, path, out, seen);
      break;
    case "array":
      strings((def as z.core.$ZodArrayDef).element, `${path}[]`, out, seen);
      break;
    case "union":
      (def as z.core.$ZodUnionDef).options.forEach((o, i) => strings(o, `${path}|${i}`, out, seen));
      break;
    case "intersection":
      strings((def as z.core.$ZodIntersectionDef).left, path, out, seen);
      strings((def as z.core.$ZodIntersectionDef).right, path, out, seen);
      break;
    case "record":
      strings((def as z.core.$ZodRecordDef).keyType, `${path}{key}`, out, seen);
      strings((def as z.core.$ZodRecordDef).valueType, `${path}{}`, out, seen);
      break;
    case "lazy":
      strings((def as z.core.$ZodLazyDef).getter(), path, out, seen);
      break;
    default:
      break;
  }
  return out;
}

const requests = Object.entries(shared as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => /(Request|Query|Params|Body)$/.test(entry[0]) && entry[1] instanceof z.ZodType,
);

describe("free text in requests", () => {
  it("finds the request schemas", () => {
    expect(requests.length).toBeGreaterThan(30);
  });

  it("every text a request carries has a maximum length", () => {
    const unbounded = requests.flatMap(([name, schema]) =>
      strings(schema, name, [])
        .filter((s) => !s.bounded)
        .map((s) => s.path),
    );
    expect(unbounded).toEqual([]);
  });

  it("refuses a text too long with the spec's message, validation.max-length", () => {
    const others = requests.flatMap(([name, schema]) =>
      strings(schema, name, [])
        // A sandbox image's bytes: too many is the media-size limit, not a text's length.
        .filter((s) => s.max !== null && s.maxMessage !== "validation.max-length" && !s.path.endsWith(".dataBase64"))
        .map((s) => `${s.path}: ${String(s.maxMessage)}`),
    );
    expect(others).toEqual([]);
  });
});
