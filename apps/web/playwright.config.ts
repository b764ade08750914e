import { defineConfig } from "@playwright/test";
import { fakeVoiceWav } from "./e2e/support/fake-audio.ts";

const PORT = Number(process.env["E2E_PORT"] ?? 3210);

/** Debian's Chromium, launched as DESIGN §9 says. */
const CHROMIUM = {
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
};

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
    launchOptions: CHROMIUM,
  },
  projects: [
    // By file name only: the checkout's own path may hold "calls-" too.
    { name: "journeys", testIgnore: /(^|[\\/])calls-[^\\/]*\.spec\.ts$/ },
    {
      // The browser phone's journeys (apps/web/e2e/calls-*.spec.ts): a fake microphone playing a
      // known sound, accepted without a prompt, so two pages exchange real audio over WebRTC.
      name: "calls",
      testMatch: /(^|[\\/])calls-[^\\/]*\.spec\.ts$/,
      use: {
        launchOptions: {
          ...CHROMIUM,
          args: [
            ...CHROMIUM.args,
            "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream",
            `--use-file-for-fake-audio-capture=${fakeVoiceWav()}`,
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    cwd: "../..",
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(PORT) },
  },
});
