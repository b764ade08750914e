import { expect, test, type Page } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login } from "./support/auth.ts";
import { readyControl } from "./support/calls.ts";
import { screenshotPath } from "./support/screenshots.ts";

/**
 * Refuses the microphone to the page's browser context, as a person who clicked "Block" did
 * (CDP Browser.setPermission). The session stays attached: detaching it drops the setting.
 */
async function blockMicrophone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send("Target.getTargetInfo");
  await cdp.send("Browser.setPermission", {
    permission: { name: "microphone" },
    setting: "denied",
    browserContextId: targetInfo.browserContextId,
  });
}

// In the ordinary journeys' browser, not the calls project's: there every microphone prompt is
// accepted by a fake device, whatever the permission says.
test("sans microphone : le contrôle d'appels dit pourquoi, le bouton d'appel le dit aussi et ouvre le guide du microphone", async ({
  page,
}) => {
  await page.goto("/login");
  await blockMicrophone(page);
  await login(page, DEMO.superadmin);

  // --- The top bar says calls are not offered, and why. ---
  await expect(readyControl(page)).toHaveAccessibleName("Pas d'appels entrants");
  await readyControl(page).click();
  const reasons = page.getByTestId("not-offered-reasons");
  await expect(reasons).toContainText("aucun microphone n'est permis dans ce navigateur.");
  await page.getByRole("button", { name: "Autoriser le microphone" }).click();
  const guide = page.getByRole("dialog", { name: "Autoriser le microphone" });
  await expect(guide).toBeVisible();
  await expect(guide.getByText("Dans « Microphone », choisissez « Autoriser ».")).toBeVisible();
  await guide.screenshot({ path: screenshotPath("call-microphone-guide.png") });

  // --- Trying again while it is still blocked keeps the guide open. ---
  await guide.getByRole("button", { name: "Réessayer" }).click();
  await expect(guide).toBeVisible();
  await guide.getByRole("button", { name: "Fermer" }).click();
  await expect(guide).toBeHidden();

  // --- A conversation's call button says "no microphone" and opens the same guide. ---
  await page.getByRole("region", { name: "Liste des conversations" }).locator("[data-thread]").first().click();
  const call = page.getByTestId("open-thread").getByRole("button", { name: "Aucun microphone" });
  await expect(call).toBeVisible();
  await call.click();
  await expect(guide).toBeVisible();
});

test("forfait sans appels sortants : le bouton d'appel d'un contact le dit et reste inactif", async ({ page }) => {
  await login(page, DEMO.notaryUser);
  await page.goto("/contacts");
  await page
    .getByRole("listbox", { name: "Liste des contacts" })
    .getByRole("option", { name: /Gilles Bouchard/ })
    .click();
  const call = page.getByTestId("contact-panel").getByRole("button", { name: "Appel désactivé par votre forfait" });
  await expect(call).toBeVisible();
  await expect(call).toHaveAttribute("data-call-state", "forbidden");
  await call.click();
  await expect(page.getByTestId("call-own")).toBeHidden();
});
