import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { closeAll, expectAudioFlowing, ownCallCard, phoneCall, staffPage } from "./support/calls.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { keepTeamOpen } from "./support/office-hours.ts";

keepTeamOpen();

test("appel sortant : numéro invalide refusé, puis appel décroché au simulateur, touches du clavier reçues, appel dans la conversation", async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  const marc = await staffPage(browser, testInfo, DEMO.user);

  // --- The dialpad refuses a number that is none (spec §5). ---
  await marc.locator("header").getByRole("button", { name: "Nouvel appel" }).click();
  const dialog = marc.getByRole("dialog", { name: "Composer un numéro" });
  const number = dialog.getByRole("textbox", { name: "Numéro à appeler" });
  await dialog.getByRole("button", { name: "Touche 1" }).click();
  await dialog.getByRole("button", { name: "Touche 2" }).click();
  await dialog.getByRole("button", { name: "Touche 3" }).click();
  await expect(number).toHaveValue("123");
  await dialog.getByRole("button", { name: "Appeler" }).click();
  await expect(dialog.getByText("Le numéro entré est invalide.")).toBeVisible();
  await dialog.screenshot({ path: screenshotPath("call-new-dialpad.png") });

  // --- A real number: the panel shows the call ringing out, the phone rings. ---
  await number.fill(contact.e164);
  await dialog.getByRole("button", { name: "Appeler" }).click();
  await expect(dialog).toBeHidden();
  const call = ownCallCard(marc);
  await expect(call.getByRole("heading", { name: /^Appel… 00:0\d$/ })).toBeVisible();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("La clinique vous appelle");

  // --- The phone picks up: outbound call, audio both ways. ---
  await phoneCall(phone).getByRole("button", { name: "Décrocher" }).click();
  await expect(call.getByRole("heading", { name: "Appel sortant" })).toBeVisible();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
  await expectAudioFlowing(marc);
  await expectAudioFlowing(phone.page);
  // At the narrowest width Relais allows (1024 px), the panel and the top bar still fit.
  await marc.setViewportSize({ width: 1024, height: 720 });
  await marc.screenshot({ path: screenshotPath("call-in-progress-1024px.png") });
  await marc.setViewportSize({ width: 1280, height: 800 });

  // --- Dialpad keys reach the phone, and the panel shows what was pressed. ---
  await call.getByRole("button", { name: "Afficher le clavier" }).click();
  for (const key of ["4", "2", "#"]) {
    await call.getByRole("button", { name: `Touche ${key}` }).click();
  }
  await expect(call.getByTestId("call-digits")).toHaveText("42#");
  await expect(phoneCall(phone).getByTestId("phone-call-digits")).toHaveText("42#");
  await call.screenshot({ path: screenshotPath("call-dialpad.png") });

  // --- Marc hangs up; the call shows in the contact's thread. ---
  await call.getByRole("button", { name: "Raccrocher" }).click();
  await expect(call.getByRole("heading", { name: "Appel terminé" })).toBeVisible();
  await expect(phoneCall(phone).getByRole("button", { name: "Appeler la clinique" })).toBeVisible();
  await call.getByRole("link", { name: "Voir la conversation" }).click();
  await expect(marc).toHaveURL(/\/conversations\?sid=.+&call=.+/);
  const message = marc.getByTestId("open-thread").getByRole("group", { name: "Appel sortant" });
  await expect(message).toHaveAttribute("data-highlight", "true");
  await expect(message.getByTestId("call-message-status")).toContainText(/Terminé · Durée 00:\d\d/);

  await closeAll(marc);
  await phone.close();
});
