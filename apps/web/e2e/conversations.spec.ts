import { expect, test, type APIRequestContext } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login } from "./support/auth.ts";

/** The demo Réception team's number: texts sent to it land in that team's inbox. */
const RECEPTION_NUMBER = "+15145550101";

async function inboundText(request: APIRequestContext, from: string, body: string): Promise<void> {
  const answer = await request.post("/api/sandbox/inbound", { data: { from, to: RECEPTION_NUMBER, body } });
  expect(answer.status(), await answer.text()).toBe(201);
}

test("conversations : texto reçu en direct, réponse livrée, archivage, réactivation, numéro invalide", async ({ page, request }) => {
  const last4 = String(2000 + (Date.now() % 7000));
  const contact = `+1514555${last4}`;
  const shown = `(514) 555-${last4}`;

  await login(page, DEMO.user);
  const list = page.getByRole("region", { name: "Liste des conversations" });
  const row = list.locator(`[data-thread="${contact}"]`);

  // --- An inbound text appears without reload, marked unread. ---
  await inboundText(request, contact, "Bonjour, puis-je déplacer mon rendez-vous?");
  await expect(row).toBeVisible();
  await expect(row).toContainText(shown);
  await expect(row).toHaveAttribute("data-unread", "true");

  // --- Opening it shows the message and reads it. ---
  await row.click();
  await expect(page).toHaveURL(/sid=/);
  const thread = page.getByTestId("open-thread");
  await expect(thread.getByTestId("thread-title")).toHaveText(shown);
  await expect(thread.getByText("Bonjour, puis-je déplacer mon rendez-vous?")).toBeVisible();
  await expect(row).toHaveAttribute("data-unread", "false");

  // --- Answer: Enter sends; the ticks move on to delivered. ---
  const composer = thread.getByRole("textbox", { name: "Votre message" });
  const send = thread.getByRole("button", { name: "Envoyer", exact: true });
  await expect(send).toBeDisabled();
  await composer.fill("Bien sûr, quel moment vous conviendrait?");
  await expect(send).toBeEnabled();
  await composer.press("Enter");
  await expect(composer).toHaveValue("");
  const answer = thread.locator('[data-direction="outbound"][data-message-status]', { hasText: "Bien sûr, quel moment" });
  await expect(answer).toBeVisible();
  await expect(answer).toHaveAttribute("data-message-status", "delivered");
  await expect(answer.getByRole("img", { name: "Livré" })).toBeVisible();
  await expect(row).toContainText("Vous : Bien sûr");

  // --- Archive: it leaves the active list for the archived one. ---
  await thread.getByRole("button", { name: "Archiver" }).click();
  await expect(row).toBeHidden();
  await list.getByRole("tab", { name: /Archivées/ }).click();
  await expect(row).toBeVisible();
  await expect(thread.getByText("Archivée", { exact: true })).toBeVisible();

  // --- A new inbound text reactivates it. ---
  await inboundText(request, contact, "Jeudi 14 h, est-ce possible?");
  await expect(row).toBeHidden();
  await list.getByRole("tab", { name: /Actives/ }).click();
  await expect(row).toBeVisible();
  await expect(thread.getByText("Jeudi 14 h, est-ce possible?")).toBeVisible();
  await expect(thread.getByRole("button", { name: "Archiver" })).toBeVisible();

  // --- New conversation with an invalid number: the catalogue's message. ---
  await list.getByRole("button", { name: "Nouvelle conversation" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvelle conversation" });
  await dialog.getByRole("textbox", { name: "Numéro de téléphone" }).fill("123");
  await dialog.getByRole("textbox", { name: "Premier message" }).fill("Bonjour");
  await dialog.getByRole("button", { name: "Envoyer" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Le numéro de téléphone pour ce contact est invalide.");
});
