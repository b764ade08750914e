import { expect, test } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { alertWith } from "./support/alerts.ts";
import { connectMailbox, createEmailTeam, mail, removeEmailTeam, signInToTeam, type EmailFixture } from "./support/mail.ts";

/**
 * The email-disconnected dialog (spec part 2 §4): the provider takes the grant back
 * (invalid_grant at the next refresh), the sync marks the mailbox not valid, and the team's
 * administrator is asked once per email to reconnect it; "Ne plus demander" disconnects it.
 */

test.describe.serial("Boîte courriel à reconnecter", () => {
  let fixture: EmailFixture;

  test.beforeAll(async ({ request }) => {
    fixture = await createEmailTeam(request, "reconnexion");
  });

  test.afterAll(async ({ request }) => {
    await removeEmailTeam(request, fixture);
  });

  test("après un invalid_grant, le dialogue s'ouvre une fois par adresse; « Ne plus demander » déconnecte", async ({
    page,
    browser,
    request,
  }) => {
    // The sync runs once a minute: it can take that long to notice.
    test.setTimeout(240_000);
    await signInToTeam(page, fixture, "admin");
    await connectMailbox(page, request, fixture);
    await mail.failRefresh(request, fixture.inbox);

    // The email settings say it first, with the reason (and never open the dialog over themselves).
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("mailbox").getByText("À reconnecter", { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 150_000, intervals: [5_000] });
    await expect(page.getByText("Le fournisseur a retiré l'autorisation donnée à Relais.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.screenshot({ path: screenshotPath("email-invalid.png") });

    // Anywhere else, the dialog asks; confirming goes to the email settings.
    await page.goto("/conversations");
    const dialog = page.getByRole("dialog", { name: "Boîte courriel à reconnecter" });
    await expect(dialog.getByText(`La boîte ${fixture.inbox} de votre équipe ne fonctionne plus`, { exact: false })).toBeVisible();
    await page.screenshot({ path: screenshotPath("email-reconnect-dialog.png") });
    await dialog.getByRole("button", { name: "Reconnecter" }).click();
    await expect(page).toHaveURL(/\/configuration\?configTab=2&tab=1$/);
    await expect(page.getByRole("textbox", { name: "Adresse de la boîte" })).toHaveValue(fixture.inbox);

    // Once per email: not again on this browser.
    // (The page has read the mailbox, still not valid, before the dialog is looked for.)
    const read = page.waitForResponse((r) => r.url().endsWith("/api/email-sync/mailbox") && r.ok());
    await page.goto("/conversations");
    expect(((await (await read).json()) as { valid: boolean }).valid).toBe(false);
    await expect(page.getByRole("region", { name: "Liste des conversations" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Boîte courriel à reconnecter" })).toHaveCount(0);

    // On another browser it asks again; "Ne plus demander" disconnects the mailbox.
    const other = await browser.newContext();
    const second = await other.newPage();
    await signInToTeam(second, fixture, "admin");
    const asked = second.getByRole("dialog", { name: "Boîte courriel à reconnecter" });
    await asked.getByRole("button", { name: "Ne plus demander" }).click();
    await expect(alertWith(second, "success", "Boîte courriel déconnectée.")).toBeVisible();
    await expect(asked).toHaveCount(0);
    await second.goto("/configuration?configTab=2&tab=1");
    await expect(second.getByText("Aucune boîte courriel n'est connectée.")).toBeVisible();
    await other.close();
  });
});
