import { expect, test } from "./support/test.ts";
import { CLINIC_NAME_EN, CLINIC_NAME_FR, DEMO, DEMO_NAMES } from "./support/accounts.ts";
import { login, loginForm, navigation } from "./support/auth.ts";

test.describe("Connexion", () => {
  test("en français par défaut : champs requis, mauvais mot de passe, puis l'écran principal", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Connexion", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
    const form = loginForm(page);

    // Nothing typed: each field says it is required, and nobody is signed in.
    await form.submit.click();
    await expect(page.getByText("Ce champ est requis.")).toHaveCount(2);
    await expect(form.email).toHaveAccessibleDescription(/Ce champ est requis\./);
    await expect(form.password).toHaveAccessibleDescription(/Ce champ est requis\./);
    await expect(page).toHaveURL(/\/login$/);

    // Only the password is missing.
    await form.email.fill(DEMO.user);
    await form.submit.click();
    await expect(page.getByText("Ce champ est requis.")).toHaveCount(1);
    await expect(form.password).toHaveAccessibleDescription(/Ce champ est requis\./);

    // A wrong password.
    await form.password.fill("Mauvais!2026");
    await form.submit.click();
    await expect(page.getByText("Courriel ou mot de passe invalide.")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The right one: the conversations screen inside the shell.
    await form.password.fill("Relais!2026");
    await form.submit.click();
    await expect(page).toHaveURL(/\/conversations$/);
    const nav = navigation(page);
    await expect(nav.getByRole("link", { name: "Conversations" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Configuration" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Déconnexion" })).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByText(CLINIC_NAME_FR)).toBeVisible();
    await expect(header.getByText(DEMO_NAMES.user)).toBeVisible();
    await expect(header.getByRole("combobox", { name: "Équipe courante" })).toHaveValue("Réception");
    await expect(page.getByRole("main").getByRole("region", { name: "Liste des conversations" })).toBeVisible();

    // Signed in, the login page sends the person back to the application.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/conversations$/);
  });

  test("in English with ?lang=en: required fields, wrong password, then the English shell", async ({ page }) => {
    await page.goto("/login?lang=en");
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
    await expect(page.getByRole("link", { name: "Forgot your password?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Français" })).toBeVisible();
    const form = loginForm(page, "en");

    await form.submit.click();
    await expect(page.getByText("This field is required.")).toHaveCount(2);

    await form.email.fill(DEMO.devops);
    await form.password.fill("Wrong!2026");
    await form.submit.click();
    await expect(page.getByText("Invalid email or password.")).toBeVisible();

    await form.password.fill("Relais!2026");
    await form.submit.click();
    await expect(page).toHaveURL(/\/conversations$/);
    const nav = navigation(page, "en");
    await expect(nav.getByRole("link", { name: "Quick messages" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Log out" })).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByText(CLINIC_NAME_EN)).toBeVisible();
    await expect(header.getByRole("combobox", { name: "Current team" })).toHaveValue("Réception");
    await expect(page.getByRole("main").getByRole("region", { name: "Conversation list" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("button", { name: "New conversation" })).toBeVisible();
  });

  test("le lien de langue passe la page de connexion en anglais et revient en français", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/login\?lang=en$/);
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Français" }).click();
    await expect(page.getByRole("heading", { name: "Connexion", level: 1 })).toBeVisible();
  });

  test("la déconnexion demande confirmation et ramène à la connexion", async ({ page }) => {
    await login(page, DEMO.marketing);
    await navigation(page).getByRole("button", { name: "Déconnexion" }).click();
    const dialog = page.getByRole("dialog", { name: "Se déconnecter?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The session is really over: the application is out of reach.
    await page.goto("/configuration");
    await expect(page).toHaveURL(/\/login$/);
  });
});
