import { expect, test, type APIRequestContext } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { CLINIC_NAME_FR, DEMO } from "./support/accounts.ts";
import { alertWith } from "./support/alerts.ts";
import { RelaisApi } from "./support/api.ts";
import { login } from "./support/auth.ts";
import { gradient, pngImage } from "./support/images.ts";

/** The demo Réception team's number: texts sent to it land in that team's inbox. */
const RECEPTION_NUMBER = "+15145550101";

async function inboundText(request: APIRequestContext, from: string, body: string): Promise<void> {
  const answer = await request.post("/api/sandbox/inbound", { data: { from, to: RECEPTION_NUMBER, body } });
  expect(answer.status(), await answer.text()).toBe(201);
}

test("messages rapides : création avec un champ dynamique, insertion par / dans une réponse, champ sans valeur, modification avec l'aperçu", async ({
  page,
  request,
}) => {
  const last4 = String(2000 + (Date.now() % 7000));
  const phone = `+1438556${last4}`;
  const family = `Bélanger${last4}`;
  const title = `Rappel ${last4}`;
  const api = await RelaisApi.signIn(request);
  await api.createContact({ firstname: "Zoé", lastname: family, phone });

  // --- Create a quick message, the first name inserted from the field picker. ---
  await login(page, DEMO.admin);
  await page.goto("/text-bloc");
  await page.getByRole("button", { name: "Nouveau message rapide" }).click();
  await expect(page).toHaveURL(/\/text-template\/bloc$/);
  await page.getByRole("textbox", { name: "Titre" }).fill(title);
  const body = page.getByRole("textbox", { name: "Message", exact: true });
  const fields = page.getByTestId("token-picker");
  await body.fill("Bonjour ");
  await body.press("End");
  await fields.getByRole("button", { name: "Prénom" }).click();
  await body.pressSequentially(", votre rendez-vous à la ");
  await fields.getByRole("button", { name: "Nom de l'organisation" }).click();
  await expect(body).toHaveValue("Bonjour {{firstName}}, votre rendez-vous à la {{organizationName}}");
  // The preview fills the fields from a sample contact (the newest with a first name: Zoé).
  await expect(page.getByTestId("template-preview")).toHaveText(`Bonjour Zoé, votre rendez-vous à la ${CLINIC_NAME_FR}`);
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page).toHaveURL(/\/text-bloc$/);
  const row = page.getByTestId("text-block-row").filter({ hasText: title });
  await expect(row).toContainText("{{firstName}}");

  // --- Search and pin. ---
  await page.getByRole("textbox", { name: "Rechercher un message rapide" }).fill(`rappel ${last4}`);
  await expect(page.getByTestId("text-block-row")).toHaveCount(1);
  await row.getByRole("button", { name: "Épingler" }).click();
  await expect(row.getByText("Épinglé", { exact: true })).toBeVisible();
  await page.getByRole("textbox", { name: "Rechercher un message rapide" }).fill("");
  await expect(page.getByTestId("text-block-row").first()).toContainText(title);
  await page.screenshot({ path: screenshotPath(`text-blocks-list.png`) });

  // --- In a conversation with that contact: "/" opens the picker, the rest filters, Enter inserts it filled. ---
  await inboundText(request, phone, "Bonjour, à quelle heure est mon rendez-vous?");
  await page.goto("/conversations");
  await page.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${phone}"]`).click();
  const thread = page.getByTestId("open-thread");
  const composer = thread.getByRole("textbox", { name: "Votre message" });
  await composer.pressSequentially(`/rappel ${last4}`);
  const picker = thread.getByRole("listbox", { name: "Messages rapides" });
  await expect(picker.getByRole("option")).toHaveCount(1);
  await expect(picker.getByRole("option", { name: new RegExp(title) })).toHaveAttribute("aria-selected", "true");
  await page.screenshot({ path: screenshotPath(`text-blocks-picker.png`) });
  await composer.press("Enter");
  await expect(picker).toBeHidden();
  const filled = `Bonjour Zoé, votre rendez-vous à la ${CLINIC_NAME_FR}`;
  await expect(composer).toHaveValue(filled);
  await composer.press("Enter");
  await expect(composer).toHaveValue("");
  await expect(thread.locator('[data-direction="outbound"][data-message-status]', { hasText: filled })).toBeVisible();

  // --- Esc closes the picker and keeps the text; a field with no value blocks sending. ---
  await composer.pressSequentially("/zz");
  await expect(picker).toBeVisible();
  await composer.press("Escape");
  await expect(picker).toBeHidden();
  await expect(composer).toHaveValue("/zz");
  await composer.fill("Votre code promo : {{rabais}}");
  // The composer says what the server would answer (error.unfilled-dynamic-field).
  await expect(thread.getByTestId("unfilled-fields")).toHaveText("Des champs dynamiques ne sont pas remplis : {{rabais}}.");
  await composer.press("Enter");
  await expect(alertWith(page, "error", "Des champs dynamiques ne sont pas remplis : {{rabais}}.")).toBeVisible();
  await expect(composer).toHaveValue("Votre code promo : {{rabais}}");
  await expect(thread.locator('[data-direction="outbound"][data-message-status]', { hasText: "code promo" })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath(`text-blocks-unfilled.png`) });

  // --- Edit the quick message: the preview follows each change. ---
  await page.goto("/text-bloc");
  await page.getByTestId("text-block-row").filter({ hasText: title }).getByRole("button", { name: "Modifier" }).click();
  await expect(page).toHaveURL(/\/text-template\/bloc\/[0-9a-f-]{36}$/);
  const editBody = page.getByRole("textbox", { name: "Message", exact: true });
  await expect(editBody).toHaveValue("Bonjour {{firstName}}, votre rendez-vous à la {{organizationName}}");
  await editBody.fill("Bonjour {{firstName}} {{lastName}}, à demain!");
  await expect(page.getByTestId("template-preview")).toHaveText(`Bonjour Zoé ${family}, à demain!`);
  await page.screenshot({ path: screenshotPath(`text-template-editor.png`) });
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page).toHaveURL(/\/text-bloc$/);
  await expect(page.getByTestId("text-block-row").filter({ hasText: title })).toContainText("{{lastName}}, à demain!");

  // --- Signature: with the clinic's name chosen, it ends every text sent; then back to none. ---
  const effective = page.getByTestId("signature-effective");
  await expect(effective).toHaveText("Aucune signature n'est ajoutée à vos textos.");
  await page.getByText("Clinique", { exact: true }).click();
  await page.getByRole("button", { name: "Enregistrer la signature" }).click();
  await expect(effective).toHaveText(`Vos textos se terminent par : ${CLINIC_NAME_FR}`);
  await page.screenshot({ path: screenshotPath(`text-blocks-signature.png`), fullPage: true });
  await page.goto("/conversations");
  await page.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${phone}"]`).click();
  await composer.fill("Merci et à demain");
  await composer.press("Enter");
  const signed = thread.locator('[data-direction="outbound"][data-message-status]', { hasText: "Merci et à demain" });
  await expect(signed).toContainText(`Merci et à demain ${CLINIC_NAME_FR}`);
  await page.goto("/text-bloc");
  await page.getByText("Aucune", { exact: true }).click();
  await page.getByRole("button", { name: "Enregistrer la signature" }).click();
  await expect(effective).toHaveText("Aucune signature n'est ajoutée à vos textos.");
});

