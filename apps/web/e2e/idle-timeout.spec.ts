import { expect, test, type Page } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login, navigation } from "./support/auth.ts";

/**
 * The screen's lazy parts all loaded before the clock jumps: a part still loading when 12 h pass
 * at once outlives the chunk load timeout (120 s) and reloads the page, which no person's tab
 * would see (a download does not last 12 hours). The parts preloaded when the browser is idle
 * (the shell's dialogs, the phone-number library: requestIdleCallback, at most 3 s) are started
 * first: left to the jump, they started inside it and their timeout fell inside it too.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  // waitForLoadState answers at once once the page has been idle: count the requests instead.
  let requests = 0;
  let finished = 0;
  const started = () => requests++;
  const ended = () => finished++;
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await page.clock.runFor(5_000);
    // Quiet for half a second, as networkidle means: nothing in flight, nothing new.
    for (let seen = -1; seen !== requests || finished < requests;) {
      seen = requests;
      await page.waitForTimeout(500);
    }
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

test.describe("Inactivité de 12 heures", () => {
  test("après 12 h sans activité, la session se termine et la connexion le dit", async ({ page }) => {
    await page.clock.install();
    await login(page, DEMO.hygiene);
    await expect(navigation(page)).toBeVisible();
    await settled(page);

    await page.clock.fastForward("12:00:00");

    await expect(page).toHaveURL(/\/login\?expired=1$/);
    await expect(page.getByText("Votre session a expiré. Veuillez vous reconnecter.")).toBeVisible();
    // The session is over on the server too: the application is out of reach.
    await page.goto("/conversations");
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole("heading", { name: "Connexion", level: 1 })).toBeVisible();
  });

  test("une activité avant 12 h garde la session ouverte", async ({ page }) => {
    await page.clock.install();
    await login(page, DEMO.hygiene);
    await settled(page);

    await page.clock.fastForward("11:00:00");
    await expect(page).toHaveURL(/\/conversations$/);

    // Some activity: the person opens the configuration.
    await navigation(page).getByRole("link", { name: "Configuration" }).click();
    await expect(page.getByRole("heading", { name: "Configuration", level: 2 })).toBeVisible();
    await settled(page);

    // 11 h 59 later, 22 h 59 after signing in: still 1 minute to go.
    await page.clock.fastForward("11:59:00");
    await expect(page).toHaveURL(/\/configuration$/);
    await page.getByRole("tab", { name: "Équipes" }).click();
    await expect(page.getByRole("link", { name: "Hygiène" })).toBeVisible();
    await expect(page.getByText("Votre session a expiré. Veuillez vous reconnecter.")).toHaveCount(0);
    await settled(page);

    // Then 12 h without a move: the session ends.
    await page.clock.fastForward("12:00:00");
    await expect(page).toHaveURL(/\/login\?expired=1$/);
    await expect(page.getByText("Votre session a expiré. Veuillez vous reconnecter.")).toBeVisible();
  });
});
