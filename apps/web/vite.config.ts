import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { parse } from "@formatjs/icu-messageformat-parser";
import { LOCALES, type Locale } from "../../packages/shared/src/rules/locale.ts";
import { messages } from "../../packages/shared/src/i18n/index.ts";
import { uiCalls } from "../../packages/shared/src/i18n/areas/ui-calls.ts";
import { deferredParts, serverOnly } from "./src/app/i18n/catalogue-parts.ts";
import { leaveOutZodJsonSchema } from "./src/app/lazy/zod-json-schema.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
const phoneNumbersOnDemand = fileURLToPath(new URL("./src/app/lazy/phone-numbers.ts", import.meta.url));

/**
 * @relais/shared's rules/phone.ts gets libphonenumber-js/max through src/app/lazy/phone-numbers.ts,
 * which loads it on demand (decision 0016); every other import of the library is left alone.
 */
const loadPhoneNumbersOnDemand: Plugin = {
  name: "relais-phone-numbers-on-demand",
  enforce: "pre",
  resolveId(source, importer) {
    if (source === "libphonenumber-js/max" && importer?.replaceAll("\\", "/").endsWith("/packages/shared/src/rules/phone.ts")) {
      return phoneNumbersOnDemand;
    }
    return null;
  },
};

/**
 * The endpoint registry's `summary` and `who` texts (packages/shared/src/endpoints) are written for
 * the API map and OpenAPI; no screen shows them, so the browser build leaves them empty — some
 * 17 KB of text every page would otherwise download with the API client (decision 0016). Each is
 * a one-line string literal after prettier; the lines are kept, so source maps stay right.
 */
const ENDPOINT_FILE = /\/packages\/shared\/src\/endpoints\/[\w-]+\.ts$/;
const ENDPOINT_TEXT = /\b(summary|who):(\s*)("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')(?=\s*,)/g;
const leaveOutEndpointTexts: Plugin = {
  name: "relais-endpoint-texts",
  enforce: "pre",
  apply: "build",
  transform(code, id) {
    if (!ENDPOINT_FILE.test(id.replaceAll("\\", "/"))) return null;
    return { code: code.replace(ENDPOINT_TEXT, (_all, key: string, space: string) => `${key}:${space}""`), map: null };
  },
};

/** zod's JSON Schema output left out of the browser (src/app/lazy/zod-json-schema.ts). */
const leaveOutZodJsonSchemaPlugin: Plugin = {
  name: "relais-zod-json-schema",
  enforce: "pre",
  apply: "build",
  transform(code, id) {
    const browser = leaveOutZodJsonSchema(code, id);
    return browser === null ? null : { code: browser, map: null };
  },
};

const CATALOGUE = "virtual:relais-catalogue/";
/** Keys the page needs when a catalogue itself cannot be loaded (src/app/i18n/catalogues.ts). */
const LOAD_FAILED_KEYS = ["app.load-failed.title", "app.load-failed.hint", "app.load-failed.retry"] as const;
/** The call screens' texts (decision 0029): the `calls` part, loaded with the call screens. */
const CALL_KEYS = new Set(Object.keys(uiCalls));

const DEFERRED_PARTS = deferredParts(CALL_KEYS);
const deferred = (id: string) => Object.values(DEFERRED_PARTS).some((inPart) => inPart(id));

function compiled(locale: Locale, ids: readonly string[]): string {
  const catalogue = messages[locale] as Record<string, string>;
  const ast = Object.fromEntries(ids.map((id) => [id, parse(catalogue[id] ?? id, { locale: new Intl.Locale(locale) })]));
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(ast))});`;
}

/**
 * One module per language (decision 0016): `virtual:relais-catalogue/fr-CA` is the fr-CA half of
 * @relais/shared's catalogue, its messages already parsed (so the browser needs no ICU parser),
 * loaded on demand; `virtual:relais-catalogue/load-failed` holds the few texts, in both
 * languages, shown when a catalogue cannot be loaded. Vite restarts the dev server when the
 * catalogue's files change (they are imports of this config).
 */
const catalogues: Plugin = {
  name: "relais-catalogues",
  resolveId(source) {
    return source.startsWith(CATALOGUE) ? `\0${source}` : null;
  },
  load(id) {
    if (!id.startsWith(`\0${CATALOGUE}`)) return null;
    const [name = "", part] = id.slice(CATALOGUE.length + 1).split("/");
    if (name === "load-failed") {
      const parts = LOCALES.map(
        (locale) => `${JSON.stringify(locale)}: ${compiled(locale, LOAD_FAILED_KEYS).slice("export default ".length, -1)}`,
      );
      return `export default { ${parts.join(", ")} };`;
    }
    const locale = LOCALES.find((l) => l === name);
    if (!locale) this.error(`Unknown catalogue ${name}: one of ${LOCALES.join(", ")} or load-failed`);
    const ids = Object.keys(messages[locale]);
    if (part === undefined) {
      return compiled(
        locale,
        ids.filter((key) => !deferred(key) && !serverOnly(key)),
      );
    }
    const inPart = DEFERRED_PARTS[part];
    if (!inPart) this.error(`Unknown catalogue part ${part}: one of ${Object.keys(DEFERRED_PARTS).join(", ")}`);
    return compiled(locale, ids.filter(inPart));
  },
};

/**
 * The web app: served by Vite in development (API proxied to the server on :3000, websockets
 * included) and built to apps/web/dist, which the server serves from `/`.
 */
export default defineConfig({
  root,
  plugins: [react(), loadPhoneNumbersOnDemand, leaveOutEndpointTexts, leaveOutZodJsonSchemaPlugin, catalogues],
  resolve: {
    // One copy of React and Mantine whatever workspace imports them (Mantine packages pin each other).
    dedupe: ["react", "react-dom", "@mantine/core", "@mantine/hooks"],
    alias: [
      // The catalogues arrive parsed (plugin above): react-intl's ICU parser is left out of the bundle.
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: "@formatjs/icu-messageformat-parser/no-parser.js" },
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: "http://127.0.0.1:3000", changeOrigin: false, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      "/api": { target: "http://127.0.0.1:3000", changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy screen group needs, read by the
    // bundle budget check (scripts/check-bundle.mjs, decision 0016).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @relais/shared only declares things (schemas, rules, catalogues): a module none of whose
        // exports a chunk uses is left out of it, so the sign-in page does not carry every
        // contract and libphonenumber's metadata.
        moduleSideEffects: [{ test: /\/packages\/shared\/src\//, sideEffects: false }],
      },
    },
  },
});
