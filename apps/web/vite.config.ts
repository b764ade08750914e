import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * The web app: served by Vite in development (API proxied to the server on :3000, websockets
 * included) and built to apps/web/dist, which the server serves from `/`.
 */
export default defineConfig({
  root,
  plugins: [react()],
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
    chunkSizeWarningLimit: 1500,
  },
});
