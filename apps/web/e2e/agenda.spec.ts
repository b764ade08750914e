import { expect, test, type APIRequestContext, type Page } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { DEMO, DEMO_NAMES, DEMO_PASSWORD } from "./support/accounts.ts";
import { login } from "./support/auth.ts";

/** A Monday far enough ahead that the demo has nothing on it. */
const MONDAY = "2027-03-01";

/**
 * Books `email`'s agenda at `start` through the API as the super-admin: another staff member
 * taking the slot while the form is open in the browser. Answers the HTTP status.
 */
async function bookAsColleague(request: APIRequestContext, email: string, start: string): Promise<number> {
  const signIn = await request.post("/api/auth/login", { data: { username: DEMO.superadmin, password: DEMO_PASSWORD } });
  expect(signIn.ok()).toBe(true);
  const headers = { Authorization: `Bearer ${((await signIn.json()) as { jwt: string }).jwt}` };
  const staff = (await (await request.get("/api/users", { headers })).json()) as { id: string; email: string }[];
  const memberId = staff.find((u) => u.email === email)?.id ?? "";
  const res = await request.post("/api/appointments", {
    headers,
    data: {
      memberId,
      date: MONDAY,
      start,
      duration: 30,
      serviceId: "dental-cleaning",
      contact: { firstName: "Collègue", lastName: "Rapide" },
    },
  });
  return res.status();
}

