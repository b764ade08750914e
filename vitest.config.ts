import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/shared/src/**/*.test.ts", "apps/server/src/**/*.unit.test.ts", "apps/web/src/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/src/**/*.api.test.ts", "apps/server/test/**/*.test.ts"],
          globalSetup: ["apps/server/test/global-setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; two workers suit the 2-core machines.
          maxWorkers: 2,
        },
      },
    ],
  },
});
