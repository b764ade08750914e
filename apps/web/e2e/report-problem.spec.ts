import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login, navigation } from "./support/auth.ts";

/** A 1×1 PNG: a screenshot of the accepted kind. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

test("signaler un problème : description requise, capture refusée par son type, puis l'envoi indisponible dit", async ({
  page,
}, testInfo) => {
  await login(page, DEMO.user);
  await navigation(page).getByRole("button", { name: "Aide" }).click();
  await page.getByRole("menuitem", { name: "Signaler un problème" }).click();
  const dialog = page.getByRole("dialog", { name: "Signaler un problème" });

  // --- Sent empty: the description is required, said under its box; nothing else shows. ---
  await dialog.getByRole("button", { name: "Envoyer" }).click();
  await expect(dialog.getByText("Ce champ est requis.")).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveCount(0);

  // --- A text file as the screenshot: refused at once, by its type. ---
  const description = dialog.getByRole("textbox", { name: "Description du problème" });
  await description.fill("La liste des conversations ne se met plus à jour.");
  await dialog.locator('input[type="file"]').setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
  await expect(dialog.getByText("La capture doit être une image PNG, JPEG ou SVG.")).toBeVisible();
  await dialog.getByRole("button", { name: "Envoyer" }).click();
  await expect(dialog.getByRole("status")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("report-problem-errors.png") });

  // --- A PNG: the report is valid, and the dialog says it cannot be sent yet; a change hides that. ---
  await dialog.locator('input[type="file"]').setInputFiles({ name: "capture.png", mimeType: "image/png", buffer: PNG });
  await expect(dialog.getByText("La capture doit être une image PNG, JPEG ou SVG.")).toBeHidden();
  await dialog.getByRole("button", { name: "Envoyer" }).click();
  await expect(dialog.getByRole("status")).toContainText("L'envoi des signalements n'est pas encore offert dans Relais.");
  await expect(dialog.getByText("Ce champ est requis.")).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath("report-problem-unavailable.png") });
  await description.fill("La liste des conversations ne se met plus à jour depuis ce matin.");
  await expect(dialog.getByRole("status")).toHaveCount(0);

  // --- Cancelled: opened again, it starts empty. ---
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
  await navigation(page).getByRole("button", { name: "Aide" }).click();
  await page.getByRole("menuitem", { name: "Signaler un problème" }).click();
  await expect(dialog.getByRole("textbox", { name: "Description du problème" })).toHaveValue("");
});
