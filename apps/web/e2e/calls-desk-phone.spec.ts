import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { RelaisApi } from "./support/api.ts";
import { closeAll, offerCard, ownCallCard, phoneCall, staffPage } from "./support/calls.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { keepTeamOpen } from "./support/office-hours.ts";

keepTeamOpen();

test("poste fixe : le simulateur sonne comme le poste de Marc, il décroche et prend l'appel", async ({ browser, request }, testInfo) => {
  testInfo.setTimeout(120_000);
  const label = `Poste ${Date.now() % 100000}`;
  const sipUri = await (await RelaisApi.signIn(request)).createDeskPhone(label);

  // Marc takes the desk phone in his profile (within the app: his tab stays ready for calls).
  const marc = await staffPage(browser, testInfo, DEMO.user);
  await marc.getByRole("link", { name: "Configuration" }).click();
  await marc.getByRole("tab", { name: "Mon profil" }).click();
  await marc.getByRole("combobox", { name: "Choisir un poste libre" }).click();
  await marc.getByRole("option", { name: label }).click();
  await marc.getByRole("button", { name: "Prendre ce poste" }).click();
  await expect(marc.getByTestId("desk-phone-mine")).toContainText(sipUri);

  // The simulator as that desk phone.
  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const deskContext = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  const desk = await deskContext.newPage();
  await desk.goto("/simulator?mode=desk");
  await desk.getByRole("textbox", { name: "Adresse SIP du poste" }).fill(sipUri);
  await desk.getByRole("button", { name: "Utiliser" }).click();
  const device = desk.getByTestId("desk-phone-device");
  await expect(device.getByTestId("desk-phone-waiting")).toBeVisible();

  // A contact calls: Marc's browser and his desk phone ring together.
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  await expect(offerCard(marc)).toBeVisible({ timeout: 15_000 });
  await expect(device.getByTestId("phone-call-status")).toHaveText("La clinique vous appelle");
  await desk.screenshot({ path: screenshotPath("simulator-desk-phone-ringing.png") });

  // He picks up the desk phone: the call is his there, his browser stops ringing without a notice
  // and carries no call of its own (the conversation is on the desk phone).
  await device.getByRole("button", { name: "Décrocher" }).click();
  await expect(device.getByTestId("phone-call-status")).toHaveText("En communication");
  await expect(offerCard(marc)).toBeHidden();
  await expect(marc.getByTestId("call-notice-text")).toHaveCount(0);
  await expect(ownCallCard(marc)).toHaveCount(0);
  await expect(phoneCall(phone).getByRole("button", { name: "Raccrocher" })).toBeVisible();

  // He hangs up there: the call is over for the caller too.
  await device.getByRole("button", { name: "Raccrocher" }).click();
  await expect(device.getByTestId("desk-phone-waiting")).toBeVisible();
  await expect(phoneCall(phone).getByRole("button", { name: "Appeler la clinique" })).toBeVisible();

  await closeAll(marc);
  await phone.close();
  await deskContext.close();
});
