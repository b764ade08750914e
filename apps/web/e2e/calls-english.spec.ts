import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { callPanel, closeAll, offerCard, ownCallCard, phoneCall, staffPage } from "./support/calls.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { keepTeamOpen } from "./support/office-hours.ts";

keepTeamOpen();

test("the call panel in English for a person with an English profile", async ({ browser }, testInfo) => {
  testInfo.setTimeout(90_000);
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  const alex = await staffPage(browser, testInfo, DEMO.devops, "en");

  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  const offer = offerCard(alex);
  await expect(offer).toBeVisible({ timeout: 15_000 });
  await expect(offer.getByRole("heading", { name: "Incoming call" })).toBeVisible();
  await expect(offer.getByRole("button", { name: "Decline" })).toBeVisible();
  await expect(offer.getByRole("button", { name: "Ignore" })).toBeVisible();
  await offer.getByRole("button", { name: "Answer" }).click();

  const call = ownCallCard(alex);
  await expect(call.getByRole("button", { name: "Hang up" })).toBeVisible();
  await expect(call.getByRole("button", { name: "Show the dialpad" })).toBeVisible();
  await expect(call.getByTestId("call-timer")).toHaveText(/^00:0[1-9]$/, { timeout: 15_000 });
  await callPanel(alex, "en").screenshot({ path: screenshotPath("call-in-progress-en.png") });
  await call.getByRole("button", { name: "Hang up" }).click();
  await expect(call.getByRole("heading", { name: "Call ended" })).toBeVisible();

  await closeAll(alex);
  await phone.close();
});
