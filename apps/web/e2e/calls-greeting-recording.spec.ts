import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { alertWith, closeAlerts } from "./support/alerts.ts";
import { login, navigation } from "./support/auth.ts";
import { expectGreetingHeard, phoneCall } from "./support/calls.ts";
import { keepTeamOnBreak } from "./support/office-hours.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";

// Hygiène is on a break all day during the journey: a call to it is in the period recorded.
keepTeamOnBreak("Hygiène");

/**
 * A greeting recorded in the browser (issue 13 §3): the fake microphone of the calls project is
 * taken as PCM, written as WAV in the page, uploaded, and measured by the server; a caller of the
 * team during its break then hears it on the simulator, before the call ends as Twilio's would.
 */
test("un administrateur enregistre le message d'accueil de la pause depuis son micro ; l'appelant l'entend pendant la pause", async ({
  page,
  browser,
}, testInfo) => {
  await login(page, DEMO.admin);
  await navigation(page).getByRole("link", { name: "Configuration" }).click();
  await page.getByRole("tab", { name: "Messagerie vocale" }).click();
  await page.getByRole("combobox", { name: "Messages de" }).click();
  await page.getByRole("option", { name: "Hygiène", exact: true }).click();

  const pause = page.getByRole("region", { name: "Pause" });
  await pause.getByText("Enregistrement", { exact: true }).click();
  await pause.getByRole("button", { name: "Enregistrer", exact: true }).click();
  // Five seconds or more: long enough for the caller's side to be checked while it plays.
  const stop = pause.getByRole("button", { name: /Terminer l'enregistrement \(00:0[5-9]\)/ });
  await expect(stop).toBeVisible({ timeout: 15_000 });
  await stop.click();
  // Measured by the server from the WAV's header: five seconds or a little more.
  await expect(pause.getByText(/^00:0[5-9] · \d+(,\d)? Ko$/)).toBeVisible();
  await expect(pause.getByTestId("greeting-audio")).toHaveAttribute("src", /^blob:/);
  await pause.getByRole("switch", { name: "Activé" }).check({ force: true });
  await pause.getByRole("button", { name: "Enregistrer la période" }).click();
  await expect(alertWith(page, "success", "Le message d'accueil a été enregistré.")).toBeVisible();
  await closeAlerts(page);

  await page.reload();
  await page.getByRole("combobox", { name: "Messages de" }).click();
  await page.getByRole("option", { name: "Hygiène", exact: true }).click();
  const reloaded = page.getByRole("region", { name: "Pause" });
  await expect(reloaded.getByRole("radio", { name: "Enregistrement" })).toBeChecked();
  await expect(reloaded.getByText(/^00:0[5-9] · \d+(,\d)? Ko$/)).toBeVisible();

  // --- A contact calls the Hygiène during its break: the simulator plays the recorded greeting. ---
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164, "Hygiène · (514) 555-0102");
  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  const greeting = phone.page.getByTestId("phone-call-greeting");
  // The audio the simulator fetched and decoded: the recording's five seconds or a little more.
  await expect(greeting).toHaveText(/^Message d'accueil · 00:0[5-9]$/, { timeout: 15_000 });
  await phone.page.screenshot({ path: screenshotPath("simulator-greeting-playing.png") });
  await expectGreetingHeard(phone.page);
  // Nobody takes calls during the break and the Hygiène has no queue: the clinic has ended the
  // call, but the caller is still on the line while the greeting plays, and can hang up...
  await expect(phoneCall(phone).getByRole("button", { name: "Raccrocher" })).toBeVisible();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toBeHidden();
  // ...and once it has played to its end, the call is over for them too.
  await expect(greeting).toBeHidden({ timeout: 15_000 });
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("Appel terminé");
  await expect(phoneCall(phone).getByRole("button", { name: "Appeler la clinique" })).toBeVisible();
  await phone.close();
});
