import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login } from "./support/auth.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { RelaisApi } from "./support/api.ts";

/**
 * Desk phones (issue 13 §4): an administrator adds one in their profile, a receptionist takes it
 * as their own, sees it, and releases it; a phone someone holds is not offered to others.
 */
test("un administrateur ajoute un poste fixe, une réceptionniste le prend puis le libère", async ({ page, browser, request }) => {
  const label = `Accueil ${Date.now() % 100000}`;
  await login(page, DEMO.admin);
  await page.goto("/configuration?configTab=4");
  const admin = page.getByTestId("desk-phones-admin");
  await admin.getByLabel("Nom du poste").fill(label);
  await admin.getByRole("button", { name: "Ajouter un poste" }).click();
  const row = page.getByTestId("desk-phones-table").locator(`tr[data-phone="${label}"]`);
  await expect(row).toContainText("Libre");
  await expect(row).toContainText("@sip.sandbox.relais.invalid");
  await page.getByTestId("desk-phones-admin").scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath("desk-phones-admin.png"), fullPage: true });

  // The receptionist, in her own browser: takes the free phone.
  const api = await RelaisApi.signIn(request);
  const person = await api.createUser({ prefix: "poste" });
  const context = await browser.newContext();
  const other = await context.newPage();
  try {
    await login(other, person.email, { password: person.password });
    await other.goto("/configuration?configTab=4");
    await expect(other.getByTestId("desk-phone-none")).toContainText("Aucun poste fixe ne vous est attribué.");
    await expect(other.getByTestId("desk-phones-admin")).toHaveCount(0);
    await other.getByRole("combobox", { name: "Choisir un poste libre" }).click();
    await other.getByRole("option", { name: label }).click();
    await other.getByRole("button", { name: "Prendre ce poste" }).click();
    await expect(other.getByTestId("desk-phone-mine")).toContainText(`Votre poste fixe : ${label}`);
    await other.getByTestId("desk-phone-mine").scrollIntoViewIfNeeded();
    await other.screenshot({ path: screenshotPath("desk-phone-mine.png"), fullPage: true });

    // The administrator sees who holds it.
    await page.reload();
    await expect(page.getByTestId("desk-phones-table").locator(`tr[data-phone="${label}"]`)).not.toContainText("Libre");

    await other.getByRole("button", { name: "Libérer le poste" }).click();
    await expect(other.getByTestId("desk-phone-none")).toBeVisible();
  } finally {
    await context.close();
    await api.deleteUser(person.id);
  }

  // Removed by the administrator.
  await page.reload();
  await page.getByRole("button", { name: `Supprimer ${label}` }).click();
  await expect(page.getByTestId("desk-phones-table").locator(`tr[data-phone="${label}"]`)).toHaveCount(0);
});
