import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { alertWith } from "./support/alerts.ts";
import { login } from "./support/auth.ts";

test("réglages de l'organisation : un numéro et un réseau invalides sont signalés sous leur champ, puis l'enregistrement tient après un rechargement", async ({
  page,
}) => {
  await login(page, DEMO.admin);
  await page.goto("/configuration?configTab=0");
  const phone = page.getByRole("textbox", { name: "Téléphone" });
  const before = await phone.inputValue();

  // --- Each problem under its own field, and nothing saved. ---
  await phone.fill("12ab");
  await page.getByRole("button", { name: "Ajouter un réseau" }).click();
  await page.getByRole("textbox", { name: "Réseau 1" }).fill("pas un réseau");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByText("Le numéro de téléphone est invalide.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Réseau 1" })).toHaveAttribute("aria-invalid", "true");

  // --- Corrected: saved, and still there after a reload. ---
  await phone.fill("514 555-0199");
  await page.getByRole("button", { name: "Retirer le réseau 1" }).click();
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(alertWith(page, "success", "Les modifications ont été enregistrées.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Téléphone" })).toHaveValue("(514) 555-0199");

  // The demo's number back, as the other journeys know it.
  await page.getByRole("textbox", { name: "Téléphone" }).fill(before);
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(alertWith(page, "success", "Les modifications ont été enregistrées.")).toBeVisible();
});
