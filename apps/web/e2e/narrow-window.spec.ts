import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login, loginForm, navigation } from "./support/auth.ts";

const NOTICE = "Appareil non supporté (1024 px minimum)";

test("sous 1024 px, l'écran « appareil non supporté » remplace l'application; à 1280 px tout revient", async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 700 });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: NOTICE })).toBeVisible();
  await expect(page.getByText("Relais s'utilise sur un ordinateur ou une tablette d'au moins 1024 pixels de large.")).toBeVisible();
  await expect(loginForm(page).submit).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("heading", { name: NOTICE })).toHaveCount(0);
  await expect(loginForm(page).submit).toBeVisible();

  await login(page, DEMO.user);
  await expect(navigation(page)).toBeVisible();

  // Just under the limit, signed in: the notice again, no shell.
  await page.setViewportSize({ width: 1023, height: 700 });
  await expect(page.getByRole("heading", { name: NOTICE })).toBeVisible();
  await expect(navigation(page)).toHaveCount(0);

  // At the limit the shell is back, still signed in.
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(navigation(page)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("heading", { name: NOTICE })).toHaveCount(0);
  await expect(page).toHaveURL(/\/conversations$/);
  await expect(page.getByRole("banner").getByRole("combobox", { name: "Équipe courante" })).toBeVisible();
});
