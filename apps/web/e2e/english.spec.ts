import { expect, test } from "./support/test.ts";
import { DEMO, DEMO_NAMES } from "./support/accounts.ts";
import { login, navigation } from "./support/auth.ts";

test("in English end to end: the devops account signs in and goes through the configuration", async ({ page }) => {
  await login(page, DEMO.devops, { lang: "en" });
  await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
  const header = page.getByRole("banner");
  await expect(header.getByText(DEMO_NAMES.devops)).toBeVisible();
  await expect(header.getByRole("combobox", { name: "Status" })).toHaveValue("Offline");

  await navigation(page, "en").getByRole("link", { name: "Configuration" }).click();
  await expect(page.getByText("Your organisation's details, its teams, its users and your profile.")).toBeVisible();
  const organisation = page.getByRole("tabpanel", { name: "Organisation" });
  await expect(organisation.getByRole("textbox", { name: "Name (English)" })).toHaveValue("Maple Dental Clinic");
  await expect(organisation.getByRole("heading", { name: "Opening hours" })).toBeVisible();
  await expect(organisation.getByRole("switch", { name: "Monday" })).toBeChecked();
  await expect(organisation.getByRole("switch", { name: "Block sign-ins outside opening hours" })).toBeVisible();

  // Teams, then one team: labels, schedule rules and their messages in English.
  await page.getByRole("tab", { name: "Teams" }).click();
  await expect(page.getByRole("button", { name: "New team" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Members" })).toBeVisible();
  await page.getByRole("link", { name: "Réception" }).click();
  await expect(page.getByRole("link", { name: "All teams" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Team name" })).toHaveValue("Réception");
  await expect(page.getByRole("heading", { name: "Team hours" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Role in the team" })).toBeVisible();
  await page.getByRole("button", { name: "Add a break on Tuesday" }).click();
  await page.getByRole("textbox", { name: "Start of break 1 on Tuesday" }).fill("18:00");
  await page.getByRole("textbox", { name: "End of break 1 on Tuesday" }).fill("18:30");
  await expect(page.getByText("Breaks must be within working hours.")).toBeVisible();
  await page.getByRole("textbox", { name: "End of break 1 on Tuesday" }).fill("17:45");
  await expect(page.getByText("The start must come before the end.")).toBeVisible();
  // Nothing saved: leave the team as it was.
  await page.getByRole("link", { name: "All teams" }).click();
  await expect(page.getByRole("button", { name: "New team" })).toBeVisible();

  // Users: the creation dialog, its rules and its messages.
  await page.getByRole("tab", { name: "Users" }).click();
  await expect(page.getByRole("row").filter({ hasText: DEMO_NAMES.devops })).toContainText("(you)");
  await page.getByRole("button", { name: "New user" }).click();
  const dialog = page.getByRole("dialog", { name: "New user" });
  await dialog.getByRole("textbox", { name: "First password" }).fill("short");
  const rules = dialog.getByRole("list", { name: "Password rules" });
  await expect(rules.getByRole("listitem").filter({ hasText: "The password must be at least 8 characters long." })).toHaveAttribute(
    "data-ok",
    "false",
  );
  await dialog.getByRole("button", { name: "Create the user" }).click();
  await expect(dialog.getByText("The password does not meet every rule.")).toBeVisible();
  await expect(dialog.getByText("A user must belong to at least one team.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // My profile.
  await page.getByRole("tab", { name: "My profile" }).click();
  await expect(page.getByRole("combobox", { name: "Interface language" })).toHaveValue("en-CA");
  await expect(page.getByRole("button", { name: "Change the password" })).toBeVisible();

  // Logging out, in English too.
  await navigation(page, "en").getByRole("button", { name: "Log out" }).click();
  await page.getByRole("dialog", { name: "Log out?" }).getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The sign-in page keeps the language the person had.
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
});
