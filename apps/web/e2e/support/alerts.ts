import { expect, type Page } from "@playwright/test";

type Kind = "success" | "error" | "info" | "warning";

/** An alert of the alert stack (top right) of this kind with this text. */
export function alertWith(page: Page, kind: Kind, text: string) {
  return page
    .getByRole("alert")
    .and(page.locator(`[data-kind="${kind}"]`))
    .filter({ hasText: text });
}

/** Closes every alert still shown (error alerts stay until closed), as a person would. */
export async function closeAlerts(page: Page, closeLabel = "Fermer"): Promise<void> {
  const alerts = page.locator("[data-kind]");
  while ((await alerts.count()) > 0) {
    const close = alerts.first().getByRole("button", { name: closeLabel });
    try {
      await close.click({ timeout: 5_000 });
    } catch (err) {
      // A success alert closes by itself after a few seconds: it may go between the count and
      // the click, and then there is nothing left to click. One still there did refuse the click.
      if ((await close.count()) > 0) throw err;
    }
  }
  await expect(alerts).toHaveCount(0);
}
