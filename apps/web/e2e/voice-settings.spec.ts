import { expect, test, type Page } from "./support/test.ts";
import { DEMO, uniqueSuffix } from "./support/accounts.ts";
import { alertWith, closeAlerts } from "./support/alerts.ts";
import { login, navigation } from "./support/auth.ts";

/** A mono 16-bit WAV of `seconds` of a 440 Hz tone, made here as a person's file would be. */
function wav(seconds: number, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const out = Buffer.alloc(44 + samples * 2);
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write("WAVEfmt ", 8, "ascii");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "ascii");
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    out.writeInt16LE(Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  }
  return out;
}

const SHOTS = "/tmp/shots-voice-settings";

async function openVoicemail(page: Page, team: string): Promise<void> {
  await page.getByRole("tab", { name: "Messagerie vocale" }).click();
  await expect(page).toHaveURL(/configTab=5/);
  await page.getByRole("combobox", { name: "Messages de" }).click();
  await page.getByRole("option", { name: team, exact: true }).click();
}

test("un administrateur ajoute un poste de transfert et règle les messages d'accueil par période", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Laboratoire ${uniqueSuffix()}`;
  const closedText = "Nos bureaux sont fermés. Laissez-nous un message, nous vous rappellerons.";

  await login(page, DEMO.admin);
  await navigation(page).getByRole("link", { name: "Configuration" }).click();

  // --- Transfer extensions: a bad number is refused by the form, then the extension is added. ---
  await page.getByRole("tab", { name: "Postes de transfert" }).click();
  await expect(page).toHaveURL(/configTab=6/);
  await expect(page.getByRole("button", { name: "Ajouter un poste" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/extensions-start-fr.png` });
  await page.getByRole("button", { name: "Ajouter un poste" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un poste" });
  await dialog.getByRole("textbox", { name: "Nom" }).fill(name);
  await dialog.getByRole("textbox", { name: "Numéro de téléphone" }).fill("555-01");
  await dialog.getByRole("textbox", { name: "Poste" }).fill("12");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Entrez un numéro de téléphone international valide (ex. +15145550123).")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/extension-dialog-error-fr.png` });
  await dialog.getByRole("textbox", { name: "Numéro de téléphone" }).fill("514 555-0199");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog).toBeHidden();
  await expect(alertWith(page, "success", "Le poste a été enregistré.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("(514) 555-0199");
  await expect(row).toContainText("12");
  await closeAlerts(page);
  await page.screenshot({ path: `${SHOTS}/extensions-fr.png`, fullPage: true });

  // --- Greetings of the Hygiène team: a spoken one when closed, an uploaded WAV when open. ---
  await openVoicemail(page, "Hygiène");
  const closed = page.getByRole("region", { name: "Fermé" });
  await closed.getByRole("radio", { name: "Synthèse vocale" }).check({ force: true });
  await closed.getByRole("button", { name: "Enregistrer la période" }).click();
  await expect(closed.getByText("Ce champ est requis.")).toBeVisible();
  await closed.getByRole("textbox", { name: "Texte lu à l'appelant" }).fill(closedText);
  await closed.getByRole("switch", { name: "Activé" }).check({ force: true });
  await closed.getByRole("button", { name: "Enregistrer la période" }).click();
  await expect(alertWith(page, "success", "Le message d'accueil a été enregistré.")).toBeVisible();
  await closeAlerts(page);

  const open = page.getByRole("region", { name: "Ouvert" });
  await open.getByText("Fichier", { exact: true }).click();
  await open.locator('input[type="file"]').setInputFiles({ name: "accueil.wav", mimeType: "audio/wav", buffer: wav(2) });
  // The server measured it: two seconds, under the short-voicemail threshold.
  await expect(open.getByText(/00:02 · 32 Ko/)).toBeVisible();
  await expect(open.getByTestId("short-greeting")).toBeVisible();
  await open.getByRole("switch", { name: "Activé" }).check({ force: true });
  await open.getByRole("button", { name: "Enregistrer la période" }).click();
  await expect(alertWith(page, "success", "Le message d'accueil a été enregistré.")).toBeVisible();
  await closeAlerts(page);
  await page.screenshot({ path: `${SHOTS}/voicemail-fr.png`, fullPage: true });

  // --- After a reload, both are there. ---
  await page.reload();
  await openVoicemail(page, "Hygiène");
  await expect(page.getByRole("region", { name: "Fermé" }).getByRole("textbox", { name: "Texte lu à l'appelant" })).toHaveValue(closedText);
  await expect(page.getByRole("region", { name: "Fermé" }).getByRole("switch", { name: "Activé" })).toBeChecked();
  const reopened = page.getByRole("region", { name: "Ouvert" });
  await expect(reopened.getByRole("radio", { name: "Fichier" })).toBeChecked();
  await expect(reopened.getByTestId("greeting-audio")).toHaveAttribute("src", /^blob:/);
  await expect(reopened.getByRole("switch", { name: "Activé" })).toBeChecked();
  await page.getByRole("tab", { name: "Postes de transfert" }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
});

test("the voicemail and extension tabs in English", async ({ page }) => {
  await login(page, DEMO.devops, { lang: "en" });
  await navigation(page, "en").getByRole("link", { name: "Configuration" }).click();
  await page.getByRole("tab", { name: "Voicemail" }).click();
  await expect(page.getByRole("region", { name: "Closed" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Vacation" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/voicemail-en.png`, fullPage: true });
  await page.getByRole("tab", { name: "Transfer extensions" }).click();
  await expect(page.getByRole("button", { name: "Add an extension" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/extensions-en.png`, fullPage: true });
});

test("le forfait à une seule équipe n'offre pas les postes de transfert", async ({ page }) => {
  await login(page, DEMO.notaryAdmin);
  await navigation(page).getByRole("link", { name: "Configuration" }).click();
  await page.getByRole("tab", { name: "Postes de transfert" }).click();
  await expect(page.getByTestId("extensions-unavailable")).toHaveText(
    "Votre forfait ne comprend pas le transfert vers des postes externes.",
  );
  await expect(page.getByRole("button", { name: "Ajouter un poste" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/extensions-plan-fr.png` });
});
