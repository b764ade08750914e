import { expect, test } from "./support/test.ts";
import { DEMO, DEMO_NAMES } from "./support/accounts.ts";
import { login, navigation } from "./support/auth.ts";
import { screenshotPath } from "./support/screenshots.ts";

test.describe("Menus et écrans selon le rôle", () => {
  test("un utilisateur : pas de Devops, Consultations pour la clinique, configuration en lecture", async ({ page }) => {
    await login(page, DEMO.user);
    const nav = navigation(page);
    await expect(nav.getByRole("link", { name: "Conversations" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Consultations" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Configuration" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Devops" })).toHaveCount(0);

    // Typing the address does not open it either.
    await page.goto("/devops");
    await expect(page).toHaveURL(/\/conversations$/);

    // Organisation: read only, with the notice and no save button.
    await nav.getByRole("link", { name: "Configuration" }).click();
    const panel = page.getByRole("tabpanel", { name: "Organisation" });
    await expect(panel.getByText("Seuls les administrateurs peuvent modifier les informations de l'organisation.")).toBeVisible();
    await expect(panel.getByRole("textbox", { name: "Nom (français)" })).toHaveAttribute("readonly", "");
    await expect(panel.getByRole("switch", { name: "Lundi" })).toBeDisabled();
    await expect(panel.getByRole("button", { name: "Enregistrer", exact: true })).toHaveCount(0);

    // Teams: the list, no creation.
    await page.getByRole("tab", { name: "Équipes" }).click();
    await expect(page.getByRole("link", { name: "Réception" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Nouvelle équipe" })).toHaveCount(0);
    // A team's detail: read only, no member management, no deletion.
    await page.getByRole("link", { name: "Réception" }).click();
    await expect(page.getByRole("heading", { name: "Réception", level: 3 })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Nom de l'équipe" })).toHaveAttribute("readonly", "");
    await expect(page.getByRole("button", { name: /^Retirer / })).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "Ajouter un membre" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Supprimer l'équipe" })).toHaveCount(0);

    // Users: read the list, no creation, edition or deletion.
    await page.getByRole("tab", { name: "Utilisateurs" }).click();
    await expect(page.getByRole("row").filter({ hasText: DEMO_NAMES.admin })).toBeVisible();
    await expect(page.getByRole("button", { name: "Nouvel utilisateur" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Modifier / })).toHaveCount(0);
  });

  test("un administrateur : configuration modifiable, création d'équipe et d'utilisateur, pas de Devops", async ({ page }) => {
    await login(page, DEMO.admin);
    const nav = navigation(page);
    await expect(nav.getByRole("link", { name: "Consultations" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Devops" })).toHaveCount(0);

    await nav.getByRole("link", { name: "Configuration" }).click();
    const panel = page.getByRole("tabpanel", { name: "Organisation" });
    await expect(panel.getByRole("textbox", { name: "Nom (français)" })).toBeEditable();
    await expect(panel.getByRole("button", { name: "Enregistrer", exact: true })).toBeVisible();
    await expect(panel.getByText("Seuls les administrateurs peuvent modifier les informations de l'organisation.")).toHaveCount(0);

    await page.getByRole("tab", { name: "Équipes" }).click();
    await expect(page.getByRole("button", { name: "Nouvelle équipe" })).toBeVisible();
    await page.getByRole("tab", { name: "Utilisateurs" }).click();
    await expect(page.getByRole("button", { name: "Nouvel utilisateur" })).toBeVisible();
  });

  test("devops (profil en anglais) : le menu Devops et son écran", async ({ page }) => {
    await login(page, DEMO.devops);
    const nav = navigation(page, "en");
    await expect(nav.getByRole("link", { name: "Devops" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Consultations" })).toBeVisible();
    await nav.getByRole("link", { name: "Devops" }).click();
    await expect(page).toHaveURL(/\/devops$/);
    await expect(page.getByRole("heading", { name: "Devops", level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Maintenance status" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
  });

  test("forfait à une seule équipe : l'administrateur de l'étude ne se voit pas offrir « Nouvelle équipe », et sait pourquoi", async ({
    page,
  }) => {
    // The plan is read as the spec's front end reads it, and the screen follows it.
    const tier = page.waitForResponse((r) => /\/api\/tiers\/organization\//.test(r.url()));
    await login(page, DEMO.notaryAdmin);
    await navigation(page).getByRole("link", { name: "Configuration" }).click();
    await page.getByRole("tab", { name: "Équipes" }).click();
    expect(((await (await tier).json()) as { permissions: number[] }).permissions).toEqual([3]);
    await expect(page.getByRole("row").filter({ hasText: "Étude" })).toBeVisible();
    await expect(page.getByTestId("single-team-plan")).toHaveText(
      "Votre forfait comprend une seule équipe. Pour en créer d'autres, changez de forfait.",
    );
    await expect(page.getByRole("button", { name: "Nouvelle équipe" })).toHaveCount(0);
    await page.screenshot({ path: screenshotPath("teams-single-team-plan.png") });
  });

  test("Consultations n'apparaît pas pour une organisation qui ne les offre pas", async ({ page }) => {
    await login(page, DEMO.notaryUser);
    const nav = navigation(page);
    await expect(nav.getByRole("link", { name: "Contacts" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Consultations" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Devops" })).toHaveCount(0);
  });
});
