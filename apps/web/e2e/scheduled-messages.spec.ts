import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { login, navigation } from "./support/auth.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";

/** The date and HH:mm that `minutes` from now read in Toronto (the demo clinic's time zone). */
function torontoWallClock(minutes: number): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Toronto",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
}

test("message programmé : la règle des 5 minutes en français, puis programmé, listé et annulé", async ({ page, browser }, testInfo) => {
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  // The conversation exists before the staff signs in: this journey is about scheduling.
  await phone.send("Bonjour, pouvez-vous me rappeler mon rendez-vous?");
  await login(page, DEMO.user);
  const row = page.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${contact.e164}"]`);
  await row.click();
  const thread = page.getByTestId("open-thread");
  await expect(thread.getByText("Bonjour, pouvez-vous me rappeler mon rendez-vous?")).toBeVisible();

  // --- Two minutes ahead: the server answers the spec's text, in French. ---
  await thread.getByRole("button", { name: "Programmer" }).click();
  const dialog = page.getByRole("dialog", { name: "Programmer un message" });
  await dialog.getByRole("textbox", { name: "Titre" }).fill("Rappel de rendez-vous");
  await dialog.getByRole("textbox", { name: "Message" }).fill("Votre rendez-vous est demain à 9 h.");
  const soon = torontoWallClock(2);
  await dialog.getByLabel("Date", { exact: true }).fill(soon.date);
  await dialog.getByLabel("Heure", { exact: true }).fill(soon.time);
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("L'heure prévue doit être au moins 5 minutes dans le futur");
  await page.screenshot({ path: testInfo.outputPath("scheduled-too-soon.png") });

  // --- Forty minutes ahead: a reminder 24 hours before would already be past, greyed out with
  // its reason; saved without it, listed as scheduled. ---
  const later = torontoWallClock(40);
  await dialog.getByLabel("Date", { exact: true }).fill(later.date);
  await dialog.getByLabel("Heure", { exact: true }).fill(later.time);
  await expect(dialog.getByRole("checkbox", { name: "24 heures avant" })).toBeDisabled();
  await expect(dialog.getByText("Trop tard pour ce rappel à cette date et cette heure.")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("scheduled-reminder-past.png") });
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog).toBeHidden();
  const bar = thread.getByTestId("scheduled-bar");
  await bar.getByRole("button", { name: "1 message programmé" }).click();
  const item = bar.getByTestId("scheduled-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Programmé");
  await expect(item).toContainText(`${later.date} ${later.time}`);
  await expect(item).toContainText("Rappel de rendez-vous");
  // Once the list has finished opening.
  await expect(item).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: testInfo.outputPath("scheduled-list.png") });

  // --- Edited: the new time shows. ---
  await item.getByRole("button", { name: "Modifier" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier le message programmé" });
  const moved = torontoWallClock(50);
  await edit.getByLabel("Date", { exact: true }).fill(moved.date);
  await edit.getByLabel("Heure", { exact: true }).fill(moved.time);
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(edit).toBeHidden();
  await expect(item).toContainText(`${moved.date} ${moved.time}`);

  // --- Cancelled once confirmed: it leaves the list. ---
  await item.getByRole("button", { name: "Annuler le message programmé" }).click();
  const confirm = page.getByRole("dialog", { name: "Annuler ce message programmé?" });
  await expect(confirm).toContainText("Rappel de rendez-vous");
  await page.screenshot({ path: testInfo.outputPath("scheduled-cancel-confirm.png") });
  await confirm.getByRole("button", { name: "Annuler", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(bar.getByTestId("scheduled-item")).toHaveCount(1);
  await item.getByRole("button", { name: "Annuler le message programmé" }).click();
  await confirm.getByRole("button", { name: "Annuler le message", exact: true }).click();
  await expect(bar.getByTestId("scheduled-item")).toHaveCount(0);

  await phone.close();
});

test("message programmé : envoyé tout de suite (outil de développement), reçu au simulateur, puis liste de l'équipe et annulation", async ({
  page,
  browser,
}, testInfo) => {
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  await phone.send("Bonjour, à quelle heure est mon rendez-vous?");
  await login(page, DEMO.user);
  await page.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${contact.e164}"]`).click();
  const thread = page.getByTestId("open-thread");
  await expect(thread.getByText("Bonjour, à quelle heure est mon rendez-vous?")).toBeVisible();

  /** Schedules from the composer; answers the saved message's id and the staff's bearer, read off the request. */
  async function scheduleIn(minutes: number, message: string): Promise<{ id: string; authorization: string }> {
    await thread.getByRole("button", { name: "Programmer" }).click();
    const dialog = page.getByRole("dialog", { name: "Programmer un message" });
    await dialog.getByRole("textbox", { name: "Titre" }).fill("Rendez-vous");
    await dialog.getByRole("textbox", { name: "Message" }).fill(message);
    const at = torontoWallClock(minutes);
    await dialog.getByLabel("Date", { exact: true }).fill(at.date);
    await dialog.getByLabel("Heure", { exact: true }).fill(at.time);
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/scheduled-messages"));
    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    const response = await saved;
    expect(response.status(), await response.text()).toBe(201);
    await expect(dialog).toBeHidden();
    const { id } = (await response.json()) as { id: string };
    return { id, authorization: (await response.request().allHeaders()).authorization ?? "" };
  }

  // --- Ten minutes ahead, then sent now by the development route: the phone receives it. ---
  const soonText = `Votre rendez-vous est à 14 h (${contact.e164.slice(-4)}).`;
  const soon = await scheduleIn(10, soonText);
  const run = await page.request.post(`/api/dev/scheduled-messages/${soon.id}/run-now`, { headers: { Authorization: soon.authorization } });
  expect(run.status(), await run.text()).toBe(200);
  await expect(phone.message("received", soonText)).toBeVisible();

  // --- Another, forty minutes ahead: in the team's list, cancelled there. ---
  const laterText = `Rappel : apportez votre carte (${contact.e164.slice(-4)}).`;
  await scheduleIn(40, laterText);
  await navigation(page).getByRole("link", { name: "Messages programmés" }).click();
  await expect(page).toHaveURL(/\/scheduled-messages$/);
  await page.mouse.move(1000, 400);
  const upcoming = page.getByTestId("scheduled-upcoming").getByTestId("team-scheduled-item").filter({ hasText: laterText });
  await expect(upcoming).toContainText(contact.shown);
  await expect(upcoming).toContainText("Programmé");
  await expect(upcoming).toContainText("Aucun rappel");
  const past = page.getByTestId("scheduled-past").getByTestId("team-scheduled-item").filter({ hasText: soonText });
  await expect(past).toContainText("Envoyé");
  await page.screenshot({ path: testInfo.outputPath("scheduled-team-list.png"), fullPage: true });
  await upcoming.getByRole("button", { name: "Annuler le message programmé" }).click();
  await page
    .getByRole("dialog", { name: "Annuler ce message programmé?" })
    .getByRole("button", { name: "Annuler le message", exact: true })
    .click();
  await expect(upcoming).toHaveCount(0);

  await phone.close();
});

test("message programmé : une date sans heure part à l'ouverture du bureau ce jour-là", async ({ page, request }) => {
  const contact = uniqueContact();
  const inbound = await request.post("/api/sandbox/inbound", {
    data: { from: contact.e164, to: "+15145550101", body: "Pouvez-vous me relancer la semaine prochaine?" },
  });
  expect(inbound.status(), await inbound.text()).toBe(201);
  await login(page, DEMO.user);
  await page.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${contact.e164}"]`).click();
  const thread = page.getByTestId("open-thread");

  // --- A Wednesday ten days ahead, no time: the form says when it will go. ---
  const day = new Date(Date.now() + 10 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7));
  const date = day.toISOString().slice(0, 10);
  await thread.getByRole("button", { name: "Programmer" }).click();
  const dialog = page.getByRole("dialog", { name: "Programmer un message" });
  await dialog.getByRole("textbox", { name: "Titre" }).fill("Relance");
  await dialog.getByRole("textbox", { name: "Message" }).fill("Bonjour, nous vous relançons comme convenu.");
  await dialog.getByLabel("Date", { exact: true }).fill(date);
  await expect(dialog.getByText("Facultative : sans heure, le message part à l'ouverture du bureau ce jour-là.")).toBeVisible();
  await dialog.getByRole("checkbox", { name: "7 jours avant" }).check();
  await page.screenshot({ path: screenshotPath("scheduled-date-only.png") });
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog).toBeHidden();

  // --- Listed at the clinic's opening time that Wednesday (09:00), said to be the opening. ---
  const bar = thread.getByTestId("scheduled-bar");
  await bar.getByRole("button", { name: "1 message programmé" }).click();
  const item = bar.getByTestId("scheduled-item");
  await expect(item).toContainText(`${date} 09:00 (ouverture)`);
  await expect(item).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: screenshotPath("scheduled-date-only-list.png") });
});