async function chooseService(page: Page, dialog: ReturnType<Page["getByRole"]>, label: string): Promise<void> {
  await dialog.getByRole("combobox", { name: "Service" }).click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

test("agenda : disponibilités, réservation, double réservation refusée, déplacement, annulation", async ({ page, request }, testInfo) => {
  await login(page, DEMO.user);

  // --- Availabilities: overlapping slots are refused, then Monday 09:00–12:00 is saved. ---
  await page.goto("/members/availabilities");
  await expect(page.getByRole("heading", { name: `Disponibilités de ${DEMO_NAMES.user}` })).toBeVisible();
  await page.getByTestId("add-slot-1").click();
  await page.getByTestId("add-slot-1").click();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Les disponibilités ne doivent pas se chevaucher." })).toBeVisible();
  await page.screenshot({ path: screenshotPath(`availabilities-overlap.png`) });
  await page.locator('[data-day="1"]').getByRole("button", { name: "Retirer" }).last().click();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Disponibilités enregistrées.")).toBeVisible();

  // --- Book from the day view. ---
  await page.goto(`/agenda?date=${MONDAY}`);
  await page.locator(`[data-slot="${MONDAY} 09:00"]`).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau rendez-vous" });
  await chooseService(page, dialog, "Examen");
  await dialog.getByRole("textbox", { name: "Prénom" }).fill("Hélène");
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Agenda");
  await page.screenshot({ path: screenshotPath(`agenda-booking.png`) });
  await dialog.getByRole("button", { name: "Réserver" }).click();
  await expect(dialog).toBeHidden();
  const booked = page.getByTestId("appointment").filter({ hasText: "Hélène Agenda" });
  await expect(booked).toContainText("09:00–09:30");

  // --- Double booking: the form is open on 10:00 when a colleague books it first. ---
  await page.locator(`[data-slot="${MONDAY} 10:00"]`).click();
  await chooseService(page, dialog, "Nettoyage");
  await dialog.getByRole("textbox", { name: "Prénom" }).fill("Trop");
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Tard");
  expect(await bookAsColleague(request, DEMO.user, "10:00")).toBe(201);
  await dialog.getByRole("button", { name: "Réserver" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Cette disponibilité est déjà prise par un autre patient");
  await dialog.getByRole("button", { name: "Annuler", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("appointment").filter({ hasText: "Collègue Rapide" })).toBeVisible();
  await page.screenshot({ path: screenshotPath(`agenda-day.png`) });

  // --- The appointment shows on its contact. ---
  await page.getByTestId("appointment").filter({ hasText: "Collègue Rapide" }).click();
  await page.getByRole("dialog", { name: "Rendez-vous" }).getByRole("link", { name: "Voir le contact" }).click();
  await expect(page.getByTestId("contact-appointments")).toContainText("10:00");
  await expect(page.getByTestId("contact-appointments")).toContainText("Nettoyage");
  await page.getByTestId("contact-appointments").scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath(`contact-appointments.png`) });
  await page.goto(`/agenda?date=${MONDAY}`);

  // --- Week view. ---
  await page.getByText("Semaine", { exact: true }).click();
  await expect(page.getByTestId("appointment")).toHaveCount(2);
  await page.screenshot({ path: screenshotPath(`agenda-week.png`) });

  // --- A team's day: a column per member. ---
  await page.getByRole("combobox", { name: "Professionnel" }).click();
  await page.getByRole("option", { name: "Réception", exact: true }).click();
  await page.getByText("Jour", { exact: true }).click();
  await expect(page).toHaveURL(/team=/);
  await expect(page.getByTestId("appointment")).toHaveCount(2);
  await page.screenshot({ path: screenshotPath(`agenda-team-day.png`) });

  // --- Moved onto a colleague's appointment: refused with the server's words; two hours later:
  // moved, and shown at its new time. ---
  await booked.click();
  const details = page.getByRole("dialog", { name: "Rendez-vous" });
  await details.getByLabel("Heure", { exact: true }).fill("10:00");
  await details.getByRole("button", { name: "Déplacer" }).click();
  await expect(details.getByRole("alert")).toHaveText("Cette disponibilité est déjà prise par un autre patient");
  await page.screenshot({ path: testInfo.outputPath("agenda-move-refused.png") });
  await details.getByLabel("Heure", { exact: true }).fill("11:00");
  await details.getByRole("button", { name: "Déplacer" }).click();
  await expect(page.getByText("Rendez-vous déplacé.")).toBeVisible();
  await expect(details).toBeHidden();
  await expect(booked).toContainText("11:00");

  // --- Cancel with confirmation: the slot is free again. ---
  await booked.click();
  await details.getByRole("button", { name: "Annuler le rendez-vous" }).click();
  const confirm = page.getByRole("dialog", { name: "Annuler le rendez-vous" });
  await expect(confirm).toContainText("Annuler le rendez-vous de Hélène Agenda");
  await confirm.getByRole("button", { name: "Annuler le rendez-vous" }).click();
  await expect(page.getByText("Rendez-vous annulé.")).toBeVisible();
  await expect(page.getByTestId("appointment").filter({ hasText: "Hélène Agenda" })).toHaveCount(0);
  // The team's day shows every member's free slots: this one is the booked member's.
  await expect(page.locator(`[data-slot="${MONDAY} 09:00"][aria-label*="${DEMO_NAMES.user}"]`)).toBeAttached();
});

test("agenda en direct : ce qu'un collègue change paraît sans recharger", async ({ browser, request }) => {
  /** A Wednesday no other journey touches. */
  const WEDNESDAY = "2027-03-17";
  const signIn = await request.post("/api/auth/login", { data: { username: DEMO.superadmin, password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${((await signIn.json()) as { jwt: string }).jwt}` };
  const staff = (await (await request.get("/api/users", { headers })).json()) as { id: string; email: string }[];
  const marc = staff.find((u) => u.email === DEMO.user)?.id ?? "";

  const mine = await browser.newContext();
  const theirs = await browser.newContext();
  try {
    // Marc watches his Wednesday; Isabelle (admin) opens the same day of his agenda elsewhere.
    const watcher = await mine.newPage();
    const booker = await theirs.newPage();
    await login(watcher, DEMO.user);
    await watcher.goto(`/agenda?date=${WEDNESDAY}`);
    await login(booker, DEMO.admin);
    await booker.goto(`/agenda?date=${WEDNESDAY}&member=${marc}`);
    for (const page of [watcher, booker]) {
      await expect(page.getByText("mercredi 2027-03-17")).toBeVisible();
      await expect(page.locator(`[data-slot="${WEDNESDAY} 13:00"]`)).toHaveCount(0);
    }
    let reloads = 0;
    watcher.on("load", () => {
      reloads += 1;
    });

    // A new week of availabilities (Monday kept for the journey above): both open agendas show it.
    const week = {
      slots: [
        { day: 1, start: "09:00", end: "12:00" },
        { day: 3, start: "13:00", end: "15:00" },
      ],
    };
    expect((await request.put(`/api/members/${marc}/availabilities`, { headers, data: week })).status()).toBe(200);
    for (const page of [watcher, booker]) {
      await expect(page.locator(`[data-slot="${WEDNESDAY} 13:00"]`)).toBeAttached();
    }

    // Isabelle books 13:00 in her browser: it appears in Marc's.
    await booker.locator(`[data-slot="${WEDNESDAY} 13:00"]`).click();
    const dialog = booker.getByRole("dialog", { name: "Nouveau rendez-vous" });
    await chooseService(booker, dialog, "Examen");
    await dialog.getByRole("textbox", { name: "Prénom" }).fill("Direct");
    await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("En Direct");
    await dialog.getByRole("button", { name: "Réserver" }).click();
    await expect(dialog).toBeHidden();
    const seen = watcher.getByTestId("appointment").filter({ hasText: "Direct En Direct" });
    await expect(seen).toContainText("13:00–13:30");
    await expect(watcher.locator(`[data-slot="${WEDNESDAY} 13:00"]`)).toHaveCount(0);
    await watcher.screenshot({ path: screenshotPath(`agenda-live.png`) });

    // She cancels it: it leaves Marc's agenda, the slot is free again.
    await booker.getByTestId("appointment").filter({ hasText: "Direct En Direct" }).click();
    await booker.getByRole("dialog", { name: "Rendez-vous" }).getByRole("button", { name: "Annuler le rendez-vous" }).click();
    await booker.getByRole("dialog", { name: "Annuler le rendez-vous" }).getByRole("button", { name: "Annuler le rendez-vous" }).click();
    await expect(seen).toHaveCount(0);
    await expect(watcher.locator(`[data-slot="${WEDNESDAY} 13:00"]`)).toBeAttached();
    expect(reloads).toBe(0);
  } finally {
    await mine.close();
    await theirs.close();
  }
});
