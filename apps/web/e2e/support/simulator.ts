import { expect, type Browser, type BrowserContext, type Locator, type Page, type TestInfo } from "@playwright/test";

/** The demo clinic's Réception number, and how the simulator's picker names it. */
const RECEPTION = { number: "+15145550101", option: "Réception · (514) 555-0101" } as const;

/** A contact number no other journey of this run uses (438-555-xxxx, the other journeys use 514). */
export function uniqueContact(): { e164: string; shown: string } {
  const last4 = String(1000 + (Date.now() % 9000));
  return { e164: `+1438555${last4}`, shown: `(438) 555-${last4}` };
}

/** A 24×24 teal square (PNG), as a phone or the staff would attach a picture. */
export const TEAL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR42mMQXzCLKohh1KBRg0YNGjVo1KBRgwbeIAAbFvZfYXU6dAAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * The phone simulator in a browser context of its own (no session, as a patient's phone has
 * none), set up as `contact` texting `clinicOption`.
 */
export class PhoneSimulator {
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async open(
    browser: Browser,
    testInfo: TestInfo,
    contact: string,
    clinicOption: string = RECEPTION.option,
  ): Promise<PhoneSimulator> {
    const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
    const context = await browser.newContext({ baseURL, locale, timezoneId, viewport });
    const page = await context.newPage();
    await page.goto("/simulator");
    await page.getByRole("textbox", { name: "Mon numéro" }).fill(contact);
    await page.getByRole("button", { name: "Utiliser" }).click();
    await page.getByRole("combobox", { name: "Numéro de la clinique" }).click();
    await page.getByRole("option", { name: clinicOption }).click();
    const phone = new PhoneSimulator(context, page);
    await expect(phone.messages).toBeVisible();
    return phone;
  }

  get screen(): Locator {
    return this.page.getByRole("region", { name: "Téléphone simulé" });
  }

  get messages(): Locator {
    return this.screen.getByRole("log", { name: "Messages avec la clinique" });
  }

  get composer(): Locator {
    return this.screen.getByRole("textbox", { name: "Texto" });
  }

  /**
   * A text of the conversation: "sent" by the phone or "received" from the clinic, found by its
   * words (not its time: a text "4" must not match "11 h 45"); `exact` for the whole text.
   */
  message(direction: "sent" | "received", text: string | RegExp, opts: { exact?: boolean } = {}): Locator {
    const whole = typeof text === "string" && opts.exact ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : text;
    const words = this.page.getByTestId("phone-message-text").filter({ hasText: whole });
    return this.messages.locator(`[data-testid="phone-message"][data-direction="${direction}"]`, { has: words });
  }

  /** Types and sends with Enter, as a person would; waits for the text to show on the phone. */
  async send(text: string): Promise<void> {
    await this.composer.fill(text);
    await this.composer.press("Enter");
    await expect(this.composer).toHaveValue("");
    await expect(this.message("sent", text, { exact: true }).last()).toBeVisible();
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
