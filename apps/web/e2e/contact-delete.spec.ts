import { expect, test, type APIRequestContext, type APIResponse } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { DEMO, uniqueSuffix } from "./support/accounts.ts";
import { alertWith, closeAlerts } from "./support/alerts.ts";
import { RelaisApi } from "./support/api.ts";
import { login } from "./support/auth.ts";

/** A Monday far enough ahead; the member is new, so nothing else is booked on it. */
const MONDAY = "2027-03-08";

async function ok<T>(response: APIResponse, what: string): Promise<T> {
  expect(response.ok(), `${what}: HTTP ${String(response.status())} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The API as the new member: their own availabilities and bookings, no demo account's session touched. */
async function memberHeaders(request: APIRequestContext, email: string, password: string): Promise<Record<string, string>> {
  const signIn = await ok<{ jwt: string }>(
    await request.post("/api/auth/login", { data: { username: email, password } }),
    "member sign-in",
  );
  return { Authorization: `Bearer ${signIn.jwt}`, "Accept-Language": "fr-CA" };
}

test("contacts : un contact avec un rendez-vous ne peut pas être supprimé, puis l'est une fois le rendez-vous annulé", async ({
  page,
  request,
}) => {
  const api = await RelaisApi.signIn(request);
  const member = await api.createUser({ prefix: "rdv" });
  const lastName = `Rendez-vous ${uniqueSuffix()}`;
  const contactId = await api.createContact({ firstname: "Zacharie", lastname: lastName });

  const headers = await memberHeaders(request, member.email, member.password);
  await ok(
    await request.put(`/api/members/${member.id}/availabilities`, { headers, data: { slots: [{ day: 1, start: "09:00", end: "12:00" }] } }),
    "availabilities",
  );
  const appointment = await ok<{ id: string }>(
    await request.post("/api/appointments", {
      headers,
      data: { memberId: member.id, date: MONDAY, start: "09:00", duration: 30, serviceId: "dental-cleaning", contactId },
    }),
    "booking",
  );

  await login(page, DEMO.admin);
  await page.goto(`/contacts?contact=${contactId}`);
  const panel = page.getByTestId("contact-panel");
  await expect(panel).toContainText(`Zacharie ${lastName}`);
  await expect(page.getByTestId("contact-appointments")).toContainText("09:00");
  const confirmDelete = async () => {
    await panel.getByRole("button", { name: "Supprimer le contact" }).click();
    const dialog = page.getByRole("dialog", { name: "Supprimer ce contact?" });
    await expect(dialog).toContainText(`Zacharie ${lastName}`);
    await dialog.getByRole("button", { name: "Supprimer", exact: true }).click();
    await expect(dialog).toBeHidden();
  };

  // --- Refused while the appointment is booked: the server's reason, the contact stays. ---
  await confirmDelete();
  await expect(alertWith(page, "error", "Ce contact a un rendez-vous et ne peut pas être supprimé.")).toBeVisible();
  await page.screenshot({ path: screenshotPath(`contact-delete-refused.png`) });
  await expect(panel).toContainText(`Zacharie ${lastName}`);
  await closeAlerts(page);
  await page.reload();
  await expect(panel).toContainText(`Zacharie ${lastName}`);

  // --- Once the appointment is cancelled, the same deletion goes through. ---
  await ok(await request.post(`/api/appointments/${appointment.id}/cancel`, { headers }), "cancellation");
  await confirmDelete();
  await expect(alertWith(page, "success", "Contact supprimé.")).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/contact=/);
  expect((await request.get(`/api/patients/${contactId}`, { headers })).status()).toBe(404);
  await page.goto(`/contacts?contact=${contactId}`);
  await expect(page.getByText(`Zacharie ${lastName}`)).toHaveCount(0);
  // The member leaves the Réception team's agenda to the journeys that count its columns.
  await api.deleteUser(member.id);
});
