import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import {
  callPanel,
  closeAll,
  expectAudioFlowing,
  expectAudioStopped,
  offerCard,
  ownCallCard,
  phoneCall,
  staffPage,
} from "./support/calls.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { keepTeamOpen } from "./support/office-hours.ts";

keepTeamOpen();

test("mise en attente : l'appelant n'entend plus la réception mais la musique, raccrocher attend la reprise, reprendre rend le son", async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(150_000);
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  const marc = await staffPage(browser, testInfo, DEMO.user);

  // --- The phone calls, Marc answers, audio flows both ways. ---
  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  await expect(offerCard(marc)).toBeVisible({ timeout: 15_000 });
  await offerCard(marc).getByRole("button", { name: "Répondre" }).click();
  const call = ownCallCard(marc);
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
  await expectAudioFlowing(phone.page);
  await expectAudioFlowing(marc);
  const hangUp = call.getByRole("button", { name: "Raccrocher" });
  await expect(hangUp).toBeEnabled();
  await expect(call.getByTestId("call-held")).toBeHidden();
  await callPanel(marc).screenshot({ path: screenshotPath("call-not-held.png") });

  // --- Hold: the button shows it is pressed, the panel says "on hold", hang-up waits. ---
  await call.getByRole("button", { name: "Mettre en attente" }).click();
  const resume = call.getByRole("button", { name: "Reprendre l'appel" });
  await expect(resume).toHaveAttribute("aria-pressed", "true");
  await expect(call.getByTestId("call-held")).toHaveText("En attente");
  await expect(hangUp).toBeDisabled();
  await marc.mouse.move(0, 0);
  await expect(marc.getByRole("tooltip")).toBeHidden();
  await callPanel(marc).screenshot({ path: screenshotPath("call-held.png") });
  await hangUp.hover();
  await expect(marc.getByRole("tooltip")).toHaveText("Reprenez l'appel avant de raccrocher.");
  await marc.screenshot({ path: screenshotPath("call-held-hang-up-tooltip.png") });
  // A click on it anyway changes nothing.
  await hangUp.click({ force: true });
  await expect(call.getByRole("heading", { name: "Appel entrant" })).toBeVisible();

  // --- The caller hears the hold music; Marc's microphone no longer reaches them, nor theirs him. ---
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En attente — musique d'attente");
  await expectAudioStopped(phone.page);
  await expectAudioStopped(marc);
  await phone.screen.screenshot({ path: screenshotPath("simulator-call-held.png") });

  // --- Resume: the audio comes back both ways, and hang-up works again. ---
  await resume.click();
  await expect(call.getByRole("button", { name: "Mettre en attente" })).toHaveAttribute("aria-pressed", "false");
  await expect(call.getByTestId("call-held")).toBeHidden();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
  await expectAudioFlowing(phone.page);
  await expectAudioFlowing(marc);
  await expect(hangUp).toBeEnabled();
  await hangUp.click();
  await expect(call.getByRole("heading", { name: "Appel terminé" })).toBeVisible();
  await expect(phoneCall(phone).getByRole("button", { name: "Appeler la clinique" })).toBeVisible();

  await closeAll(marc);
  await phone.close();
});
