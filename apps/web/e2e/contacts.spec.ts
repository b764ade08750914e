import { expect, test, type Page } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { DEMO } from "./support/accounts.ts";
import { RelaisApi } from "./support/api.ts";
import { login } from "./support/auth.ts";

/** The demo Réception team's number: texts sent to it land in that team's inbox. */
const RECEPTION_NUMBER = "+15145550101";

/** An option of an open Mantine select (the contact list's rows are options too). */
function selectOption(page: Page, name: string) {
  return page.getByRole("option", { name, exact: true }).and(page.locator("[data-combobox-option]"));
}

/** Picks `option` of the Mantine select labelled `label` inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page["getByRole"]>, label: string, option: string): Promise<void> {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await selectOption(page, option).click();
}

test("contacts : recherche sans accents, création, modification, courriel, lien, note épinglée, depuis une conversation", async ({
  page,
  request,
}) => {
  const last4 = String(2000 + (Date.now() % 7000));
  const family = `Lavoie${last4}`;
  const phone = `+1438555${last4}`;
  const shown = `(438) 555-${last4}`;
  // The son, made through the API: the journey links the contact it creates to him.
  const admin = await RelaisApi.signIn(request);
  const sonId = await admin.createContact({ firstname: "Marc", lastname: family, gender: "male" });

  await login(page, DEMO.user);
  await page.goto("/contacts");
  const list = page.getByRole("listbox", { name: "Liste des contacts" });
  const search = page.getByRole("searchbox", { name: "Rechercher un contact" });

  // --- Search: at least 3 characters; accents and case aside. ---
  await search.fill("he");
  await expect(page.getByText("La recherche doit contenir au moins 3 caractères.")).toBeVisible();
  await search.fill("helene");
  await expect(list.getByRole("option", { name: /Hélène Tremblay/ })).toBeVisible();
  await expect(list.getByRole("option", { name: /François Côté/ })).toBeHidden();
  await search.fill("TREMBLAY hélène");
  await expect(list.getByRole("option", { name: /Hélène Tremblay/ })).toBeVisible();
  // Only her: other journeys add Hélènes of their own, never a Tremblay.
  await expect(list.getByRole("option")).toHaveCount(1);
  // The keyboard walks the results and opens one.
  await list.focus();
  await list.press("ArrowDown");
  await list.press("Enter");
  await expect(page.getByTestId("contact-panel").getByTestId("contact-name")).toHaveText("Hélène Tremblay");
  await search.fill("");
  await expect(list.getByRole("option", { name: /François Côté/ })).toBeVisible();
  await page.screenshot({ path: screenshotPath(`contacts-list.png`) });

  // --- Create, with a phone typed any way. ---
  await page.getByRole("button", { name: "Nouveau contact" }).click();
  const form = page.getByRole("dialog", { name: "Nouveau contact" });
  await choose(page, form, "Titre", "Mme");
  await form.getByRole("textbox", { name: "Prénom" }).fill("Zoé");
  await form.getByRole("textbox", { name: "Nom", exact: true }).fill(family);
  await form.getByRole("textbox", { name: "Téléphone" }).fill("438 555 12");
  await form.getByRole("textbox", { name: "Courriel" }).fill("zoe@exemple.ca");
  await choose(page, form, "Genre", "Femme");
  await choose(page, form, "Langue", "Français");
  await form.getByRole("button", { name: "Créer le contact" }).click();
  // A phone that is not one is refused on its field, before anything is sent.
  await expect(form.getByText("Le numéro de téléphone est invalide.")).toBeVisible();
  await form.getByRole("textbox", { name: "Téléphone" }).fill(`(438) 555-${last4}`);
  await page.screenshot({ path: screenshotPath(`contacts-form.png`) });
  await form.getByRole("button", { name: "Créer le contact" }).click();
  await expect(form).toBeHidden();
  const panel = page.getByTestId("contact-panel");
  await expect(panel.getByTestId("contact-name")).toHaveText(`Zoé ${family}`);
  await expect(page).toHaveURL(/contact=/);
  const zoeId = new URL(page.url()).searchParams.get("contact") ?? "";
  await expect(panel.getByTestId("contact-details")).toContainText(shown);

  // --- Edit; changing the email warns first, then goes through. ---
  await panel.getByRole("button", { name: "Modifier" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier le contact" });
  await edit.getByRole("textbox", { name: "Ville" }).fill("Montréal");
  await edit.getByRole("textbox", { name: "Courriel" }).fill("zoe.lavoie@exemple.ca");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  const warning = page.getByRole("dialog", { name: "Changer le courriel?" });
  await expect(warning).toContainText("pièces jointes");
  await warning.getByRole("button", { name: "Changer le courriel" }).click();
  await expect(edit).toBeHidden();
  await expect(panel.locator('[data-field="email"]')).toHaveText("zoe.lavoie@exemple.ca");
  await expect(panel.locator('[data-field="address"]')).toHaveText("Montréal");

  // --- Link her son; the link shows from his side too. ---
  const links = panel.getByTestId("contact-links");
  await links.getByRole("button", { name: "Lier un contact" }).click();
  await links.getByRole("combobox", { name: "Contact", exact: true }).fill(`marc ${family.toLowerCase()}`);
  await selectOption(page, `Marc ${family}`).click();
  await choose(page, links, "Lien", "Fils");
  await links.getByRole("button", { name: "Lier", exact: true }).click();
  await expect(links.locator(`[data-linked="${sonId}"]`)).toContainText(`Marc ${family} · Fils`);
  await links.getByRole("link", { name: `Marc ${family}` }).click();
  await expect(page).toHaveURL(new RegExp(`contact=${sonId}`));
  await expect(panel.getByTestId("contact-links").locator(`[data-linked="${zoeId}"]`)).toContainText(`Zoé ${family} · Mère`);
  await panel
    .getByTestId("contact-links")
    .getByRole("link", { name: `Zoé ${family}` })
    .click();
  await expect(panel.getByTestId("contact-name")).toHaveText(`Zoé ${family}`);

  // --- A note, pinned. ---
  const notes = panel.getByTestId("contact-notes");
  await notes.getByRole("textbox", { name: "Nouvelle note" }).fill("Préfère les rendez-vous le matin.");
  await notes.getByRole("button", { name: "Ajouter la note" }).click();
  const note = notes.locator("[data-note]", { hasText: "Préfère les rendez-vous le matin." });
  await expect(note).toHaveAttribute("data-pinned", "false");
  await note.getByRole("button", { name: "Épingler la note" }).click();
  await expect(note).toHaveAttribute("data-pinned", "true");
  await expect(note.getByText("Épinglée")).toBeVisible();
  await expect(notes.getByRole("textbox", { name: "Nouvelle note" })).toHaveValue("");
  await page.screenshot({ path: screenshotPath(`contacts-panel.png`), fullPage: true });

  // --- She texts the clinic: the conversation shows her name, and leads back to her card. ---
  const inbound = await request.post("/api/sandbox/inbound", { data: { from: phone, to: RECEPTION_NUMBER, body: "Bonjour, ici Zoé." } });
  expect(inbound.status(), await inbound.text()).toBe(201);
  await page.goto("/conversations");
  const row = page.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${phone}"]`);
  await expect(row).toContainText(`Zoé ${family}`);
  await row.click();
  const thread = page.getByTestId("open-thread");
  await expect(thread.getByTestId("thread-title")).toHaveText(`Zoé ${family}`);
  await thread.getByRole("link", { name: "Voir le contact" }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts\\?contact=${zoeId}`));
  await expect(panel.getByTestId("contact-name")).toHaveText(`Zoé ${family}`);

  // --- "Texter ce contact" opens that conversation again. ---
  await panel.getByRole("button", { name: "Texter ce contact" }).click();
  await expect(page).toHaveURL(/\/conversations\?sid=/);
  await expect(page.getByTestId("open-thread").getByTestId("thread-title")).toHaveText(`Zoé ${family}`);

  // --- A number that is no contact yet: "Créer le contact" starts one with that number. ---
  const stranger = `+1438556${last4}`;
  const fromStranger = await request.post("/api/sandbox/inbound", { data: { from: stranger, to: RECEPTION_NUMBER, body: "Bonjour!" } });
  expect(fromStranger.status(), await fromStranger.text()).toBe(201);
  await page.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${stranger}"]`).click();
  await expect(page.getByTestId("open-thread").getByTestId("thread-title")).toHaveText(`(438) 556-${last4}`);
  await page.getByTestId("open-thread").getByRole("link", { name: "Créer le contact" }).click();
  const prefilled = page.getByRole("dialog", { name: "Nouveau contact" });
  // Shown as every list shows it; the server still stores E.164.
  await expect(prefilled.getByRole("textbox", { name: "Téléphone" })).toHaveValue(`(438) 556-${last4}`);
  await prefilled.getByRole("textbox", { name: "Prénom" }).fill("Inconnu");
  await prefilled.getByRole("button", { name: "Créer le contact" }).click();
  await expect(panel.getByTestId("contact-name")).toHaveText("Inconnu");
  await expect(page).toHaveURL(/contact=/);
  await expect(page).not.toHaveURL(/new=/);
});
