import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { alertWith, closeAlerts } from "./support/alerts.ts";
import { login, navigation } from "./support/auth.ts";

/**
 * A greeting recorded in the browser (issue 13 §3): the fake microphone of the calls project is
 * taken as PCM, written as WAV in the page, uploaded, and measured by the server.
 */
test("un administrateur enregistre le message d'accueil de la pause depuis son micro", async ({ page }) => {
  await login(page, DEMO.admin);
  await navigation(page).getByRole("link", { name: "Configuration" }).click();
  await page.getByRole("tab", { name: "Messagerie vocale" }).click();
  await page.getByRole("combobox", { name: "Messages de" }).click();
  await page.getByRole("option", { name: "Hygiène", exact: true }).click();

  const pause = page.getByRole("region", { name: "Pause" });
  await pause.getByText("Enregistrement", { exact: true }).click();
  await pause.getByRole("button", { name: "Enregistrer", exact: true }).click();
  const stop = pause.getByRole("button", { name: /Terminer l'enregistrement \(00:0[3-9]\)/ });
  await expect(stop).toBeVisible({ timeout: 15_000 });
  await stop.click();
  // Measured by the server from the WAV's header: three seconds or a little more.
  await expect(pause.getByText(/^00:0[3-9] · \d+(,\d)? Ko$/)).toBeVisible();
  await expect(pause.getByTestId("greeting-audio")).toHaveAttribute("src", /^blob:/);
  await pause.getByRole("switch", { name: "Activé" }).check({ force: true });
  await pause.getByRole("button", { name: "Enregistrer la période" }).click();
  await expect(alertWith(page, "success", "Le message d'accueil a été enregistré.")).toBeVisible();
  await closeAlerts(page);

  await page.reload();
  await page.getByRole("combobox", { name: "Messages de" }).click();
  await page.getByRole("option", { name: "Hygiène", exact: true }).click();
  const reloaded = page.getByRole("region", { name: "Pause" });
  await expect(reloaded.getByRole("radio", { name: "Enregistrement" })).toBeChecked();
  await expect(reloaded.getByText(/^00:0[3-9] · \d+(,\d)? Ko$/)).toBeVisible();
});
