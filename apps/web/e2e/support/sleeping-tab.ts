import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, type CDPSession, type Page, type TestInfo } from "@playwright/test";
import { DEMO_PASSWORD } from "./accounts.ts";
import { goOnline } from "./calls.ts";

/**
 * A staff tab that Chromium can really freeze (decision 0029). Playwright turns on focus
 * emulation (`Emulation.setFocusEmulationEnabled`) on every page it opens or creates; Chromium
 * keeps such a page visible, and a visible page ignores `Page.setWebLifecycleState {frozen}`
 * (measured: its timers keep running, no `freeze` event). Pages of the default context of a
 * browser Playwright joins with `connectOverCDP(…, {noDefaults: true})` get no such emulation,
 * so this starts the project's Chromium (same binary and flags, fake microphone included) on a
 * DevTools port of its own and signs `email` in there.
 */
export class SleepingTab {
  private cdp: CDPSession | null = null;

  private constructor(
    readonly page: Page,
    private readonly stop: () => Promise<void>,
  ) {}

  static async open(testInfo: TestInfo, email: string): Promise<SleepingTab> {
    const { baseURL, launchOptions, viewport } = testInfo.project.use;
    const profile = mkdtempSync(path.join(os.tmpdir(), "relais-sleeping-tab-"));
    const child = spawn(
      launchOptions?.executablePath ?? "/usr/bin/chromium",
      [
        ...(launchOptions?.args ?? []),
        "--headless",
        "--remote-debugging-port=0",
        `--user-data-dir=${profile}`,
        "--lang=fr-CA",
        `--window-size=${viewport?.width ?? 1280},${viewport?.height ?? 800}`,
        "about:blank",
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    // A test that fails or times out before close() must not leave this browser running: it is
    // not Playwright's, so nothing else would stop it when the worker ends.
    const killOnExit = () => child.kill("SIGKILL");
    process.once("exit", killOnExit);
    void exited.then(() => process.off("exit", killOnExit));
    const endpoint = await new Promise<string>((resolve, reject) => {
      let seen = "";
      child.stderr.on("data", (chunk: Buffer) => {
        seen += chunk.toString();
        const found = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
        if (found?.[1]) resolve(found[1]);
      });
      child.once("exit", () => reject(new Error(`Chromium exited before its DevTools port opened: ${seen}`)));
    });
    const browser = await chromium.connectOverCDP(endpoint, { noDefaults: true });
    const stop = async () => {
      await browser.close().catch(() => undefined);
      child.kill("SIGTERM");
      await exited;
      rmSync(profile, { recursive: true, force: true });
    };
    try {
      const context = browser.contexts()[0];
      if (!context) throw new Error("no default context");
      const page = context.pages()[0] ?? (await context.newPage());
      // Signed in from the page itself (its refresh cookie), status online, then the app loads:
      // Playwright's input actions do not complete in this browser (a fill waits forever), and
      // the login form and the status menu have journeys of their own.
      await page.goto(`${baseURL}/login?lang=fr`);
      await page.evaluate(
        async ({ username, password }) => {
          const login = await fetch("/api/auth/login", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ username, password }),
          });
          const { jwt } = (await login.json()) as { jwt: string };
          await fetch("/api/auth/status", {
            method: "PUT",
            headers: { "content-type": "application/json", authorization: `Bearer ${jwt}` },
            body: JSON.stringify({ status: "online" }),
          });
        },
        { username: email, password: DEMO_PASSWORD },
      );
      await page.goto(`${baseURL}/conversations?lang=fr`);
      await goOnline(page);
      return new SleepingTab(page, stop);
    } catch (error) {
      await stop();
      throw error;
    }
  }

  /**
   * Freezes the tab as Chromium freezes a background tab (`Page.setWebLifecycleState`: hidden,
   * then frozen — no timer, no task, no socket handler runs; its sockets stay open) and checks
   * that it is: the page's `freeze` event fired and an interval of its own stopped counting.
   */
  async freeze(): Promise<void> {
    await this.page.evaluate(() => {
      const w = window as unknown as { __ticks: number; __froze: boolean };
      w.__ticks = 0;
      w.__froze = false;
      window.setInterval(() => {
        w.__ticks += 1;
      }, 100);
      document.addEventListener("freeze", () => {
        w.__froze = true;
      });
    });
    this.cdp = await this.page.context().newCDPSession(this.page);
    await this.cdp.send("Page.setWebLifecycleState", { state: "frozen" });
    const first = await this.ticks();
    expect(first.froze, "the page's freeze event").toBe(true);
    expect(first.visibility).toBe("hidden");
    this.frozenTicks = first.ticks;
  }

  private frozenTicks = 0;

  /** The page's interval did not tick since the freeze (DevTools still reads a frozen page). */
  async expectStillFrozen(): Promise<void> {
    expect((await this.ticks()).ticks, "ticks of the page's interval while frozen").toBe(this.frozenTicks);
  }

  /** Wakes the tab and shows it again, as a person coming back to it. */
  async wake(): Promise<void> {
    if (!this.cdp) throw new Error("the tab is not frozen");
    await this.cdp.send("Page.setWebLifecycleState", { state: "active" });
    // Shown again: what Playwright's own pages always have (focus emulation keeps a page
    // visible); the session stays open until close, closing it would hide the page again.
    await this.cdp.send("Emulation.setFocusEmulationEnabled", { enabled: true });
    await expect.poll(async () => (await this.ticks()).visibility).toBe("visible");
  }

  async close(): Promise<void> {
    await this.cdp?.detach().catch(() => undefined);
    this.cdp = null;
    await this.stop();
  }

  private ticks(): Promise<{ ticks: number; froze: boolean; visibility: DocumentVisibilityState }> {
    return this.page.evaluate(() => {
      const w = window as unknown as { __ticks: number; __froze: boolean };
      return { ticks: w.__ticks, froze: w.__froze, visibility: document.visibilityState };
    });
  }
}
