import { expect, test } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { RelaisApi } from "./support/api.ts";
import { login, navigation } from "./support/auth.ts";

test("une administratrice qui se retire le rôle confirme d'abord, puis voit son nouveau rôle sans recharger", async ({ page, request }) => {
  const admin = await RelaisApi.signIn(request);
  const me = await admin.createUser({ prefix: "demote", role: "admin" });

  await login(page, me.email, { password: me.password });
  const header = page.getByRole("banner");
  await expect(header.getByText("Administrateur", { exact: true })).toBeVisible();
  await navigation(page).getByRole("link", { name: "Configuration" }).click();
  await page.mouse.move(900, 400);
  await page.getByRole("tab", { name: "Utilisateurs" }).click();
  const row = page.getByRole("row").filter({ hasText: me.email });
  const edit = page.getByRole("dialog", { name: `Modifier ${me.name}` });
  const confirm = page.getByRole("dialog", { name: "Réduire votre propre rôle?" });

  // --- Asked first; cancelling keeps the role. ---
  await row.getByRole("button", { name: `Modifier ${me.name}` }).click();
  await edit.getByRole("combobox", { name: "Rôle", exact: true }).selectOption({ label: "Utilisateur" });
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("Vous deviendrez « Utilisateur »");
  // Past the dialogs' opening transition.
  await page.waitForTimeout(400);
  await page.screenshot({ path: screenshotPath(`self-demotion-confirm.png`) });
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(confirm).toBeHidden();
  await expect(edit).toBeVisible();
  await expect(header.getByText("Administrateur", { exact: true })).toBeVisible();

  // --- Confirmed: the header and the screen follow at once, without a reload. ---
  await page.evaluate(() => {
    (window as unknown as { relaisNoReload: boolean }).relaisNoReload = true;
  });
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await confirm.getByRole("button", { name: "Réduire mon rôle" }).click();
  await expect(edit).toBeHidden();
  await expect(header.getByText("Utilisateur", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Nouvel utilisateur" })).toBeHidden();
  // Same document: the mark set before saving is still there.
  expect(await page.evaluate(() => (window as unknown as { relaisNoReload?: boolean }).relaisNoReload)).toBe(true);
  await page.screenshot({ path: screenshotPath(`self-demotion-done.png`) });
});