test("message rapide avec pièce jointe : l'image part avec le texte; document et pièce jointe ne vont pas ensemble; rien que du texte dans un message programmé", async ({
  page,
  request,
}) => {
  const last4 = String(2000 + (Date.now() % 7000));
  const phone = `+1438557${last4}`;
  const title = `Plan ${last4}`;
  const shots = "/tmp/shots-a";

  // --- An administrator writes a quick message with a picture of the way in. ---
  await login(page, DEMO.admin);
  await page.goto("/text-template/bloc");
  await page.getByRole("textbox", { name: "Titre" }).fill(title);
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Voici le plan pour venir à la clinique.");
  const field = page.getByTestId("text-block-attachment");
  const chooser = page.waitForEvent("filechooser");
  await field.getByRole("button", { name: "Joindre un fichier" }).click();
  const picture = pngImage(160, 120, gradient([120, 180, 240], [30, 90, 160], 160, 120));
  await (await chooser).setFiles({ name: "plan.png", mimeType: "image/png", buffer: picture });
  await expect(field.getByRole("button", { name: "Agrandir l'image plan.png" })).toBeVisible();
  await page.screenshot({ path: `${shots}/text-template-attachment.png` });
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page).toHaveURL(/\/text-bloc$/);
  const row = page.getByTestId("text-block-row").filter({ hasText: title });
  await expect(row.getByTestId("text-block-file")).toContainText("plan.png");
  await expect(row.getByRole("img", { name: "Image plan.png" })).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/text-bloc-attachment.png` });

  // --- Inserted into a reply, the picture goes with the text as an MMS. ---
  await inboundText(request, phone, "Où êtes-vous situés?");
  await page.goto("/conversations");
  await page.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${phone}"]`).click();
  const thread = page.getByTestId("open-thread");
  const composer = thread.getByRole("textbox", { name: "Votre message" });
  await composer.pressSequentially(`/plan ${last4}`);
  await composer.press("Enter");
  await expect(composer).toHaveValue("Voici le plan pour venir à la clinique.");
  await expect(thread.getByTestId("quick-message-document")).toContainText("Document : plan.png");
  await composer.press("Enter");
  await expect(composer).toHaveValue("");
  await expect(thread.getByTestId("quick-message-document")).toBeHidden();
  const sent = thread.locator('[data-direction="outbound"][data-message-status]', { hasText: "Voici le plan" });
  await expect(sent.getByRole("img", { name: "Image plan.png" })).toBeVisible();
  const outbox = await request.get(`/api/sandbox/outbox?to=${encodeURIComponent(phone)}`);
  const entries = (await outbox.json()) as { body: string; media: { contentType: string }[] }[];
  expect(entries.find((e) => e.body.startsWith("Voici le plan"))?.media).toEqual([expect.objectContaining({ contentType: "image/png" })]);

  // --- A picked file and a quick message's document: not together; Send waits until one goes. ---
  const pick = page.waitForEvent("filechooser");
  await thread.getByRole("button", { name: "Joindre un fichier" }).click();
  await (await pick).setFiles({ name: "photo.png", mimeType: "image/png", buffer: pngImage(40, 40, () => [200, 60, 60]) });
  await composer.pressSequentially(`/plan ${last4}`);
  await composer.press("Enter");
  const rule = thread.getByTestId("quick-message-rule");
  await expect(rule).toHaveText("Impossible d'envoyer à la fois un document et une pièce jointe.");
  await expect(thread.getByRole("button", { name: "Envoyer", exact: true })).toBeDisabled();
  await page.screenshot({ path: `${shots}/composer-document-and-attachment.png` });
  await thread.getByRole("button", { name: "Retirer le document" }).click();
  await expect(rule).toBeHidden();
  await expect(thread.getByRole("button", { name: "Envoyer", exact: true })).toBeEnabled();

  // --- Scheduling sends text only: that quick message is not inserted, and the dialog says why. ---
  await composer.fill("");
  await thread.getByRole("button", { name: "Programmer" }).click();
  const dialog = page.getByRole("dialog", { name: "Programmer un message" });
  const message = dialog.getByRole("textbox", { name: "Message" });
  await message.pressSequentially(`/plan ${last4}`);
  await message.press("Enter");
  await expect(dialog.getByTestId("quick-message-rule")).toHaveText(
    "Impossible d'envoyer un message rapide accompagné d'une pièce jointe.",
  );
  await expect(message).toHaveValue(`/plan ${last4}`);
  await page.screenshot({ path: `${shots}/schedule-quick-message-refused.png` });
});
