import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Locator, Page, TestInfo } from "@playwright/test";

/**
 * Accessibility checks of every screen a journey visits (decision 0015): axe-core with the
 * WCAG 2.0, 2.1 and 2.2 level A and AA rules. Before each action of the journey (a click, a key,
 * a navigation, …) and at its end, the page acted on is checked if it shows a screen not checked
 * yet in this test — a new address or a new dialog over it — once that screen has settled. A
 * violation of impact serious or critical fails the journey at its end, with the rule, its help
 * and the elements at fault.
 */

/** The axe-core tags of WCAG 2.2 levels A and AA (2.2 adds AA rules only). */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const;

/** The impacts that fail a journey; moderate and minor ones are only counted. */
const FAILING_IMPACTS: readonly string[] = ["serious", "critical"];

/** A screen settles after this long without a DOM change, an animation or a request. */
const QUIET_MS = 150;
/** A screen that never settles (a clock ticking, a stream of texts) is checked after this. */
const SETTLE_CAP_MS = 3_000;
const POLL_MS = 50;

/** One serious or critical rule broken on one screen. */
export interface Finding {
  /** Path and query (ids left out), the names of the dialogs open over it, a narrow window. */
  screen: string;
  url: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** CSS selectors of the elements at fault, and what axe says of each. */
  nodes: { target: string; summary: string }[];
}

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

declare global {
  interface Window {
    __relaisA11y?: { changes: number };
    axe?: unknown;
  }
}

/**
 * Names the screen a page shows: its path and query — ids, phone numbers and tokens left out, so
 * that two contacts are one screen — the names of the dialogs open over it, and its width when
 * not the journeys' usual one. Also starts counting DOM changes, for `settle`. Runs in the page.
 */
function screenOf(usualWidth: number): string {
  // Not screens of the product: blank pages, and the server's development pages (the dev
  // mailbox at /dev/mail), which are plain HTML written by the server for developers.
  if (location.protocol === "about:" || location.pathname.startsWith("/dev/")) {
    return "";
  }
  if (!window.__relaisA11y) {
    const watch = { changes: 0 };
    window.__relaisA11y = watch;
    new MutationObserver(() => {
      watch.changes++;
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  }
  const general = (value: string): string =>
    value
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ":id")
      .replace(/^\+?\d{7,}$/, ":number")
      .replace(/^.{33,}$/, ":token");
  const path = location.pathname.split("/").map(general).join("/");
  const query = [...new URLSearchParams(location.search)].map(([k, v]) => `${k}=${general(v)}`).join("&");
  const nameOf = (dialog: Element): string => {
    const ids = (dialog.getAttribute("aria-labelledby") ?? "").split(/\s+/).filter(Boolean);
    const text = ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? "").join(" ");
    return dialog.getAttribute("aria-label") ?? (text || "dialog");
  };
  const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .filter((d) => d.getClientRects().length > 0)
    .map(nameOf)
    .sort();
  return [
    query ? `${path}?${query}` : path,
    dialogs.length > 0 ? `[${dialogs.join(" | ")}]` : "",
    window.innerWidth === usualWidth ? "" : `(${String(window.innerWidth)} px)`,
  ]
    .filter(Boolean)
    .join(" ");
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The page went away under a check: not a finding, the screen is simply no longer there. */
function isGone(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /closed|destroyed|detached|navigat|Target crashed/i.test(message);
}

/** The serious and critical violations of one axe run, as findings of `screen`. */
function findingsOf(results: Pick<AxeResults, "violations" | "url">, screen: string): Finding[] {
  return results.violations
    .filter((v) => FAILING_IMPACTS.includes(v.impact ?? ""))
    .map((v) => ({
      screen,
      url: results.url,
      rule: v.id,
      impact: v.impact ?? "",
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({
        target: n.target.map((t) => (Array.isArray(t) ? t.join(" >>> ") : String(t))).join(" > "),
        summary: (n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? n.failureSummary ?? "",
      })),
    }));
}

/** The failure message of a journey: each screen, each rule (id, impact, help) and its elements. */
export function describeFindings(findings: Finding[]): string {
  const screens = [...new Set(findings.map((f) => f.screen))];
  const lines = [
    `Accessibility: ${String(findings.length)} serious or critical WCAG 2.2 A/AA violation(s) on ${String(screens.length)} screen(s) of this journey (axe-core).`,
  ];
  for (const screen of screens) {
    lines.push("", `Screen ${screen}`);
    for (const f of findings.filter((x) => x.screen === screen)) {
      lines.push(`  ${f.rule} (${f.impact}): ${f.help}`, `    ${f.helpUrl}`);
      for (const node of f.nodes.slice(0, 12)) {
        lines.push(`    - ${node.target}${node.summary ? `\n        ${node.summary}` : ""}`);
      }
      if (f.nodes.length > 12) {
        lines.push(`    … and ${String(f.nodes.length - 12)} more`);
      }
    }
  }
  return lines.join("\n");
}

/** Runs axe's WCAG 2.2 A/AA rules on the page as it is and answers its serious and critical findings. */
async function checkScreen(page: Page, screen: string): Promise<Finding[]> {
  // axe-core (about 600 kB) goes into each document once: @axe-core/playwright injects it twice
  // on every run otherwise, which costs more than the run itself.
  const injected = await page.evaluate(() => typeof window.axe === "object");
  // Legacy mode runs axe in the page itself; the default opens a blank page per run to merge the
  // frames' results, which a journey counting its pages would see (and the app has no frames).
  const builder = new AxeBuilder(injected ? { page, axeSource: ";" } : { page })
    .options({ resultTypes: ["violations"] })
    .withTags([...WCAG_TAGS])
    .setLegacyMode();
  return findingsOf(await builder.analyze(), screen);
}

/** Until nothing has changed for QUIET_MS: no DOM change, no animation, no request under way. */
async function settle(page: Page, requests: () => number): Promise<void> {
  const deadline = Date.now() + SETTLE_CAP_MS;
  let last = -1;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const { changes, animating } = await page.evaluate(() => ({
      changes: window.__relaisA11y?.changes ?? 0,
      animating: document.getAnimations().some((a) => a.playState === "running"),
    }));
    if (changes !== last || animating || requests() > 0) {
      last = changes;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= QUIET_MS) {
      return;
    }
    await sleep(POLL_MS);
  }
}

