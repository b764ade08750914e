import { expect, test, type Locator, type Page } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login, navigation } from "./support/auth.ts";
import { screenshotPath } from "./support/screenshots.ts";

/**
 * The demo clinic's first start opens on a few days of life (issue 15 §6): conversations with
 * photos, archived ones, scheduled messages — not an empty inbox. Other journeys add their own
 * conversations to the same server, so the demo's are found by number or by their pin.
 */

function listOf(page: Page) {
  const region = page.getByRole("region", { name: "Liste des conversations" });
  return {
    row: (phone: string) => region.locator(`[data-thread="${phone}"]`),
    first: region.getByRole("option").first(),
    search: region.getByRole("searchbox", { name: "Rechercher un numéro ou un message" }),
    tab: (name: RegExp) => region.getByRole("tab", { name }),
  };
}

/** The image really loaded (a broken link keeps a natural width of 0). */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test("démo : l'hygiéniste ouvre sa conversation épinglée, la photo d'une dent, et une conversation archivée", async ({ page }) => {
  await login(page, DEMO.hygiene);
  const list = listOf(page);
  // Pinned, so first whatever other journeys wrote since.
  await expect(list.first).toContainText("Sarah O'Neil");
  await expect(list.first).toContainText("Thank you so much, that's great!");
  await list.first.click();
  const thread = page.getByTestId("open-thread");
  await expect(thread.getByText("Hi, I think I chipped a tooth last night. Here is a picture. Is it urgent?")).toBeVisible();
  await expectLoaded(thread.locator('[data-direction="inbound"] img').first());
  await page.screenshot({ path: screenshotPath("demo-pinned-photo.png") });

  await list.tab(/Archivées/).click();
  await expect(list.row("+15145550115")).toContainText("Chloé Tremblay");
  await list.row("+15145550115").click();
  await expect(thread.getByText(/^Rappel : Bonjour Chloé, c'est le moment de changer de brosse à dents/)).toBeVisible();
  await expect(thread.getByText("Merci, je vais y penser !")).toBeVisible();
});

test("démo : la réception retrouve la carte d'assurance d'Émilie et les messages programmés de la semaine", async ({ page }) => {
  await login(page, DEMO.user);
  const list = listOf(page);
  await list.search.fill("4385550113");
  await expect(list.row("+14385550113")).toContainText("Émilie Gagnon");
  // Her latest is the clinic's call back, said as a call.
  await expect(list.row("+14385550113")).toContainText("Appel passé");
  await list.row("+14385550113").click();
  const thread = page.getByTestId("open-thread");
  await expect(thread.getByText("Bonjour, voici ma nouvelle carte d'assurance pour mon dossier.")).toBeVisible();
  await expectLoaded(thread.locator('[data-direction="inbound"] img').first());
  await page.screenshot({ path: screenshotPath("demo-insurance-card.png") });

  await navigation(page).getByRole("link", { name: "Messages programmés" }).click();
  await page.mouse.move(1000, 400);
  const upcoming = page.getByTestId("scheduled-upcoming").getByTestId("team-scheduled-item");
  await expect(upcoming.filter({ hasText: "Confirmation du nettoyage" })).toContainText("07:30");
  await expect(upcoming.filter({ hasText: "Examen annuel" })).toContainText("(ouverture)");
  await page.screenshot({ path: screenshotPath("demo-scheduled.png"), fullPage: true });
});
