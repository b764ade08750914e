import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

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
 * The web app: served by Vite in development (API proxied to the server on :3000, websockets
 * included) and built to apps/web/dist, which the server serves from `/`.
 */
export default defineConfig({
  root,
  plugins: [react(), loadPhoneNumbersOnDemand],
  resolve: {
    // One copy of React and Mantine whatever workspace imports them (Mantine packages pin each other).
    dedupe: ["react", "react-dom", "@mantine/core", "@mantine/hooks"],
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
