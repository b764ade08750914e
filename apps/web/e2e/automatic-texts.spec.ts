import { expect, test, type APIRequestContext, type Page } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { DEMO, DEMO_PASSWORD, strongPassword, uniqueSuffix } from "./support/accounts.ts";
import { alertWith } from "./support/alerts.ts";
import { login } from "./support/auth.ts";

/**
 * Automatic texts of a team: an administrator turns on the outside-hours text and saves it; an
 * enabled text left empty is refused in French; a user reads the section without changing it.
 * On a team made for this journey, so the demo teams' inbound texts never get automatic replies.
 */

const CLOSED = "Nos bureaux sont fermés. Nous vous répondrons dès notre retour.";

type Fixture = { token: string; teamId: string; teamLabel: string; userId: string };

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: HTTP ${String(response.status())} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A team of the demo clinic with a colleague of its own, made by the super-admin (no journey signs in as them in the browser). */
async function createTeam(request: APIRequestContext): Promise<Fixture> {
  const { jwt } = await ok<{ jwt: string }>(
    await request.post("/api/auth/login", { data: { username: DEMO.superadmin, password: DEMO_PASSWORD } }),
    "sign-in",
  );
  const headers = { Authorization: `Bearer ${jwt}` };
  const teams = await ok<{ id: string; label: string }[]>(await request.get("/api/user-groups", { headers }), "teams");
  const reception = teams.find((t) => t.label === "Réception");
  const users = await ok<{ id: string; email: string }[]>(await request.get("/api/users", { headers }), "users");
  const superadmin = users.find((u) => u.email === DEMO.superadmin);
  if (!reception || !superadmin) {
    throw new Error("demo data missing");
  }
  const suffix = uniqueSuffix();
  const user = await ok<{ id: string }>(
    await request.post("/api/users", {
      headers,
      data: {
        name: `Textes auto ${suffix}`,
        email: `textes-auto-${suffix}@clinique-demo.ca`,
        role: "user",
        locale: "fr-CA",
        password: strongPassword(),
        teams: [{ id: reception.id, teamRole: "user" }],
      },
    }),
    "user",
  );
  const teamLabel = `Soir ${suffix}`;
  const team = await ok<{ id: string }>(
    await request.post("/api/user-groups", {
      headers,
      data: {
        label: teamLabel,
        members: [
          { userId: superadmin.id, teamRole: "admin" },
          { userId: user.id, teamRole: "user" },
        ],
      },
    }),
    "team",
  );
  return { token: jwt, teamId: team.id, teamLabel, userId: user.id };
}

function section(page: Page) {
  return page.locator("section").filter({ has: page.getByRole("heading", { name: "Textes automatiques" }) });
}

test.describe.serial("Textes automatiques d'une équipe", () => {
  let fixture: Fixture;

  test.beforeAll(async ({ request }) => {
    fixture = await createTeam(request);
  });

  test.afterAll(async ({ request }) => {
    const headers = { Authorization: `Bearer ${fixture.token}` };
    await request.delete(`/api/user-groups/${fixture.teamId}`, { headers });
    await request.delete(`/api/users/${fixture.userId}`, { headers });
  });

  test("un administrateur active le texte hors des heures; un texte vide est refusé", async ({ page }) => {
    await login(page, DEMO.admin);
    await page.goto(`/configuration?configTab=1&team=${fixture.teamId}`);
    await expect(page.getByRole("heading", { name: fixture.teamLabel, level: 3 })).toBeVisible();
    const auto = section(page);
    await expect(auto).toBeVisible();

    const outside = auto.getByRole("switch", { name: "Répondre aux textos reçus en dehors des heures" });
    const outsideText = auto.getByRole("textbox", { name: "Texte en dehors des heures" });
    const save = auto.getByRole("button", { name: "Enregistrer les textes automatiques" });
    // Never set: both off and empty, 24 h.
    await expect(outside).not.toBeChecked();
    await expect(auto.getByRole("switch", { name: "Texter le contact après un appel manqué" })).not.toBeChecked();
    await expect(outsideText).toHaveValue("");
    await expect(auto.getByRole("combobox", { name: "Au plus un texte automatique par contact" })).toHaveValue("24");

    // Enabled with only spaces: refused on the field, in French, and nothing saved.
    await outside.check();
    await outsideText.fill("   ");
    await save.click();
    await expect(auto.getByText("Le message automatique ne peut pas être vide.")).toBeVisible();
    await expect(auto.getByText("Corrigez les champs indiqués.")).toBeVisible();

    // The suggestion fills an empty box; the administrator writes their own text instead.
    await outsideText.fill("");
    await auto.getByRole("button", { name: "Utiliser le texte suggéré" }).first().click();
    await expect(outsideText).toHaveValue(/^Bonjour! Nos bureaux sont présentement fermés/);
    await outsideText.fill(CLOSED);
    await auto.getByRole("combobox", { name: "Au plus un texte automatique par contact" }).selectOption({ label: "Toutes les 48 heures" });
    await save.click();
    await expect(alertWith(page, "success", "Les textes automatiques ont été enregistrés.")).toBeVisible();
    await expect(auto.getByText("Le message automatique ne peut pas être vide.")).toHaveCount(0);

    await page.reload();
    await expect(outside).toBeChecked();
    await expect(outsideText).toHaveValue(CLOSED);
    await expect(auto.getByRole("combobox", { name: "Au plus un texte automatique par contact" })).toHaveValue("48");
    await auto.screenshot({ path: screenshotPath("automatic-texts.png") });
  });

  test("un utilisateur voit les textes automatiques sans pouvoir les modifier", async ({ page }) => {
    await login(page, DEMO.user);
    await page.goto(`/configuration?configTab=1&team=${fixture.teamId}`);
    const auto = section(page);
    await expect(auto.getByText("Seuls les administrateurs peuvent modifier les textes automatiques.")).toBeVisible();
    await expect(auto.getByRole("switch", { name: "Répondre aux textos reçus en dehors des heures" })).toBeChecked();
    await expect(auto.getByRole("switch", { name: "Répondre aux textos reçus en dehors des heures" })).toBeDisabled();
    await expect(auto.getByRole("textbox", { name: "Texte en dehors des heures" })).toHaveValue(CLOSED);
    await expect(auto.getByRole("textbox", { name: "Texte en dehors des heures" })).toHaveAttribute("readonly", "");
    await expect(auto.getByRole("combobox", { name: "Au plus un texte automatique par contact" })).toBeDisabled();
    await expect(auto.getByRole("button", { name: /Enregistrer/ })).toHaveCount(0);
    await expect(auto.getByRole("button", { name: "Utiliser le texte suggéré" })).toHaveCount(0);
    await auto.screenshot({ path: screenshotPath("automatic-texts-read-only.png") });
  });
});