/** The actions before which a page is checked, by the class that has them. */
const ACTIONS = {
  page: [
    "goto",
    "reload",
    "goBack",
    "goForward",
    "close",
    "setViewportSize",
    "click",
    "dblclick",
    "tap",
    "fill",
    "press",
    "type",
    "check",
    "uncheck",
    "selectOption",
    "setInputFiles",
    "dispatchEvent",
    "dragAndDrop",
  ],
  locator: [
    "click",
    "dblclick",
    "tap",
    "fill",
    "clear",
    "press",
    "pressSequentially",
    "type",
    "check",
    "uncheck",
    "setChecked",
    "selectOption",
    "setInputFiles",
    "dragTo",
    "dispatchEvent",
    "selectText",
  ],
  keyboard: ["press", "type", "insertText", "down"],
  mouse: ["click", "dblclick", "down", "wheel"],
  context: ["close"],
} as const;

/** The prototypes of Playwright's client classes, taken from throwaway instances once per worker. */
export interface PlaywrightClasses {
  page: object;
  locator: object;
  keyboard: object;
  mouse: object;
  context: object;
}

export async function playwrightClasses(browser: Browser): Promise<PlaywrightClasses> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const prototypes = {
    page: Object.getPrototypeOf(page) as object,
    locator: Object.getPrototypeOf(page.locator("body")) as object,
    keyboard: Object.getPrototypeOf(page.keyboard) as object,
    mouse: Object.getPrototypeOf(page.mouse) as object,
    context: Object.getPrototypeOf(context) as object,
  };
  await context.close();
  return prototypes;
}

type Method = (this: object, ...args: unknown[]) => Promise<unknown>;

/** Runs `before` ahead of each of `names` on every instance of `prototype`; answers the undo. */
function hook(prototype: object, names: readonly string[], before: (self: object) => Promise<void>): () => void {
  const originals: [string, Method][] = [];
  for (const name of names) {
    const original: unknown = Reflect.get(prototype, name);
    if (typeof original !== "function") {
      continue;
    }
    const method = original as Method;
    originals.push([name, method]);
    Reflect.set(prototype, name, async function (this: object, ...args: unknown[]) {
      await before(this);
      return method.apply(this, args);
    });
  }
  return () => {
    for (const [name, method] of originals) {
      Reflect.set(prototype, name, method);
    }
  };
}

interface PageState {
  requests: number;
  checking: boolean;
}

/**
 * The checks of one test: hooks Playwright's actions for the length of the test, checks each new
 * screen once per test, and keeps the findings until the end of the test.
 */
