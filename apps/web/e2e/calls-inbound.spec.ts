import { expect, test } from "./support/test.ts";
import { DEMO, DEMO_NAMES } from "./support/accounts.ts";
import { callPanel, closeAll, expectAudioFlowing, offerCard, ownCallCard, phoneCall, staffPage } from "./support/calls.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { keepTeamOpen } from "./support/office-hours.ts";

keepTeamOpen();

test("appel entrant : deux personnes sonnent, l'une répond, l'autre voit l'appel pris, le son passe dans les deux sens", async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  const admin = await staffPage(browser, testInfo, DEMO.admin);
  const marc = await staffPage(browser, testInfo, DEMO.user);

  // --- The phone calls the Réception: both receptionists ring. ---
  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("Ça sonne…");
  for (const page of [admin, marc]) {
    const offer = offerCard(page);
    await expect(offer).toBeVisible({ timeout: 15_000 });
    await expect(offer.getByRole("heading", { name: "Appel entrant" })).toBeVisible();
    await expect(offer).toContainText(contact.shown);
  }
  await callPanel(marc).screenshot({ path: screenshotPath("call-ringing.png") });
  await marc.screenshot({ path: screenshotPath("call-ringing-page.png") });
  // The tab's title alternates with who is calling (after 5 s, for 2 s: spec §2).
  await expect.poll(() => marc.title(), { timeout: 8_000, intervals: [250] }).toBe(`Appel de ${contact.shown}`);

  // --- Marc answers; Isabelle sees who took it. ---
  await offerCard(marc).getByRole("button", { name: "Répondre" }).click();
  const call = ownCallCard(marc);
  await expect(call).toBeVisible();
  await expect(offerCard(marc)).toBeHidden();
  await expect(admin.getByTestId("call-notice-text")).toHaveText(`Appel pris par ${DEMO_NAMES.user}.`);
  await expect(offerCard(admin)).toBeHidden();

  // --- The call connects: the timer runs and audio flows both ways (getStats). ---
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
  await expect(call.getByTestId("call-timer")).toHaveText(/^00:0[1-9]$/, { timeout: 15_000 });
  await expectAudioFlowing(marc);
  await expectAudioFlowing(phone.page);
  await callPanel(marc).screenshot({ path: screenshotPath("call-in-progress.png") });
  await phone.page.getByRole("region", { name: "Téléphone simulé" }).screenshot({ path: screenshotPath("simulator-call.png") });

  // --- The phone hangs up: the panel says the call ended, the phone is free again. ---
  await phoneCall(phone).getByRole("button", { name: "Raccrocher" }).click();
  await expect(call.getByRole("heading", { name: "Appel terminé" })).toBeVisible();
  await expect(call.getByRole("status")).toHaveText("L'appel est terminé.");
  await expect(phoneCall(phone).getByRole("button", { name: "Appeler la clinique" })).toBeVisible();

  await closeAll(admin, marc);
  await phone.close();
});
