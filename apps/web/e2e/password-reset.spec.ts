import { expect, test } from "./support/test.ts";
import { strongPassword } from "./support/accounts.ts";
import { RelaisApi } from "./support/api.ts";
import { login, loginForm } from "./support/auth.ts";

const RULES = {
  length: "Le mot de passe doit contenir au moins 8 caractères.",
  lower: "Le mot de passe doit contenir au moins une lettre minuscule.",
  upper: "Le mot de passe doit contenir au moins une lettre majuscule.",
  digit: "Le mot de passe doit contenir au moins un chiffre.",
  special: "Le mot de passe doit contenir au moins un caractère spécial.",
} as const;

test("mot de passe oublié : courriel, lien, nouveau mot de passe, connexion; le lien ne sert qu'une fois", async ({ page, request }) => {
  // A user made for this journey, so the demo accounts keep their password.
  const api = await RelaisApi.signIn(request);
  const person = await api.createUser({ prefix: "oubli" });
  const newPassword = strongPassword();

  await page.goto("/login");
  await page.getByRole("link", { name: "Mot de passe oublié?" }).click();
  await expect(page).toHaveURL(/\/password-forgot$/);
  await expect(page.getByRole("heading", { name: "Mot de passe oublié", level: 1 })).toBeVisible();

  // Empty, then not an address: refused before anything is sent.
  const emailField = page.getByRole("textbox", { name: "Courriel" });
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(emailField).toHaveAccessibleDescription("Ce champ est requis.");
  await emailField.fill("pas-un-courriel");
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(emailField).toHaveAccessibleDescription("Le courriel est invalide.");

  await emailField.fill(person.email);
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByRole("status")).toContainText("Si un compte existe pour cette adresse, un courriel contenant un lien");

  // The dev mailbox holds the mail, in the person's language, with the link.
  await page.goto("/dev/mail");
  const mail = page.getByRole("article").filter({ hasText: person.email });
  await expect(mail).toHaveCount(1);
  await expect(mail.getByRole("heading")).toHaveText("Réinitialisation de votre mot de passe Relais");
  await expect(mail).toContainText(`Bonjour ${person.name}`);
  const link = mail.getByRole("link", { name: /\/password-reset\?token=/ });
  const resetUrl = await link.getAttribute("href");
  expect(resetUrl).toMatch(/^http:\/\/localhost:\d+\/password-reset\?token=/);
  await link.click();

  await expect(page).toHaveURL(/\/password-reset\?token=/);
  await expect(page.getByRole("heading", { name: "Nouveau mot de passe", level: 1 })).toBeVisible();
  const password = page.getByRole("textbox", { name: "Nouveau mot de passe" });
  const confirmation = page.getByRole("textbox", { name: "Confirmer le mot de passe" });
  const rules = page.getByRole("list", { name: "Règles du mot de passe" });
  const rule = (text: string) => rules.getByRole("listitem").filter({ hasText: text });

  // Rules follow the typing, one by one.
  for (const text of Object.values(RULES)) {
    await expect(rule(text)).toHaveAttribute("data-ok", "false");
  }
  await password.fill("abc");
  await expect(rule(RULES.lower)).toHaveAttribute("data-ok", "true");
  await expect(rule(RULES.length)).toHaveAttribute("data-ok", "false");
  await expect(rule(RULES.upper)).toHaveAttribute("data-ok", "false");
  await password.fill("abcDEF12");
  await expect(rule(RULES.length)).toHaveAttribute("data-ok", "true");
  await expect(rule(RULES.upper)).toHaveAttribute("data-ok", "true");
  await expect(rule(RULES.digit)).toHaveAttribute("data-ok", "true");
  await expect(rule(RULES.special)).toHaveAttribute("data-ok", "false");

  // A password that breaks a rule is refused before anything is sent.
  await confirmation.fill("abcDEF12");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText("Le mot de passe ne respecte pas toutes les règles.")).toBeVisible();

  // All rules met, but the confirmation differs.
  await password.fill(newPassword);
  for (const text of Object.values(RULES)) {
    await expect(rule(text)).toHaveAttribute("data-ok", "true");
  }
  await confirmation.fill(`${newPassword}x`);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText("La confirmation doit être identique au mot de passe.")).toBeVisible();
  await expect(page.getByText("Le mot de passe ne respecte pas toutes les règles.")).toBeHidden();
  await expect(page).toHaveURL(/\/password-reset\?token=/);

  await confirmation.fill(newPassword);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();

  // Back on the login page with the success alert, which stays there.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Votre mot de passe a été changé. Vous pouvez vous connecter.")).toBeVisible();

  // The old password no longer opens the account; the new one does.
  const form = loginForm(page);
  await form.email.fill(person.email);
  await form.password.fill(person.password);
  await form.submit.click();
  await expect(page.getByText("Courriel ou mot de passe invalide.")).toBeVisible();
  await login(page, person.email, { password: newPassword });
  await expect(page.getByRole("banner").getByText(person.name)).toBeVisible();

  // The same link a second time: refused.
  await page.goto(resetUrl ?? "");
  const other = strongPassword() + "Z";
  await page.getByRole("textbox", { name: "Nouveau mot de passe" }).fill(other);
  await page.getByRole("textbox", { name: "Confirmer le mot de passe" }).fill(other);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText("Ce lien de réinitialisation est invalide ou a expiré.")).toBeVisible();
  await expect(page).toHaveURL(/\/password-reset\?token=/);
});

test("sans jeton, la page de réinitialisation propose de demander un nouveau lien", async ({ page }) => {
  await page.goto("/password-reset");
  await expect(page.getByText("Ce lien de réinitialisation est invalide ou a expiré.")).toBeVisible();
  await page.getByRole("link", { name: "Demander un nouveau lien" }).click();
  await expect(page).toHaveURL(/\/password-forgot$/);
});
