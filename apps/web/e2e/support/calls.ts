import { expect, type Browser, type BrowserContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { login } from "./auth.ts";
import type { PhoneSimulator } from "./simulator.ts";

type Lang = "fr" | "en";

const TEXTS = {
  fr: { status: "Statut", online: "En ligne", ready: "Prêt pour les appels", notReady: "Pas d'appels entrants", panel: "Appel" },
  en: { status: "Status", online: "Online", ready: "Ready for calls", notReady: "No incoming calls", panel: "Call" },
} as const;

/**
 * A staff person in a browser context of their own (each demo account has one session), signed
 * in, with their status set to online in the top bar — offline people are not offered calls —
 * and the "ready for calls" control saying they are (decision 0021).
 */
export async function staffPage(browser: Browser, testInfo: TestInfo, email: string, lang: Lang = "fr"): Promise<Page> {
  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  const page = await context.newPage();
  await login(page, email, { lang });
  await goOnline(page, lang);
  return page;
}

/** Sets the person's status to online in the top bar and waits for "ready for calls". */
export async function goOnline(page: Page, lang: Lang = "fr"): Promise<void> {
  const t = TEXTS[lang];
  const status = page.getByRole("combobox", { name: t.status, exact: true });
  if ((await status.inputValue()) !== t.online) {
    await status.click();
    await page.getByRole("option", { name: t.online }).click();
  }
  await expect(readyControl(page, lang)).toHaveAccessibleName(t.ready, { timeout: 15_000 });
}

/** The top bar's "ready for calls" control. */
export function readyControl(page: Page, lang: Lang = "fr"): Locator {
  return page
    .locator("header")
    .getByRole("button", { name: lang === "fr" ? /appels/i : /calls/i })
    .first();
}

/** The in-call panel of spec part 1 §2. */
export function callPanel(page: Page, lang: Lang = "fr"): Locator {
  return page.getByRole("region", { name: TEXTS[lang].panel, exact: true });
}

/** The card of an offer ringing in the panel. */
export function offerCard(page: Page): Locator {
  return page.getByTestId("call-offer");
}

/** The card of the call this tab carries. */
export function ownCallCard(page: Page): Locator {
  return page.getByTestId("call-own");
}

/** The phone simulator's call area. */
export function phoneCall(phone: PhoneSimulator): Locator {
  return phone.page.getByRole("group", { name: "Appel du téléphone simulé" });
}

/**
 * Audio bytes received so far by the page's sandbox peer connections (`window.__relaisPeers`,
 * the test hook of decision 0029), read from `getStats()` inbound-rtp audio reports.
 */
async function audioBytesReceived(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __relaisPeers?: Record<string, RTCPeerConnection> }).__relaisPeers ?? {};
    let total = 0;
    for (const pc of Object.values(peers)) {
      const stats = await pc.getStats();
      stats.forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
        if (report.type === "inbound-rtp" && report.kind === "audio") total += report.bytesReceived ?? 0;
      });
    }
    return total;
  });
}

/** Audio arrives on `page` and keeps arriving: the bytes received grow past `min` and grow again. */
export async function expectAudioFlowing(page: Page, min = 2_000): Promise<void> {
  await expect.poll(() => audioBytesReceived(page), { timeout: 20_000 }).toBeGreaterThan(min);
  const first = await audioBytesReceived(page);
  await expect.poll(() => audioBytesReceived(page), { timeout: 10_000 }).toBeGreaterThan(first);
}

/**
 * No audio arrives on `page` any more: over a window of `windowMs`, the bytes received do not
 * grow (packets already on their way may still land at first, hence the poll).
 */
export async function expectAudioStopped(page: Page, windowMs = 2_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const before = await audioBytesReceived(page);
        await page.waitForTimeout(windowMs);
        return (await audioBytesReceived(page)) - before;
      },
      { timeout: 20_000, intervals: [0] },
    )
    .toBe(0);
}

/** Closes the contexts of staff pages opened with staffPage. */
export async function closeAll(...pages: Page[]): Promise<void> {
  const contexts = new Set<BrowserContext>(pages.map((p) => p.context()));
  for (const context of contexts) await context.close();
}

/**
 * The loudness (RMS, 0–1) of the greeting the simulator is playing now, read from its analyser
 * (`window.__relaisNetworkAudio`, decision 0045); 0 when none plays.
 */
async function greetingLevel(page: Page): Promise<number> {
  return page.evaluate(() => {
    const analyser = (window as unknown as { __relaisNetworkAudio?: AnalyserNode }).__relaisNetworkAudio;
    if (!analyser) return 0;
    const samples = new Float32Array(analyser.fftSize);
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const v of samples) sum += v * v;
    return Math.sqrt(sum / samples.length);
  });
}

/** The simulator's caller hears sound from the greeting: its level rises above `min`. */
export async function expectGreetingHeard(page: Page, min = 0.01): Promise<void> {
  await expect.poll(() => greetingLevel(page), { timeout: 10_000, intervals: [100] }).toBeGreaterThan(min);
}
