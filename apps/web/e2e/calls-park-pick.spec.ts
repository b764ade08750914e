import { expect, test } from "./support/test.ts";
import { DEMO, DEMO_NAMES } from "./support/accounts.ts";
import { login } from "./support/auth.ts";
import { callPanel, closeAll, expectAudioFlowing, goOnline, offerCard, ownCallCard, phoneCall, staffPage } from "./support/calls.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { keepTeamOpen } from "./support/office-hours.ts";

const SHOTS = "/tmp/shots-queue-park";

keepTeamOpen();

test("parquer et prendre : Marc répond puis parque l'appel, Isabelle le voit dans la file avec son numéro et le prend, le son passe", async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(150_000);
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  // Isabelle's page runs on a clock the journey can move (page.clock), flowing normally until then.
  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const isabelle = await (await browser.newContext({ baseURL, locale, timezoneId, viewport })).newPage();
  await isabelle.clock.install();
  await login(isabelle, DEMO.admin);
  await goOnline(isabelle);
  const marc = await staffPage(browser, testInfo, DEMO.user);

  // --- The phone calls the Réception; Marc answers. ---
  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  await expect(offerCard(marc)).toBeVisible({ timeout: 15_000 });
  await offerCard(marc).getByRole("button", { name: "Répondre" }).click();
  const marcCall = ownCallCard(marc);
  await expect(marcCall).toBeVisible();
  const park = marcCall.getByRole("button", { name: "Envoyer dans la file d'attente" });
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
  await expect(marcCall.getByTestId("call-timer")).toHaveText(/^00:0[1-9]$/, { timeout: 15_000 });
  await expectAudioFlowing(marc);
  await callPanel(marc).screenshot({ path: `${SHOTS}/park-button.png` });

  // --- Marc parks it: his panel closes, the caller hears park music. ---
  await expect(park).toBeEnabled();
  await park.click();
  await expect(marcCall).toBeHidden();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("Appel parqué, musique d'attente…");

  // --- Isabelle opens the queue: the call is parked, with its number. ---
  const open = isabelle.getByTestId("queue-open");
  await expect(open).toHaveAccessibleName(/^File d'attente \(appels qui attendent : [1-9]\d*\)$/);
  await open.click();
  const queue = isabelle.getByRole("dialog", { name: "File d'attente des appels" });
  await expect(queue).toBeVisible();
  const parked = queue.getByTestId("queue-group-parked").getByTestId("queue-call").filter({ hasText: contact.shown });
  await expect(parked).toBeVisible();
  await expect(parked.getByTestId("queue-park-no")).toHaveText(/^N° \d+$/);
  await expect(parked.getByTestId("queue-timer")).toHaveText(/^00:\d\d$/);
  await isabelle.screenshot({ path: `${SHOTS}/queue-parked.png` });
  await queue.screenshot({ path: screenshotPath("call-queue.png") });

  // --- The wait timer runs on the server's clock: yellow from 2 min, red from 4 min (spec §9). ---
  const timer = parked.getByTestId("queue-timer");
  await expect(timer).toHaveAttribute("data-alert", "none");
  await isabelle.clock.fastForward("02:05");
  await expect(timer).toHaveAttribute("data-alert", "yellow");
  await expect(timer).toHaveText(/^02:0\d$/);
  await isabelle.screenshot({ path: `${SHOTS}/queue-yellow.png` });
  await isabelle.clock.fastForward("02:00");
  await expect(timer).toHaveAttribute("data-alert", "red");
  await expect(timer).toHaveAccessibleName(/^Attente 04:\d\d, attente très longue$/);
  await queue.screenshot({ path: `${SHOTS}/queue-red.png` });

  // --- She picks it up: the phone reconnects to her, audio flows between them. ---
  await parked.getByRole("button", { name: `Prendre l'appel de ${contact.shown}` }).click();
  const isabelleCall = ownCallCard(isabelle);
  await expect(isabelleCall).toBeVisible();
  await expect(parked).toBeHidden();
  const inProgress = queue.getByTestId("queue-group-in-progress").getByTestId("queue-call").filter({ hasText: contact.shown });
  await expect(inProgress).toContainText(`avec ${DEMO_NAMES.admin}`);
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
  await expectAudioFlowing(isabelle);
  await expectAudioFlowing(phone.page);
  await isabelle.screenshot({ path: `${SHOTS}/queue-picked.png` });
  await isabelle.keyboard.press("Escape");
  await expect(queue).toBeHidden();
  await callPanel(isabelle).screenshot({ path: `${SHOTS}/picked-call.png` });

  // --- The phone hangs up: the call leaves the queue. ---
  await phoneCall(phone).getByRole("button", { name: "Raccrocher" }).click();
  await expect(isabelleCall.getByRole("heading", { name: "Appel terminé" })).toBeVisible();
  await open.click();
  await expect(queue.getByTestId("queue-call").filter({ hasText: contact.shown })).toHaveCount(0);

  await closeAll(isabelle, marc);
  await phone.close();
});
