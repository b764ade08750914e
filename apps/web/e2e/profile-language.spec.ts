import { expect, test } from "./support/test.ts";
import { RelaisApi } from "./support/api.ts";
import { login } from "./support/auth.ts";

test("une personne passe son profil en anglais : toute l'interface suit, et revient en français", async ({ page, request }) => {
  const api = await RelaisApi.signIn(request);
  const person = await api.createUser({ prefix: "langue" });
  try {
    await login(page, person.email, { password: person.password });
    await page.goto("/configuration?configTab=4");
    await expect(page.getByText("Mon profil", { exact: true }).first()).toBeVisible();

    await page.getByLabel("Langue de l'interface").selectOption("en-CA");
    await page.getByRole("button", { name: "Enregistrer" }).first().click();

    // The interface switches at once, without signing in again.
    await expect(page.getByLabel("Interface language")).toHaveValue("en-CA");
    await expect(page.getByText("My profile", { exact: true }).first()).toBeVisible();

    // And it stays English after a reload: the choice lives in the profile, not in the page.
    await page.reload();
    await expect(page.getByLabel("Interface language")).toHaveValue("en-CA");

    await page.getByLabel("Interface language").selectOption("fr-CA");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByLabel("Langue de l'interface")).toHaveValue("fr-CA");
  } finally {
    await api.deleteUser(person.id);
  }
});
