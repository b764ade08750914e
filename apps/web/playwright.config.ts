import { defineConfig } from "@playwright/test";

const PORT = Number(process.env["E2E_PORT"] ?? 3210);

/**
 * Journeys in Debian's Chromium (never a downloaded browser), against the real server on a
 * fresh embedded PostgreSQL. One worker: the demo accounts have one active session each, so
 * two journeys signing in as the same person would disconnect each other.
 */
export default defineConfig({
  testDir: "./e2e",
  outputDir: "../../test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env["CI"] ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1280, height: 800 },
    locale: "fr-CA",
    timezoneId: "America/Toronto",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    command: "node scripts/e2e-server.mjs",
    cwd: "../..",
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(PORT) },
  },
});
