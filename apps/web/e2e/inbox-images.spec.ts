import { expect, test, type Locator } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login } from "./support/auth.ts";
import { PhoneSimulator, TEAL_PNG, uniqueContact } from "./support/simulator.ts";

/** The image really loaded (a broken link keeps a natural width of 0). */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test("images dans les deux sens : du simulateur à l'aperçu de l'équipe, de l'équipe à l'image sur le téléphone", async ({
  page,
  browser,
}, testInfo) => {
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);

  // --- The phone sends a picture with a caption; it shows inline on the phone at once. ---
  await phone.page.getByTestId("phone-file-input").setInputFiles({ name: "dent.png", mimeType: "image/png", buffer: TEAL_PNG });
  await expect(phone.screen.getByText(/dent\.png/)).toBeVisible();
  await phone.composer.fill("Voici la photo de ma dent");
  await phone.composer.press("Enter");
  const sent = phone.message("sent", "Voici la photo de ma dent");
  await expectLoaded(sent.getByRole("img", { name: "Image jointe" }));

  // --- The staff sees its preview in the thread. ---
  await login(page, DEMO.user);
  const list = page.getByRole("region", { name: "Liste des conversations" });
  await list.locator(`[data-thread="${contact.e164}"]`).click();
  const thread = page.getByTestId("open-thread");
  const inbound = thread.locator('[data-direction="inbound"]', { hasText: "Voici la photo de ma dent" }).first();
  await expectLoaded(inbound.locator("img").first());

  // --- The staff answers with a picture; the phone shows it inline, delivered. The upload takes
  // a moment here: Enter pressed meanwhile sends the text once the picture is up. ---
  let releaseUpload = () => undefined as void;
  const uploaded = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route("**/api/messaging/v1/media", async (route) => {
    await uploaded;
    await route.continue();
  });
  await thread.locator('input[type="file"]').setInputFiles({ name: "consignes.png", mimeType: "image/png", buffer: TEAL_PNG });
  const composer = thread.getByRole("textbox", { name: "Votre message" });
  await composer.fill("Merci, voici le schéma");
  await composer.press("Enter");
  await expect(thread.getByRole("button", { name: "Envoyer", exact: true })).toHaveAttribute("data-loading", "true");
  await expect(composer).toHaveValue("Merci, voici le schéma");
  releaseUpload();
  await expect(composer).toHaveValue("");
  const received = phone.message("received", "Merci, voici le schéma");
  await expect(received).toHaveAttribute("data-status", "delivered");
  await expectLoaded(received.getByRole("img", { name: "Image jointe" }));

  await phone.close();
});
