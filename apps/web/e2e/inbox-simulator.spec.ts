import { expect, test, type Page } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login, navigation } from "./support/auth.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";

/** The staff's inbox: the list, a contact's row in it, and the open thread. */
function inbox(page: Page, contact: string) {
  const list = page.getByRole("region", { name: "Liste des conversations" });
  return { list, row: list.locator(`[data-thread="${contact}"]`), thread: page.getByTestId("open-thread") };
}

/** The simulated network is shared by the whole server: leave it as the other journeys expect. */
test.afterEach(async ({ request }) => {
  const reset = await request.put("/api/sandbox/settings", { data: { deliveryMs: 400, failureRate: 0 } });
  expect(reset.status(), await reset.text()).toBe(200);
});

test("simulateur ↔ boîte de réception : texto en direct, réponse livrée, archivage puis réactivation, épinglage", async ({
  page,
  browser,
}, testInfo) => {
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  await expect(phone.messages.getByText("Aucun message")).toBeVisible();

  await login(page, DEMO.user);
  const { list, row, thread } = inbox(page, contact.e164);

  // --- The phone texts the Réception: the text shows in the inbox without a reload, unread. ---
  await phone.send("Bonjour, est-ce que je peux avancer mon nettoyage?");
  await expect(row).toBeVisible();
  await expect(row).toContainText(contact.shown);
  await expect(row).toHaveAttribute("data-unread", "true");

  // --- Staff answers; the phone receives it and sees it delivered. ---
  await row.click();
  await expect(thread.getByText("Bonjour, est-ce que je peux avancer mon nettoyage?")).toBeVisible();
  const composer = thread.getByRole("textbox", { name: "Votre message" });
  await composer.fill("Oui, mardi 10 h vous conviendrait-il?");
  await composer.press("Enter");
  const answer = phone.message("received", "Oui, mardi 10 h vous conviendrait-il?");
  await expect(answer).toBeVisible();
  await expect(answer).toHaveAttribute("data-status", "delivered");
  await expect(answer.getByRole("img", { name: "Livré" })).toBeVisible();

  // --- Archived by the staff, the thread leaves the active list... ---
  await thread.getByRole("button", { name: "Archiver" }).click();
  await expect(row).toBeHidden();
  // ...and nobody has it open any more (an open thread is read as texts arrive).
  await navigation(page).getByRole("link", { name: "Conversations" }).click();
  await expect(page).toHaveURL(/\/conversations$/);
  await expect(thread).toBeHidden();
  // The drawer opens under the pointer: move it away, as a person's hand would.
  await page.mouse.move(1000, 400);

  // --- A new text from the phone brings it back to Active, unread. ---
  await phone.send("Parfait, à mardi!");
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute("data-unread", "true");
  await expect(row).toContainText("Parfait, à mardi!");

  // --- Pinned, it heads the list. ---
  await row.click();
  await expect(thread.getByText("Parfait, à mardi!")).toBeVisible();
  await thread.getByRole("button", { name: "Épingler" }).click();
  await expect(row.getByLabel("Épinglée")).toBeVisible();
  await expect(list.locator("[data-thread]").first()).toHaveAttribute("data-thread", contact.e164);
  // Left as found for the journeys after this one.
  await thread.getByRole("button", { name: "Désépingler" }).click();
  await expect(row.getByLabel("Épinglée")).toBeHidden();

  await phone.close();
});

test("simulateur : réglages du réseau, un échec simulé se voit des deux côtés", async ({ page, browser }, testInfo) => {
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  const settings = phone.page.getByRole("form", { name: "Réseau simulé" });

  // --- Every text of the clinic fails, after a short delay. ---
  await settings.getByRole("textbox", { name: "Délai entre deux statuts (ms)" }).fill("100");
  const rate = settings.getByRole("slider", { name: "Taux d'échec" });
  await rate.focus();
  await rate.press("End");
  await expect(rate).toHaveAttribute("aria-valuenow", "100");
  await settings.getByRole("button", { name: "Enregistrer" }).click();
  await expect(phone.page.getByText("Réglages du réseau enregistrés.")).toBeVisible();

  await phone.send("Allô?");
  await login(page, DEMO.user);
  const { row, thread } = inbox(page, contact.e164);
  await row.click();
  const composer = thread.getByRole("textbox", { name: "Votre message" });
  await composer.fill("Ce texto se perdra en route.");
  await composer.press("Enter");

  // The staff sees the failure; the phone shows the text that never arrived as failed.
  await expect(thread.locator('[data-direction="outbound"][data-message-status="failed"]')).toBeVisible();
  const lost = phone.message("received", "Ce texto se perdra en route.");
  await expect(lost).toHaveAttribute("data-status", "failed");
  await expect(lost.getByRole("img", { name: "Échec de l'envoi" })).toBeVisible();

  // --- A reload keeps the phone's number, the clinic and both sides of the conversation. ---
  await phone.page.reload();
  await expect(phone.message("sent", "Allô?")).toBeVisible();
  await expect(phone.message("received", "Ce texto se perdra en route.")).toBeVisible();

  await phone.close();
});

test("simulateur : un numéro invalide est refusé dans la langue de la page", async ({ browser }, testInfo) => {
  const { baseURL, viewport } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, locale: "en-CA" });
  const page = await context.newPage();
  await page.goto("/simulator?lang=en");
  await expect(page.getByRole("heading", { name: "Phone simulator" })).toBeVisible();
  await page.getByRole("textbox", { name: "My number" }).fill("123");
  await page.getByRole("button", { name: "Use" }).click();
  await expect(page.getByText("The phone number is invalid.")).toBeVisible();
  await expect(page.getByText("Choose your numbers")).toBeVisible();
  await context.close();
});

test("simulateur : Maj+Entrée passe à la ligne, une image trop lourde est refusée avant l'envoi", async ({ browser }, testInfo) => {
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);

  // --- Shift+Enter starts a new line; Enter sends both lines as one text. ---
  await phone.composer.fill("Première ligne");
  await phone.composer.press("Shift+Enter");
  await phone.composer.pressSequentially("deuxième ligne");
  await expect(phone.composer).toHaveValue("Première ligne\ndeuxième ligne");
  await phone.composer.press("Enter");
  await expect(phone.message("sent", "deuxième ligne")).toContainText("Première ligne");

  // --- An image over the shared 200 KB limit is refused in French, and nothing is sent. ---
  await phone.page
    .getByTestId("phone-file-input")
    .setInputFiles({ name: "radio.png", mimeType: "image/png", buffer: Buffer.alloc(200_001) });
  await expect(phone.screen.getByRole("alert")).toHaveText("L'image ne doit pas dépasser 200 Ko.");
  await expect(phone.screen.getByText(/radio\.png/)).toBeHidden();
  await expect(phone.messages.locator('[data-testid="phone-message"]')).toHaveCount(1);

  await phone.close();
});
