import { expect, test, type Page } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { closeAll, goOnline, offerCard, ownCallCard, phoneCall, staffPage } from "./support/calls.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";

/**
 * Puts the page to sleep the way Chromium freezes a background tab: its script stops running —
 * no timer, no socket handler — while its sockets stay open; the returned function wakes it.
 * `Page.setWebLifecycleState {state: "frozen"}` is sent as a browser would, but headless
 * Chromium keeps every page visible and ignores it (measured on Chromium 156: a page's interval
 * keeps ticking after it), so the script is also held with `Debugger.pause`, which stops it for
 * real. The CDP session stays attached meanwhile: detaching it would let the page run again.
 */
async function freeze(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setWebLifecycleState", { state: "frozen" });
  await cdp.send("Debugger.enable");
  await cdp.send("Debugger.pause");
  return async () => {
    await cdp.send("Debugger.resume");
    await cdp.send("Debugger.disable");
    await cdp.send("Page.setWebLifecycleState", { state: "active" });
    await cdp.detach();
  };
}

test("onglet gelé : il n'avale pas l'appel — l'appel manque tout de suite sans personne d'autre, et sonne chez l'autre aussitôt", async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  const marc = await staffPage(browser, testInfo, DEMO.user);
  const wake = await freeze(marc);

  // --- Only Marc could take it, and his tab sleeps: the caller is not left ringing for the
  // 30 s ring time; the missed path comes once his tab failed to acknowledge (4 s). ---
  const started = Date.now();
  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("Appel terminé", { timeout: 15_000 });
  expect(Date.now() - started).toBeLessThan(15_000);

  // --- Isabelle comes online while Marc's tab still sleeps: a new call rings her at once. ---
  const isabelle = await staffPage(browser, testInfo, DEMO.admin);
  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  await expect(offerCard(isabelle)).toBeVisible({ timeout: 5_000 });
  await offerCard(isabelle).getByRole("button", { name: "Répondre" }).click();
  await expect(ownCallCard(isabelle)).toBeVisible();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
  await ownCallCard(isabelle).getByRole("button", { name: "Raccrocher" }).click();
  await expect(phoneCall(phone).getByRole("button", { name: "Appeler la clinique" })).toBeVisible();

  // --- Woken up, Marc's tab is offered calls again (its heartbeat resumes). ---
  await wake();
  await goOnline(marc);

  await closeAll(marc, isabelle);
  await phone.close();
});
