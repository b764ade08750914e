/**
 * zod's JSON Schema output (`schema.toJSONSchema()`, `z.toJSONSchema`, Standard JSON Schema) is
 * wired into every classic schema, so its two modules (some 5 KB gzip) rode on every page although
 * the browser never makes a JSON Schema: the server writes the OpenAPI document (decision 0016).
 * The web build (vite.config.ts) passes zod's files through `leaveOutZodJsonSchema`: it keeps
 * `aggregateChecks` (read by a schema's `minLength`, `maxLength`, `format`…) and turns every other
 * export of those two modules into a function that throws. Parsing is untouched. A zod whose files
 * changed shape fails the build, so an upgrade cannot quietly break it.
 */
const ZOD_JSON_SCHEMA = /\/node_modules\/zod\/v4\/core\/(to-json-schema|json-schema-processors)\.js$/;
/** The first statement of json-schema-processors.js after `aggregateChecks` and its helpers. */
const KEPT_END = "const formatMap = {";

function exportedNames(code: string): string[] {
  const names = [...code.matchAll(/^export (?:const|function|class|let) (\w+)/gm)].map((m) => m[1] ?? "");
  for (const m of code.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of (m[1] ?? "").split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  }
  return names;
}

/** The module's code for the browser, or null when `id` is not one of the two modules. */
export function leaveOutZodJsonSchema(code: string, id: string): string | null {
  const match = ZOD_JSON_SCHEMA.exec(id.replaceAll("\\", "/"));
  if (!match) return null;
  const file = `zod's ${match[1]}.js`;
  let kept = "";
  let names = exportedNames(code);
  if (match[1] === "json-schema-processors") {
    const end = code.indexOf(KEPT_END);
    if (end < 0 || !code.slice(0, end).includes("export function aggregateChecks(")) {
      throw new Error(`${file} changed shape: update apps/web/src/app/lazy/zod-json-schema.ts`);
    }
    kept = code.slice(0, end).replace(/^import \{[^}]*\} from "\.\/to-json-schema\.js";\n/m, "");
    if (kept.includes("to-json-schema")) throw new Error(`${file} changed shape: update apps/web/src/app/lazy/zod-json-schema.ts`);
    const keptNames = new Set(exportedNames(kept));
    names = names.filter((name) => !keptNames.has(name));
  }
  if (names.length === 0) throw new Error(`${file} exports nothing known: update apps/web/src/app/lazy/zod-json-schema.ts`);
  const stubs = names.map((name) => `export const ${name} = leftOut;`).join("\n");
  return `${kept}\nfunction leftOut() {\n  throw new Error("zod's JSON Schema output is left out of the Relais web build");\n}\n${stubs}\n`;
}
