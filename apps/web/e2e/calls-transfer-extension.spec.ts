import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { RelaisApi } from "./support/api.ts";
import { closeAll, expectAudioFlowing, offerCard, ownCallCard, phoneCall, staffPage } from "./support/calls.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { keepTeamOpen } from "./support/office-hours.ts";

keepTeamOpen();

let extensionId: string | null = null;
test.afterEach(async ({ request }) => {
  if (extensionId) await (await RelaisApi.signIn(request)).deleteTransferExtension(extensionId);
  extensionId = null;
});

test("transfert vers un poste extérieur : un second simulateur sonne, décroche, reçoit les chiffres du poste et parle avec l'appelant", async ({
  browser,
  request,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  const contact = uniqueContact();
  // The outside phone: another number of the 438 range, never the caller's.
  const last4 = String(((Number(contact.e164.slice(-4)) - 1000 + 4500) % 9000) + 1000);
  const outsideNumber = `+1438555${last4}`;
  const name = `Laboratoire ${last4}`;
  extensionId = await (await RelaisApi.signIn(request)).createTransferExtension({ name, phoneNumber: outsideNumber, extension: "204" });

  const outside = await PhoneSimulator.open(browser, testInfo, outsideNumber);
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  const marc = await staffPage(browser, testInfo, DEMO.user);

  // --- The phone calls the Réception; Marc answers. ---
  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  await expect(offerCard(marc)).toBeVisible({ timeout: 15_000 });
  await offerCard(marc).getByRole("button", { name: "Répondre" }).click();
  const marcCall = ownCallCard(marc);
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
  await expectAudioFlowing(marc);

  // --- He transfers it to the extension: the caller is held while the outside phone rings. ---
  await marcCall.getByRole("button", { name: "Transférer l'appel" }).click();
  const dialog = marc.getByRole("dialog", { name: "Transférer l'appel" });
  const extension = dialog.getByRole("button", { name: new RegExp(name) });
  await expect(extension).toContainText("poste 204");
  await dialog.screenshot({ path: screenshotPath("call-transfer-dialog-extensions.png") });
  await extension.click();
  await expect(dialog).toBeHidden();
  await expect(marcCall.getByTestId("call-transferring")).toContainText(name);
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En attente — musique d'attente");
  const outsideCall = phoneCall(outside);
  await expect(outsideCall.getByTestId("phone-call-status")).toHaveText("La clinique vous appelle", { timeout: 15_000 });
  await expect(outsideCall.getByTestId("phone-call-digits")).toHaveText("Aucune");
  await outside.page.screenshot({ path: screenshotPath("simulator-outside-phone-ringing.png") });

  // --- The outside phone answers: it receives the extension's digits, the call leaves Marc. ---
  await outsideCall.getByRole("button", { name: "Décrocher" }).click();
  await expect(outsideCall.getByTestId("phone-call-status")).toHaveText("En communication");
  await expect(outsideCall.getByTestId("phone-call-digits")).toHaveText("204");
  await expect(marcCall).toBeHidden({ timeout: 15_000 });
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");

  // --- Audio both ways between the caller and the outside phone (Marc's pair is closed). ---
  await expectAudioFlowing(outside.page);
  await expectAudioFlowing(phone.page);
  await outside.page.screenshot({ path: screenshotPath("simulator-outside-phone-connected.png") });

  // --- The outside phone hangs up: the call is over for the caller too. ---
  await outsideCall.getByRole("button", { name: "Raccrocher" }).click();
  await expect(phoneCall(phone).getByRole("button", { name: "Appeler la clinique" })).toBeVisible({ timeout: 15_000 });

  await closeAll(marc);
  await phone.close();
  await outside.close();
});
