import { expect, test } from "./support/test.ts";
import { DEMO, DEMO_NAMES, strongPassword, uniqueSuffix } from "./support/accounts.ts";
import { alertWith, closeAlerts } from "./support/alerts.ts";
import { login, loginForm, navigation } from "./support/auth.ts";

test.describe("Administration des utilisateurs", () => {
  test("créer un utilisateur (règles du mot de passe), changer son rôle, le supprimer avec confirmation", async ({ page, browser }) => {
    // A long journey with a second browser: twice the default time, for a loaded 2-core machine.
    test.setTimeout(120_000);
    const suffix = uniqueSuffix();
    const name = `Nadia Bergeron ${suffix}`;
    const email = `nadia-${suffix}@clinique-demo.ca`;
    const password = strongPassword();

    await login(page, DEMO.admin);
    await navigation(page).getByRole("link", { name: "Configuration" }).click();
    await page.getByRole("tab", { name: "Utilisateurs" }).click();
    await expect(page).toHaveURL(/configTab=3/);
    const row = page.getByRole("row").filter({ hasText: email });

    await page.getByRole("button", { name: "Nouvel utilisateur" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvel utilisateur" });
    await dialog.getByRole("textbox", { name: "Nom complet" }).fill(name);
    await dialog.getByRole("textbox", { name: "Courriel" }).fill(email);
    await expect(dialog.getByRole("combobox", { name: "Rôle", exact: true })).toHaveValue("user");

    // The password rules tick as the person types; a weak password is refused.
    const rules = dialog.getByRole("list", { name: "Règles du mot de passe" });
    const passwordField = dialog.getByRole("textbox", { name: "Mot de passe initial" });
    await passwordField.fill("court");
    await expect(rules.getByRole("listitem").filter({ hasText: "au moins 8 caractères" })).toHaveAttribute("data-ok", "false");
    await expect(rules.getByRole("listitem").filter({ hasText: "au moins une lettre minuscule" })).toHaveAttribute("data-ok", "true");
    await dialog.getByRole("button", { name: "Créer l'utilisateur" }).click();
    await expect(dialog.getByText("Le mot de passe ne respecte pas toutes les règles.")).toBeVisible();
    // No team chosen yet either.
    await expect(dialog.getByText("Un utilisateur doit appartenir à au moins une équipe.")).toBeVisible();

    await passwordField.fill(password);
    await expect(rules.locator('[data-ok="false"]')).toHaveCount(0);
    await dialog.getByRole("checkbox", { name: "Hygiène" }).check();
    await expect(dialog.getByRole("combobox", { name: "Rôle dans Hygiène" })).toHaveValue("user");
    await dialog.getByRole("button", { name: "Créer l'utilisateur" }).click();
    await expect(dialog).toBeHidden();
    await expect(alertWith(page, "success", `Le compte de ${name} a été créé.`)).toBeVisible();
    await expect(row).toContainText(name);
    await expect(row.getByRole("cell").nth(1)).toHaveText("Utilisateur");
    await expect(row.getByRole("cell").nth(2)).toHaveText("Hygiène");

    // Same address again: refused.
    await closeAlerts(page);
    await page.getByRole("button", { name: "Nouvel utilisateur" }).click();
    await dialog.getByRole("textbox", { name: "Nom complet" }).fill(`${name} bis`);
    await dialog.getByRole("textbox", { name: "Courriel" }).fill(email);
    await passwordField.fill(password);
    await dialog.getByRole("checkbox", { name: "Hygiène" }).check();
    await dialog.getByRole("button", { name: "Créer l'utilisateur" }).click();
    await expect(alertWith(page, "error", "Ce courriel est déjà utilisé.")).toBeVisible();
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: `${name} bis` })).toHaveCount(0);

    // Change the role.
    await closeAlerts(page);
    await row.getByRole("button", { name: `Modifier ${name}` }).click();
    const edit = page.getByRole("dialog", { name: `Modifier ${name}` });
    await edit.getByRole("combobox", { name: "Rôle", exact: true }).selectOption({ label: "Marketing" });
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await expect(edit).toBeHidden();
    await expect(alertWith(page, "success", "Les modifications ont été enregistrées.")).toBeVisible();
    await expect(row.getByRole("cell").nth(1)).toHaveText("Marketing");
    await page.reload();
    await expect(row.getByRole("cell").nth(1)).toHaveText("Marketing");

    // The new person signs in with the first password, on their own computer.
    const theirs = await browser.newContext();
    const theirPage = await theirs.newPage();
    await login(theirPage, email, { password });
    await expect(theirPage.getByRole("banner").getByText(name)).toBeVisible();
    await expect(theirPage.getByRole("banner").getByText("Marketing")).toBeVisible();

    // Delete, cancelling once first.
    await row.getByRole("button", { name: `Supprimer ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Supprimer cet utilisateur?" });
    await expect(confirm).toContainText(`Le compte de ${name} sera supprimé et la personne ne pourra plus se connecter.`);
    await confirm.getByRole("button", { name: "Annuler" }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(1);

    await row.getByRole("button", { name: `Supprimer ${name}` }).click();
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(alertWith(page, "success", `Le compte de ${name} a été supprimé.`)).toBeVisible();
    await expect(row).toHaveCount(0);

    // One cannot delete oneself.
    await expect(page.getByRole("button", { name: `Supprimer ${DEMO_NAMES.admin}` })).toBeDisabled();

    // The deleted person can no longer sign in.
    await theirPage.goto("/login");
    await expect(theirPage).toHaveURL(/\/login$/);
    const form = loginForm(theirPage);
    await form.email.fill(email);
    await form.password.fill(password);
    await form.submit.click();
    await expect(theirPage.getByText("Courriel ou mot de passe invalide.")).toBeVisible();
    await theirs.close();
  });

  test("l'organisation garde au moins un administrateur", async ({ page }) => {
    // The notary's office has a single administrator, who tries to make themself a plain user.
    await login(page, DEMO.notaryAdmin);
    await navigation(page).getByRole("link", { name: "Configuration" }).click();
    await page.getByRole("tab", { name: "Utilisateurs" }).click();
    const row = page.getByRole("row").filter({ hasText: DEMO.notaryAdmin });
    await expect(row.getByRole("cell").nth(1)).toHaveText("Administrateur");

    await row.getByRole("button", { name: `Modifier ${DEMO_NAMES.notaryAdmin}` }).click();
    const edit = page.getByRole("dialog", { name: `Modifier ${DEMO_NAMES.notaryAdmin}` });
    await edit.getByRole("combobox", { name: "Rôle", exact: true }).selectOption({ label: "Utilisateur" });
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    // Lowering one's own role is confirmed first (issue 15 item 7); the server then refuses it.
    await page.getByRole("dialog", { name: "Réduire votre propre rôle?" }).getByRole("button", { name: "Réduire mon rôle" }).click();
    await expect(alertWith(page, "error", "L'organisation doit garder au moins un administrateur.")).toBeVisible();
    await edit.getByRole("button", { name: "Annuler" }).click();

    await page.reload();
    await expect(row.getByRole("cell").nth(1)).toHaveText("Administrateur");
    await expect(page.getByRole("button", { name: "Nouvel utilisateur" })).toBeVisible();
  });
});
