import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login } from "./support/auth.ts";

test("un prénom trop long est refusé avec son maximum, sans être coupé en silence", async ({ page }) => {
  await login(page, DEMO.user);
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Nouveau contact" }).click();
  const form = page.getByRole("dialog", { name: "Nouveau contact" });
  const firstname = form.getByRole("textbox", { name: "Prénom" });
  await firstname.fill("A".repeat(5000));
  await expect(firstname).toHaveValue("A".repeat(5000));
  await form.getByRole("button", { name: "Créer le contact" }).click();
  await expect(form.getByText("Maximum de 100 caractères.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("contact-form-too-long.png") });
  await firstname.fill("Anne");
  await form.getByRole("textbox", { name: "Nom", exact: true }).fill("Limite");
  await form.getByRole("button", { name: "Créer le contact" }).click();
  await expect(form).toBeHidden();
});
