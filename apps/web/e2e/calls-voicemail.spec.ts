import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login } from "./support/auth.ts";
import { closeAll, phoneCall } from "./support/calls.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { keepTeamOpen } from "./support/office-hours.ts";
import { setReceptionQueue } from "./support/call-queue.ts";

const SHOTS = "/tmp/shots-ivr-voicemail";

keepTeamOpen();

test.beforeEach(async () => {
  await setReceptionQueue(true);
});
test.afterEach(async () => {
  await setReceptionQueue(false);
});

test("message vocal : personne ne répond, l'appelant fait le 0 et parle ; Marc écoute le message dans la conversation", async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);

  // --- Nobody is online: the caller waits in the queue, then presses 0. ---
  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  const status = phoneCall(phone).getByTestId("phone-call-status");
  await expect(status).toHaveText("En file d'attente, musique d'attente…", { timeout: 15_000 });
  await phoneCall(phone).getByRole("button", { name: "Touche 0" }).click();
  await expect(status).toHaveText("Enregistrement de votre message…", { timeout: 15_000 });
  await expect(phoneCall(phone).getByTestId("phone-call-prompt")).toContainText("Laissez votre message après le signal sonore.");
  await phone.page.screenshot({ path: `${SHOTS}/simulator-recording.png` });

  // --- The fake microphone speaks for a few seconds; the caller finishes and the call ends. ---
  await phone.page.waitForTimeout(3_000);
  await phoneCall(phone).getByRole("button", { name: "Terminer le message et raccrocher" }).click();
  await expect(status).toHaveText("Appel terminé", { timeout: 15_000 });

  // --- Marc opens the thread: a missed call with the voicemail and its player. ---
  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const marc = await (await browser.newContext({ baseURL, locale, timezoneId, viewport })).newPage();
  await login(marc, DEMO.user);
  const row = marc.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${contact.e164}"]`);
  await row.click();
  const message = marc.getByTestId("open-thread").getByRole("group", { name: "Appel entrant" });
  await expect(message.getByTestId("call-message-status")).toContainText("Manqué");
  await expect(message.getByTestId("call-message-voicemail")).toHaveText(/^Message vocal de 00:0[2-5]$/);
  const audio = message.getByTestId("voicemail-audio");
  await expect(audio).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.duration), { timeout: 10_000 }).toBeGreaterThan(0);
  await audio.evaluate((el: HTMLAudioElement) => el.play());
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(0);
  await marc.screenshot({ path: `${SHOTS}/thread-voicemail.png` });
  await message.screenshot({ path: `${SHOTS}/voicemail-message.png` });

  await closeAll(marc);
  await phone.close();
});

test("rappel par texto : l'appelant fait le 1, entend la confirmation et reçoit le texto ; la conversation montre la demande", async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);

  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  const status = phoneCall(phone).getByTestId("phone-call-status");
  await expect(status).toHaveText("En file d'attente, musique d'attente…", { timeout: 15_000 });
  await phoneCall(phone).getByRole("button", { name: "Touche 1" }).click();
  await expect(status).toHaveText("Appel terminé", { timeout: 15_000 });
  await expect(phone.page.getByTestId("phone-call-prompt")).toContainText("Nous vous enverrons un texto et vous rappellerons");
  const text = "Vous nous avez demandé de vous rappeler. Nous le ferons dès que possible.";
  await expect(phone.message("received", text)).toBeVisible({ timeout: 15_000 });
  await phone.page.screenshot({ path: `${SHOTS}/simulator-callback.png` });

  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const marc = await (await browser.newContext({ baseURL, locale, timezoneId, viewport })).newPage();
  await login(marc, DEMO.user);
  const row = marc.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${contact.e164}"]`);
  await row.click();
  const message = marc.getByTestId("open-thread").getByRole("group", { name: "Appel entrant" });
  await expect(message.getByTestId("call-message-callback")).toHaveText("Demande d'être rappelé par texto");
  await expect(marc.getByTestId("open-thread").getByText(text)).toBeVisible();
  await marc.screenshot({ path: `${SHOTS}/thread-callback.png` });

  await closeAll(marc);
  await phone.close();
});
