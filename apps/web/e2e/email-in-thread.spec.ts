import { expect, test } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { RelaisApi } from "./support/api.ts";
import { connectMailbox, createEmailTeam, mail, rawEmail, removeEmailTeam, signInToTeam, type EmailFixture } from "./support/mail.ts";
import { pngImage, gradient } from "./support/images.ts";

/**
 * An email arrives (spec part 2 §3, EMAIL.md §3, §4): delivered into the team's mailbox in the
 * local dovecot, read by the minute's sync, it shows in the contact's thread with its subject and
 * sender, its HTML in a sandboxed frame whose remote image is fetched only once asked, and its
 * file as a download; an email from an address that is no contact's is listed for the team.
 */

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

test.describe.serial("Un courriel dans la conversation d'un contact", () => {
  let fixture: EmailFixture;

  test.beforeAll(async ({ request }) => {
    fixture = await createEmailTeam(request, "fil");
  });

  test.afterAll(async ({ request }) => {
    await removeEmailTeam(request, fixture);
  });

  test("le courriel d'un contact arrive dans son fil; ses images attendent qu'on les demande", async ({ page, context, request }) => {
    // The sync runs once a minute: the email can take that long to arrive.
    test.setTimeout(180_000);
    const phone = `+1514556${String(1000 + (Date.now() % 9000))}`;
    const patient = `patiente-${fixture.suffix}@patients.test`;
    await (
      await RelaisApi.signIn(request)
    ).createContact({ firstname: "Rosalie", lastname: `Courriel ${fixture.suffix}`, phone, email: patient });

    await signInToTeam(page, fixture, "admin");
    await connectMailbox(page, request, fixture);

    // Remote images are not fetched until asked: no tracking pixel reaches its sender.
    const pixelRequests: string[] = [];
    await context.route("https://images.example.test/**", async (route) => {
      pixelRequests.push(route.request().url());
      await route.fulfill({ contentType: "image/png", body: pngImage(40, 20, gradient([40, 120, 200], [200, 80, 60], 40, 20)) });
    });

    await mail.deliver(
      request,
      fixture.inbox,
      rawEmail({
        from: patient,
        to: fixture.inbox,
        subject: "Ma prescription",
        id: `<presc-${fixture.suffix}@patients.test>`,
        text: "Bonjour, voici ma prescription.",
        html: '<p>Bonjour, voici <b>ma prescription</b>.</p><p><img src="https://images.example.test/logo.png" alt="Logo de la pharmacie"></p>',
        file: { name: "prescription.pdf", type: "application/pdf", bytes: PDF },
      }),
    );
    await mail.deliver(
      request,
      fixture.inbox,
      rawEmail({
        from: `inconnu-${fixture.suffix}@ailleurs.test`,
        to: fixture.inbox,
        subject: "Demande de rendez-vous",
        id: `<inconnu-${fixture.suffix}@ailleurs.test>`,
        text: "Avez-vous de la place la semaine prochaine ?",
        html: "<p>Avez-vous de la place la semaine prochaine ?</p>",
      }),
    );

    await page.goto("/conversations");
    const row = page.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${phone}"]`);
    await expect(row).toBeVisible({ timeout: 120_000 });
    await row.click();
    const thread = page.getByTestId("open-thread");
    const card = thread.getByTestId("email-message");
    await expect(card.getByText("Ma prescription")).toBeVisible();
    await expect(card.getByText(`De : ${patient}`)).toBeVisible();
    const frame = thread.frameLocator('iframe[title="Courriel : Ma prescription"]');
    await expect(frame.getByText("ma prescription")).toBeVisible();
    // The frame runs nothing: its sandbox has no allow-scripts.
    const sandbox = await thread.locator('iframe[title="Courriel : Ma prescription"]').getAttribute("sandbox");
    expect(sandbox?.split(" ")).not.toContain("allow-scripts");
    await expect(frame.getByRole("img", { name: "Logo de la pharmacie" })).not.toHaveAttribute("src", /.+/);
    expect(pixelRequests).toEqual([]);
    await page.screenshot({ path: screenshotPath("email-in-thread.png") });

    await card.getByRole("button", { name: "Afficher les images" }).click();
    await expect(frame.getByRole("img", { name: "Logo de la pharmacie" })).toHaveAttribute("src", "https://images.example.test/logo.png");
    await expect.poll(() => pixelRequests.length).toBe(1);
    await expect(card.getByText("Images distantes bloquées.")).toHaveCount(0);

    const download = page.waitForEvent("download");
    await card.getByRole("list", { name: "Pièces jointes" }).getByRole("button", { name: "prescription.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("prescription.pdf");
    await page.screenshot({ path: screenshotPath("email-in-thread-images.png") });

    // The answer goes by email from the composer, with a file, threaded under the contact's email.
    await thread.getByRole("radiogroup", { name: "Envoyer par" }).getByText("Courriel", { exact: true }).click();
    const composer = thread.getByTestId("email-composer");
    await expect(composer.getByText(`À : ${patient} (depuis ${fixture.inbox})`)).toBeVisible();
    await composer.getByRole("textbox", { name: "Objet" }).fill("Re: Ma prescription");
    await composer.getByRole("textbox", { name: "Votre courriel" }).fill("Bonjour Rosalie, voici le reçu.");
    const chooser = page.waitForEvent("filechooser");
    await composer.getByRole("button", { name: "Joindre un fichier" }).click();
    await (await chooser).setFiles({ name: "recu.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(composer.getByRole("list", { name: "Fichiers du courriel" }).getByText("recu.pdf")).toBeVisible();
    await page.screenshot({ path: screenshotPath("email-composer.png") });
    await composer.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(composer.getByRole("textbox", { name: "Objet" })).toHaveValue("");
    const sent = thread.locator('[data-direction="outbound"]').getByTestId("email-message");
    await expect(sent.getByText("Re: Ma prescription")).toBeVisible();
    await expect(thread.locator('[data-direction="outbound"][data-message-status="sent"]')).toBeVisible({ timeout: 30_000 });

    // Read back over IMAP from the contact's own mailbox: threaded under her email, with its file.
    await expect
      .poll(async () => (await mail.inbox(request, patient)).find((m) => m.subject === "Re: Ma prescription") ?? null, { timeout: 30_000 })
      .toMatchObject({ inReplyTo: `<presc-${fixture.suffix}@patients.test>`, attachments: ["recu.pdf"], from: fixture.inbox });
    await page.screenshot({ path: screenshotPath("email-reply-sent.png") });

    // The stranger's email is listed for the team, not dropped.
    await page.goto("/configuration?configTab=2&tab=1");
    const unknown = page.getByTestId("unknown-senders");
    await expect(unknown.getByText(`inconnu-${fixture.suffix}@ailleurs.test`)).toBeVisible();
    await expect(unknown.getByText("Demande de rendez-vous")).toBeVisible();
    await page.screenshot({ path: screenshotPath("email-unknown-senders.png") });
  });
});
