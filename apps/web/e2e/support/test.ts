import { test as base } from "@playwright/test";
import { playwrightClasses, ScreenChecks, type PlaywrightClasses } from "./a11y.ts";

export * from "@playwright/test";

interface A11yFixtures {
  /**
   * "fail" (the default): a serious or critical violation fails the journey. "collect": the
   * findings are only kept in `a11y.findings`, for the checks' own test.
   */
  a11yMode: "fail" | "collect";
  /** The accessibility checks of this test (decision 0015); automatic, nothing to call. */
  a11y: ScreenChecks;
}

interface A11yWorkerFixtures {
  a11yClasses: PlaywrightClasses;
}

/**
 * Playwright's `test` with the accessibility checks of every screen the journey shows, in its
 * own page and in every page it opens. Every journey imports `test` and `expect` from here.
 * (A fixture's second argument is named `provide`, not `use`: the React hooks lint rules apply.)
 */
export const test = base.extend<A11yFixtures, A11yWorkerFixtures>({
  a11yClasses: [async ({ browser }, provide) => provide(await playwrightClasses(browser)), { scope: "worker" }],
  a11yMode: ["fail", { option: true }],
  a11y: [
    async ({ a11yClasses, a11yMode, viewport }, provide, testInfo) => {
      // The checks' time is added to the test's timeout: it is not the journey's.
      const checks = new ScreenChecks(viewport?.width ?? 1280, (ms) => {
        if (testInfo.timeout > 0) {
          testInfo.setTimeout(testInfo.timeout + Math.ceil(ms));
        }
      });
      const unhook = checks.hookActions(a11yClasses);
      try {
        await provide(checks);
        await checks.finish();
      } finally {
        unhook();
      }
      await checks.report(testInfo);
      const failure = checks.failure();
      if (failure && a11yMode === "fail") {
        throw new Error(failure);
      }
    },
    { auto: true },
  ],
  // The journey's own page is checked one last time before the test's context closes.
  context: async ({ context, a11y }, provide) => {
    await provide(context);
    await a11y.flushContext(context);
  },
});