export class ScreenChecks {
  readonly findings: Finding[] = [];
  /** Screens checked, in order. */
  readonly checked: string[] = [];
  /** Time spent settling and running axe, in milliseconds. */
  spent = 0;
  private readonly errors: string[] = [];
  private readonly pages = new Map<Page, PageState>();
  private readonly inputs = new WeakMap<object, Page>();

  /**
   * `usualWidth`: the journeys' window width (a narrower one is a screen of its own).
   * `onSpent`: told the time each check took, which the fixture adds to the test's timeout, so
   * that the checks never eat the journey's own time budget.
   */
  constructor(
    private readonly usualWidth: number,
    private readonly onSpent: (ms: number) => void = () => undefined,
  ) {}

  /** Checks before every action of the test, until the returned function is called. */
  hookActions(classes: PlaywrightClasses): () => void {
    const pageOf = (self: object) => this.inputs.get(self);
    const undo = [
      hook(classes.page, ACTIONS.page, (self) => this.before(self as Page)),
      hook(classes.locator, ACTIONS.locator, (self) => this.before((self as Locator).page())),
      hook(classes.keyboard, ACTIONS.keyboard, (self) => this.before(pageOf(self))),
      hook(classes.mouse, ACTIONS.mouse, (self) => this.before(pageOf(self))),
      hook(classes.context, ACTIONS.context, (self) => this.flushContext(self as BrowserContext)),
    ];
    return () => {
      for (const u of undo) {
        u();
      }
    };
  }

  /** Checks the screen each open page of `context` shows, if new. */
  async flushContext(context: BrowserContext): Promise<void> {
    for (const page of context.pages()) {
      await this.flush(page);
    }
  }

  /** Checks the last screen of every page the test acted on that is still open. */
  async finish(): Promise<void> {
    for (const page of [...this.pages.keys()]) {
      await this.flush(page);
    }
  }

  /** Checks the screen `page` shows, if not checked yet in this test. */
  async flush(page: Page): Promise<void> {
    const state = this.track(page);
    if (page.isClosed() || state.checking) {
      return;
    }
    state.checking = true;
    const started = performance.now();
    let screen = "";
    try {
      screen = await page.evaluate(screenOf, this.usualWidth);
      if (!screen || this.checked.includes(screen)) {
        return;
      }
      await settle(page, () => state.requests);
      screen = await page.evaluate(screenOf, this.usualWidth);
      if (!screen || this.checked.includes(screen)) {
        return;
      }
      this.checked.push(screen);
      this.findings.push(...(await checkScreen(page, screen)));
    } catch (error) {
      // A page that closes or navigates away under a check: that screen is simply gone.
      if (!page.isClosed() && !isGone(error)) {
        this.errors.push(`${screen || page.url()}: ${error instanceof Error ? error.message : String(error)}`);
      }
    } finally {
      state.checking = false;
      const spent = performance.now() - started;
      this.spent += spent;
      this.onSpent(spent);
    }
  }

  /** Findings, then errors of the checker itself (a checker that cannot run must not pass). */
  failure(): string | undefined {
    const parts: string[] = [];
    if (this.findings.length > 0) {
      parts.push(describeFindings(this.findings));
    }
    if (this.errors.length > 0) {
      parts.push(`Accessibility checks could not run:\n${this.errors.join("\n")}`);
    }
    return parts.length > 0 ? parts.join("\n\n") : undefined;
  }

  /** Adds what was checked to the test's annotations, and the findings as an attachment. */
  async report(testInfo: TestInfo): Promise<void> {
    testInfo.annotations.push({
      type: "accessibility",
      description: `${String(this.checked.length)} screen(s) checked in ${String(Math.round(this.spent))} ms: ${this.checked.join(", ")}`,
    });
    if (this.findings.length > 0) {
      await testInfo.attach("accessibility-findings.json", {
        body: JSON.stringify(this.findings, null, 2),
        contentType: "application/json",
      });
    }
  }

  private async before(page: Page | undefined): Promise<void> {
    if (page) {
      await this.flush(page);
    }
  }

  private track(page: Page): PageState {
    let state = this.pages.get(page);
    if (!state) {
      const created: PageState = { requests: 0, checking: false };
      state = created;
      this.pages.set(page, created);
      this.inputs.set(page.keyboard, page);
      this.inputs.set(page.mouse, page);
      const done = () => {
        created.requests = Math.max(0, created.requests - 1);
      };
      page.on("request", () => {
        created.requests++;
      });
      page.on("requestfinished", done);
      page.on("requestfailed", done);
      page.on("close", () => {
        this.pages.delete(page);
      });
    }
    return state;
  }
}
