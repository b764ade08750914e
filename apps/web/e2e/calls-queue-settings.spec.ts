import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { alertWith, closeAlerts } from "./support/alerts.ts";
import { login } from "./support/auth.ts";
import { closeAll, phoneCall } from "./support/calls.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { keepTeamOpen } from "./support/office-hours.ts";
import { setReceptionQueue } from "./support/call-queue.ts";

const SHOTS = "/tmp/shots-queue-settings";

keepTeamOpen();

// Whatever happens, the demo's queue is off again for the other journeys.
test.afterEach(async () => {
  await setReceptionQueue(false);
});

/**
 * The call queue's switches (spec part 2 "call queue settings", issue 13 §1): an administrator
 * turns the queue and its notification on for the organisation, then for the Réception; a caller
 * nobody can take then waits in the queue, and the team is told. The page is made to look hidden
 * and its Notification recorded, so the desktop notification can be read back.
 */
test("file d'attente : l'administratrice l'active avec son avertissement, puis pour la Réception ; l'appel qui attend est annoncé", async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  await context.addInitScript(() => {
    const shown: { title: string; body: string }[] = [];
    (window as unknown as { __notifications: typeof shown }).__notifications = shown;
    class RecordedNotification {
      static permission = "granted";
      static requestPermission = () => Promise.resolve("granted");
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body ?? "" });
      }
      close(): void {}
    }
    Object.defineProperty(window, "Notification", { value: RecordedNotification, configurable: true });
    Object.defineProperty(document, "visibilityState", { get: () => "hidden", configurable: true });
  });
  const admin = await context.newPage();
  await login(admin, DEMO.admin);

  // --- The organisation: the plan has the queue; the notification waits until the queue is on. ---
  await admin.goto("/configuration?configTab=0");
  const queue = admin.getByRole("switch", { name: "File d'attente des appels" });
  const notify = admin.getByRole("switch", { name: "Avertir l'équipe quand un appel entre dans la file" });
  await expect(queue).not.toBeChecked();
  await expect(notify).toBeDisabled();
  await queue.check({ force: true });
  await expect(notify).toBeEnabled();
  await notify.check({ force: true });
  await admin.screenshot({ path: `${SHOTS}/organization-queue.png`, fullPage: true });
  await admin.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(alertWith(admin, "success", "Les modifications ont été enregistrées.")).toBeVisible();
  await closeAlerts(admin);

  // --- The Réception's own switch. ---
  await admin.goto("/configuration?configTab=1");
  await admin.getByRole("link", { name: "Réception" }).click();
  const teamQueue = admin.getByRole("switch", { name: "Les appelants de l'équipe attendent dans la file" });
  await expect(teamQueue).not.toBeChecked();
  await teamQueue.check({ force: true });
  await admin.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(alertWith(admin, "success", "Les modifications ont été enregistrées.")).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/team-queue.png` });
  await admin.reload();
  await expect(admin.getByRole("switch", { name: "Les appelants de l'équipe attendent dans la file" })).toBeChecked();

  // --- Nobody is ready for calls (Isabelle is offline, though told of the queue): the caller waits, and the team is told. ---
  const status = admin.getByRole("combobox", { name: "Statut", exact: true });
  if ((await status.inputValue()) !== "Hors ligne") {
    await status.click();
    await admin.getByRole("option", { name: "Hors ligne" }).click();
  }
  await expect(status).toHaveValue("Hors ligne");
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En file d'attente, musique d'attente…", { timeout: 15_000 });
  await expect(admin.getByRole("button", { name: "File d'attente (appels qui attendent : 1)" })).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => admin.evaluate(() => (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications))
    .toEqual([{ title: "Un appel attend dans la file", body: `${contact.shown} · Réception` }]);

  await phoneCall(phone).getByRole("button", { name: "Raccrocher" }).click();
  await expect(admin.getByRole("button", { name: "File d'attente" })).toBeVisible({ timeout: 15_000 });
  await closeAll(admin);
  await phone.close();
});
