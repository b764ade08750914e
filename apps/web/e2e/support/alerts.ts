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
    await alerts.first().getByRole("button", { name: closeLabel }).click();
  }
  await expect(alerts).toHaveCount(0);
}
