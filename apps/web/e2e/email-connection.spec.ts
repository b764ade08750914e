import { expect, test, type Page } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { alertWith } from "./support/alerts.ts";
import { createEmailTeam, mail, removeEmailTeam, signInToTeam, type EmailFixture } from "./support/mail.ts";

/**
 * Configuration → Email (spec part 2 §3, §4): a team administrator connects the team's mailbox
 * through the provider's 800 × 600 popup (the local OAuth server, dovecot and SMTP server of
 * scripts/e2e-server.mjs), a popup closed before the end is a cancellation, the verification
 * pages say how it went, a user of the team sees the mailbox in English without the buttons,
 * and the administrator disconnects it after confirming.
 */

const EMAIL_TAB = "/configuration?configTab=2&tab=1";

function mailboxSection(page: Page) {
  return page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: /Connexion courriel des équipes|Team email connection/ }) });
}

test.describe.serial("Connexion de la boîte courriel d'une équipe", () => {
  let fixture: EmailFixture;

  test.beforeAll(async ({ request }) => {
    fixture = await createEmailTeam(request, "connexion");
  });

  test.afterAll(async ({ request }) => {
    await removeEmailTeam(request, fixture);
  });

  test("un administrateur connecte la boîte dans la fenêtre du fournisseur", async ({ page, context, request }) => {
    await signInToTeam(page, fixture, "admin");
    await page.goto(EMAIL_TAB);
    const section = mailboxSection(page);
    await expect(section.getByText("Aucune boîte courriel n'est connectée.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Expéditeurs inconnus" })).toBeVisible();
    await expect(page.getByText("Aucun courriel d'un expéditeur inconnu.")).toBeVisible();
    await page.screenshot({ path: screenshotPath("email-not-connected.png") });

    // A wrong address is refused on the field, nothing opens.
    const address = section.getByRole("textbox", { name: "Adresse de la boîte" });
    await address.fill("pas-une-adresse");
    await section.getByRole("button", { name: "Connecter" }).click();
    await expect(section.getByText("Le courriel est invalide.")).toBeVisible();

    // The person closes the provider's window before the end: cancelled, said so, nothing connected.
    await context.route(/\/authorize\?/, (route) => route.abort());
    await address.fill(fixture.inbox);
    const closing = page.waitForEvent("popup");
    await section.getByRole("button", { name: "Connecter" }).click();
    const abandoned = await closing;
    await expect(section.getByText(`Terminez la connexion de ${fixture.inbox} dans la fenêtre qui s'est ouverte.`)).toBeVisible();
    await page.screenshot({ path: screenshotPath("email-popup-waiting.png") });
    await abandoned.close();
    await expect(section.getByText("Connexion annulée : la fenêtre a été fermée avant la fin.")).toBeVisible();
    await expect(section.getByText("Aucune boîte courriel n'est connectée.")).toBeVisible();
    await context.unroute(/\/authorize\?/);

    // Now through to the end: the provider's page sends the popup back to Relais, which closes it.
    await mail.signInAs(request, fixture.inbox);
    const visited: string[] = [];
    context.on("request", (request) => visited.push(request.url()));
    const opening = page.waitForEvent("popup");
    await section.getByRole("button", { name: "Connecter" }).click();
    const popup = await opening;
    await popup.waitForEvent("close");
    // It went to the provider's page (with the address as the login hint) and ended on the success page.
    expect(
      visited.some((url) => url.includes("/authorize?") && url.includes(`login_hint=${encodeURIComponent(fixture.inbox)}`)),
      visited.join("\n"),
    ).toBe(true);
    expect(
      visited.some((url) => url.endsWith("/verification/success")),
      visited.join("\n"),
    ).toBe(true);
    await expect(section.getByText(`La boîte ${fixture.inbox} est connectée.`)).toBeVisible();
    const mailbox = section.getByTestId("mailbox");
    await expect(mailbox.getByText(fixture.inbox)).toBeVisible();
    await expect(mailbox.getByText("Gmail", { exact: true })).toBeVisible();
    await expect(mailbox.getByText("Connectée", { exact: true })).toBeVisible();
    await expect(section.getByRole("textbox", { name: "Adresse de la boîte" })).toHaveCount(0);
    await page.screenshot({ path: screenshotPath("email-connected.png") });
  });

  test("les pages de vérification disent ce qui s'est passé", async ({ page }) => {
    // Opened directly (not by the Configuration page), they stay and say so.
    await page.goto("/verification/error/Gmail?reason=wrong-mailbox");
    await expect(page.getByRole("heading", { name: "Connexion du courriel refusée" })).toBeVisible();
    await expect(page.getByText("Le compte autorisé n'est pas la boîte demandée. Connectez-vous avec cette adresse.")).toBeVisible();
    await expect(page.getByText("Vous pouvez fermer cette fenêtre.")).toBeVisible();
    await page.screenshot({ path: screenshotPath("email-verification-error.png") });
    await page.goto("/verification/success");
    await expect(page.getByRole("heading", { name: "Courriel connecté" })).toBeVisible();
    await page.screenshot({ path: screenshotPath("email-verification-success.png") });
  });

  test("a user of the team sees the mailbox, in English, without connecting or disconnecting", async ({ page }) => {
    await signInToTeam(page, fixture, "member");
    await page.goto(EMAIL_TAB);
    const section = mailboxSection(page);
    const mailbox = section.getByTestId("mailbox");
    await expect(mailbox.getByText(fixture.inbox)).toBeVisible();
    await expect(mailbox.getByText("Connected", { exact: true })).toBeVisible();
    await expect(section.getByText("Only a team administrator can connect or disconnect its mailbox.")).toBeVisible();
    await expect(section.getByRole("button", { name: "Disconnect" })).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Connect" })).toHaveCount(0);
    await page.screenshot({ path: screenshotPath("email-member-en.png") });
  });

  test("l'administrateur déconnecte la boîte après confirmation", async ({ page }) => {
    await signInToTeam(page, fixture, "admin");
    await page.goto(EMAIL_TAB);
    const section = mailboxSection(page);
    await section.getByRole("button", { name: "Déconnecter" }).click();
    const dialog = page.getByRole("dialog", { name: "Déconnecter la boîte courriel" });
    await expect(
      dialog.getByText(`Relais cessera de lire et d'envoyer les courriels de ${fixture.inbox}.`, { exact: false }),
    ).toBeVisible();
    await page.screenshot({ path: screenshotPath("email-disconnect-confirm.png") });
    // Cancelling keeps it.
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(section.getByTestId("mailbox")).toBeVisible();
    await section.getByRole("button", { name: "Déconnecter" }).click();
    await page.getByRole("dialog", { name: "Déconnecter la boîte courriel" }).getByRole("button", { name: "Déconnecter" }).click();
    await expect(alertWith(page, "success", "Boîte courriel déconnectée.")).toBeVisible();
    await expect(section.getByText("Aucune boîte courriel n'est connectée.")).toBeVisible();
    await expect(section.getByRole("textbox", { name: "Adresse de la boîte" })).toHaveValue(fixture.inbox);
  });

  test("sur le réseau de démonstration, la boîte du bac à sable se relie sans fenêtre", async ({ page }) => {
    await signInToTeam(page, fixture, "admin");
    await page.goto(EMAIL_TAB);
    const section = mailboxSection(page);
    const address = `bac-${fixture.suffix}@clinique-demo.ca`;
    await section.getByRole("textbox", { name: "Adresse de la boîte" }).fill(address);
    await section.getByRole("button", { name: "Boîte du bac à sable" }).click();
    const mailbox = section.getByTestId("mailbox");
    await expect(mailbox.getByText(address)).toBeVisible();
    await expect(mailbox.getByText("Sandbox", { exact: true })).toBeVisible();
    await expect(mailbox.getByText("Connectée", { exact: true })).toBeVisible();
    await page.screenshot({ path: screenshotPath("email-sandbox-connected.png") });
    await section.getByRole("button", { name: "Déconnecter" }).click();
    await page.getByRole("dialog", { name: "Déconnecter la boîte courriel" }).getByRole("button", { name: "Déconnecter" }).click();
    await expect(section.getByText("Aucune boîte courriel n'est connectée.")).toBeVisible();
  });
});
