import { expect, test } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { DEMO, uniqueSuffix } from "./support/accounts.ts";
import { alertWith } from "./support/alerts.ts";
import { RelaisApi } from "./support/api.ts";
import { login } from "./support/auth.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";

test("sondage de satisfaction : l'administrateur le règle, l'envoie, le contact répond par texto, personne ne lui écrit entre-temps", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const contact = uniqueContact();
  const firstname = `Sondée ${uniqueSuffix()}`;
  const api = await RelaisApi.signIn(request);
  const contactId = await api.createContact({ firstname, lastname: "Gagnon", phone: contact.e164 });

  // --- The administrator words the thanks; an empty text is refused in French first. ---
  await login(page, DEMO.admin);
  await page.goto("/configuration");
  const settings = page.getByRole("form", { name: "Sondage de satisfaction" });
  await settings.scrollIntoViewIfNeeded();
  const thanks = settings.getByRole("textbox", { name: "Remerciement (après la dernière réponse)" });
  await thanks.fill("");
  await settings.getByRole("button", { name: "Enregistrer le sondage" }).click();
  await expect(settings.getByText("Ce champ est requis.")).toBeVisible();
  await thanks.fill("Merci beaucoup {{firstName}}, à bientôt !");
  await settings.getByRole("button", { name: "Enregistrer le sondage" }).click();
  await expect(alertWith(page, "success", "Sondage enregistré.")).toBeVisible();
  // The page's header stays on top: the section is brought just under it before the picture.
  await settings.evaluate((el) => {
    el.scrollIntoView({ block: "start" });
    window.scrollBy(0, -80);
  });
  await page.screenshot({ path: screenshotPath(`satisfaction-survey-settings.png`) });

  // --- The contact texts the clinic; staff sends the survey from the conversation. ---
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  await phone.send("Bonjour, merci pour le rendez-vous de ce matin.");
  await page.goto("/conversations");
  const row = page.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${contact.e164}"]`);
  await row.click();
  const thread = page.getByTestId("open-thread");
  await thread.getByRole("button", { name: "Envoyer le sondage de satisfaction" }).click();
  const confirm = page.getByRole("dialog", { name: "Envoyer le sondage de satisfaction?" });
  await expect(confirm).toContainText("au plus une heure");
  await confirm.getByRole("button", { name: "Envoyer" }).click();
  await expect(alertWith(page, "success", "Sondage envoyé.")).toBeVisible();

  // --- While it runs the composer is locked, and says until when. ---
  const hold = thread.getByTestId("survey-hold");
  await expect(hold).toContainText("aucune réponse sur 2 questions");
  await expect(hold).toContainText("au plus tard à");
  await expect(thread.getByRole("textbox", { name: "Votre message" })).toBeDisabled();
  await expect(phone.message("received", `Bonjour ${firstname}, merci d'avoir choisi Clinique dentaire des Érables`)).toBeVisible();

  // --- A reply that is not a score is asked again; a score moves on. ---
  await phone.send("C'était super");
  await expect(phone.message("received", "Répondez par un chiffre de 1 à 5")).toBeVisible();
  await phone.send("4");
  await expect(phone.message("received", "Avez-vous un commentaire")).toBeVisible();
  await expect(hold).toContainText("1 réponse sur 2 questions");
  await page.screenshot({ path: screenshotPath(`satisfaction-survey-running.png`) });

  // --- The last answer: thanks, the lock lifts, the answers are on the contact. ---
  await phone.send("Accueil très chaleureux");
  await expect(phone.message("received", `Merci beaucoup ${firstname}, à bientôt !`)).toBeVisible();
  await expect(hold).toBeHidden();
  await expect(thread.getByRole("textbox", { name: "Votre message" })).toBeEnabled();
  await page.goto(`/contacts?contact=${contactId}`);
  const surveys = page.getByTestId("contact-surveys");
  await expect(surveys).toContainText("Accueil très chaleureux");
  await expect(surveys).toContainText("4");

  await phone.close();
});

test("sondage de satisfaction : arrêté par le personnel, le contact peut de nouveau recevoir des textos", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const contact = uniqueContact();
  const api = await RelaisApi.signIn(request);
  await api.createContact({ firstname: "Arrêt", lastname: `Sondage ${uniqueSuffix()}`, phone: contact.e164 });
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  await phone.send("Bonjour!");

  await login(page, DEMO.user);
  await page.goto("/conversations");
  await page.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${contact.e164}"]`).click();
  const thread = page.getByTestId("open-thread");
  await thread.getByRole("button", { name: "Envoyer le sondage de satisfaction" }).click();
  await page.getByRole("dialog", { name: "Envoyer le sondage de satisfaction?" }).getByRole("button", { name: "Envoyer" }).click();
  await expect(thread.getByTestId("survey-hold")).toBeVisible();

  await thread.getByRole("button", { name: "Arrêter le sondage" }).click();
  const confirm = page.getByRole("dialog", { name: "Arrêter le sondage?" });
  await expect(confirm).toContainText("Les réponses déjà reçues sont gardées");
  await confirm.getByRole("button", { name: "Arrêter le sondage" }).click();
  await expect(alertWith(page, "success", "Sondage arrêté.")).toBeVisible();
  await expect(thread.getByTestId("survey-hold")).toBeHidden();

  const composer = thread.getByRole("textbox", { name: "Votre message" });
  await composer.fill("Merci, bonne journée!");
  await composer.press("Enter");
  await expect(phone.message("received", "Merci, bonne journée!")).toBeVisible();
  await phone.close();
});
