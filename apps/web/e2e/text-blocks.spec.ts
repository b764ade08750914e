import { expect, test, type APIRequestContext } from "@playwright/test";
import { CLINIC_NAME_FR, DEMO } from "./support/accounts.ts";
import { alertWith } from "./support/alerts.ts";
import { RelaisApi } from "./support/api.ts";
import { login } from "./support/auth.ts";

/** The demo Réception team's number: texts sent to it land in that team's inbox. */
const RECEPTION_NUMBER = "+15145550101";
const SHOTS = "../../docs/screenshots";

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
  await page.screenshot({ path: `${SHOTS}/text-blocks-list.png` });

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
  await page.screenshot({ path: `${SHOTS}/text-blocks-picker.png` });
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
  await expect(thread.getByTestId("unfilled-fields")).toHaveText("Champs sans valeur : {{rabais}}");
  await composer.press("Enter");
  await expect(alertWith(page, "error", "Des champs dynamiques n'ont pas de valeur")).toBeVisible();
  await expect(composer).toHaveValue("Votre code promo : {{rabais}}");
  await expect(thread.locator('[data-direction="outbound"][data-message-status]', { hasText: "code promo" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/text-blocks-unfilled.png` });

  // --- Edit the quick message: the preview follows each change. ---
  await page.goto("/text-bloc");
  await page.getByTestId("text-block-row").filter({ hasText: title }).getByRole("button", { name: "Modifier" }).click();
  await expect(page).toHaveURL(/\/text-template\/bloc\/[0-9a-f-]{36}$/);
  const editBody = page.getByRole("textbox", { name: "Message", exact: true });
  await expect(editBody).toHaveValue("Bonjour {{firstName}}, votre rendez-vous à la {{organizationName}}");
  await editBody.fill("Bonjour {{firstName}} {{lastName}}, à demain!");
  await expect(page.getByTestId("template-preview")).toHaveText(`Bonjour Zoé ${family}, à demain!`);
  await page.screenshot({ path: `${SHOTS}/text-template-editor.png` });
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page).toHaveURL(/\/text-bloc$/);
  await expect(page.getByTestId("text-block-row").filter({ hasText: title })).toContainText("{{lastName}}, à demain!");

  // --- Signature: with the clinic's name chosen, it ends every text sent; then back to none. ---
  const effective = page.getByTestId("signature-effective");
  await expect(effective).toHaveText("Aucune signature n'est ajoutée à vos textos.");
  await page.getByText("Clinique", { exact: true }).click();
  await page.getByRole("button", { name: "Enregistrer la signature" }).click();
  await expect(effective).toHaveText(`Vos textos se terminent par : ${CLINIC_NAME_FR}`);
  await page.screenshot({ path: `${SHOTS}/text-blocks-signature.png`, fullPage: true });
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
