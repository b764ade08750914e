import { expect, test } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { DEMO, DEMO_NAMES, uniqueSuffix } from "./support/accounts.ts";
import { RelaisApi } from "./support/api.ts";
import { login, navigation } from "./support/auth.ts";

/** A Monday no other journey books. */
const MONDAY = "2027-05-03";

/** Spec part 1 §2's seven top items in its order, then Relais's own group (decision 0027). */
const DRAWER_WORK_AREAS = [
  "Conversations",
  "Messages rapides",
  "Bibliothèques",
  "Consultations",
  "Contacts",
  "Configuration",
  "FAQ",
  "Agenda",
  "Messages programmés",
  "Professionnels",
];

test("une réceptionniste trouve l'agenda et les disponibilités d'un professionnel en cliquant seulement", async ({ page, request }) => {
  // A colleague with a Monday morning and a contact booked with her, set up through the API.
  const admin = await RelaisApi.signIn(request);
  const hygienist = await admin.createUser({ prefix: "agenda-nav", name: `Julie Dentiste ${uniqueSuffix()}` });
  await admin.setAvailabilities(hygienist.id, [{ day: 1, start: "09:00", end: "12:00" }]);
  const family = `Chemin${uniqueSuffix()}`;
  const contactId = await admin.createContact({ firstname: "Paule", lastname: family });
  await admin.book(hygienist.id, contactId, MONDAY, "09:30");

  await login(page, DEMO.user);
  const nav = navigation(page);

  // --- The drawer: the spec's seven (the demo clinic has Consultations) in order, then agenda and co. ---
  const links = nav.getByRole("link");
  await expect(nav.getByRole("link", { name: "Professionnels" })).toBeVisible();
  const names = await links.evaluateAll((all) => all.map((a) => a.textContent.trim()));
  expect(names.slice(0, DRAWER_WORK_AREAS.length)).toEqual(DRAWER_WORK_AREAS);
  await nav.hover();
  await page.screenshot({ path: screenshotPath(`drawer-planning.png`), animations: "disabled" });

  // --- Drawer → agenda. ---
  await nav.getByRole("link", { name: "Agenda", exact: true }).click();
  await expect(page).toHaveURL(/\/agenda$/);
  await expect(page.getByRole("heading", { name: "Agenda", exact: true })).toBeVisible();

  // --- Drawer → professionals → a colleague's availabilities, and her agenda. ---
  await nav.getByRole("link", { name: "Professionnels" }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { name: "Professionnels" })).toBeVisible();
  const table = page.getByTestId("members-table");
  await expect(table.getByRole("row", { name: new RegExp(DEMO_NAMES.admin) })).toBeVisible();
  await page.screenshot({ path: screenshotPath(`members.png`) });
  await page.mouse.move(900, 400);
  await table.getByRole("link", { name: `Disponibilités de ${hygienist.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${hygienist.id}/availabilities$`));
  await expect(page.getByRole("heading", { name: `Disponibilités de ${hygienist.name}` })).toBeVisible();
  await expect(page.locator('[data-day="1"] input[name="slot-1-start"]')).toHaveValue("09:00");
  await page.goBack();
  await table.getByRole("link", { name: `Agenda de ${hygienist.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/agenda\\?member=${hygienist.id}$`));
  await expect(page.getByRole("heading", { name: "Agenda", exact: true })).toBeVisible();

  // --- Drawer → contacts → the contact's appointment → the professional's availabilities. ---
  await nav.getByRole("link", { name: "Contacts" }).click();
  // The pointer leaves the drawer, which folds back over the list.
  await page.mouse.move(900, 400);
  await page.getByRole("searchbox", { name: "Rechercher un contact" }).fill(family);
  await page
    .getByRole("listbox", { name: "Liste des contacts" })
    .getByRole("option", { name: new RegExp(family) })
    .click();
  const appointments = page.getByTestId("contact-appointments");
  await expect(appointments.getByRole("link", { name: /09:30/ })).toBeVisible();
  await page.screenshot({ path: screenshotPath(`contact-appointments-links.png`) });
  await appointments.getByRole("link", { name: `Disponibilités de ${hygienist.name}` }).click();
  await expect(page.getByRole("heading", { name: `Disponibilités de ${hygienist.name}` })).toBeVisible();
  await page.goBack();
  await page.getByTestId("contact-appointments").getByRole("link", { name: "Ouvrir l'agenda" }).click();
  await expect(page).toHaveURL(/\/agenda$/);
});
