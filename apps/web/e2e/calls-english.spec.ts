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
  await alex.screenshot({ path: screenshotPath("call-window-docked-en.png") });

  // The call window (decision 0040): detached, moved with the keyboard, hung up from there.
  await call.getByRole("button", { name: "Detach into a call window" }).click();
  const window = alex.getByTestId("call-window");
  const handle = window.getByRole("button", { name: "Move the call window" });
  await expect(handle).toBeFocused();
  await expect(handle).toHaveAccessibleDescription("Drag the bar, or use the arrow keys (with Shift to go further).");
  await expect(window.getByText("Call window", { exact: true })).toBeVisible();
  await expect(window.getByRole("button", { name: "Dock the call window" })).toBeVisible();
  const before = await window.boundingBox();
  for (let i = 0; i < 6; i += 1) await alex.keyboard.press("Shift+ArrowLeft");
  await alex.keyboard.press("Shift+ArrowUp");
  await expect.poll(async () => (await window.boundingBox())?.x).toBe((before?.x ?? 0) - 6 * 80);
  await alex.screenshot({ path: screenshotPath("call-window-detached-en.png") });
  await call.getByRole("button", { name: "Hang up" }).click();
  await expect(call.getByRole("heading", { name: "Call ended" })).toBeVisible();
  await expect(window).toBeVisible();

  await closeAll(alex);
  await phone.close();
});
