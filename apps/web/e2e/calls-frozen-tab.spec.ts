import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { closeAll, goOnline, offerCard, ownCallCard, phoneCall, staffPage } from "./support/calls.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { SleepingTab } from "./support/sleeping-tab.ts";
import { keepTeamOpen } from "./support/office-hours.ts";

keepTeamOpen();

test("onglet gelé : il n'avale pas l'appel — l'appel manque tout de suite sans personne d'autre, et sonne chez l'autre aussitôt", async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(150_000);
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  // Marc's tab is frozen by Chromium itself (Page.setWebLifecycleState), as a background tab is.
  const marc = await SleepingTab.open(testInfo, DEMO.user);
  try {
    await marc.freeze();

    // --- Only Marc could take it, and his tab sleeps: the caller is not left ringing for the
    // 30 s ring time; the missed path comes once his tab failed to acknowledge (4 s). ---
    const started = Date.now();
    await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
    await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("Appel terminé", { timeout: 15_000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    await marc.expectStillFrozen();

    // --- Isabelle comes online while Marc's tab still sleeps: a new call rings her at once. ---
    const isabelle = await staffPage(browser, testInfo, DEMO.admin);
    await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
    await expect(offerCard(isabelle)).toBeVisible({ timeout: 5_000 });
    await offerCard(isabelle).getByRole("button", { name: "Répondre" }).click();
    await expect(ownCallCard(isabelle)).toBeVisible();
    await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
    await ownCallCard(isabelle).getByRole("button", { name: "Raccrocher" }).click();
    await expect(phoneCall(phone).getByRole("button", { name: "Appeler la clinique" })).toBeVisible();
    await marc.expectStillFrozen();

    // --- Woken up, Marc's tab is offered calls again (its heartbeat resumes). ---
    await marc.wake();
    await goOnline(marc.page);
    await closeAll(isabelle);
  } finally {
    await marc.close();
  }
  await phone.close();
});
