import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { RelaisApi } from "./support/api.ts";
import { login } from "./support/auth.ts";

test("un numéro français s'affiche au format international, dans la liste, la fiche et le formulaire", async ({ page, request }) => {
  const last4 = String(1000 + (Date.now() % 9000));
  const shown = `+33 6 12 34 ${last4.slice(0, 2)} ${last4.slice(2)}`;
  const family = `Dupont${last4}`;
  const admin = await RelaisApi.signIn(request);
  const id = await admin.createContact({ firstname: "Anne", lastname: family, phone: `+3361234${last4}` });

  await login(page, DEMO.user);
  await page.goto(`/contacts?contact=${id}`);
  const panel = page.getByTestId("contact-panel");
  await expect(panel.getByTestId("contact-name")).toHaveText(`Anne ${family}`);
  // Not cut into a North American shape: (361) 234-… would be someone in Texas.
  await expect(panel.getByTestId("contact-details")).toContainText(shown);
  await expect(panel).not.toContainText("(361)");
  await expect(page.getByRole("listbox", { name: "Liste des contacts" }).getByRole("option", { name: new RegExp(family) })).toContainText(
    shown,
  );

  // The form shows the same display as the list, and saving it keeps the stored number.
  await panel.getByRole("button", { name: "Modifier" }).click();
  const form = page.getByRole("dialog", { name: "Modifier le contact" });
  await expect(form.getByRole("textbox", { name: "Téléphone" })).toHaveValue(shown);
  await page.screenshot({ path: test.info().outputPath("contact-form-foreign-number.png") });
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(form).toBeHidden();
  await expect(panel.getByTestId("contact-details")).toContainText(shown);
  expect((await admin.contact(id)).phone).toBe(`+3361234${last4}`);
});
