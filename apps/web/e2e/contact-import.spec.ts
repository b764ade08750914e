import { readFile } from "node:fs/promises";
import { expect, test } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { DEMO } from "./support/accounts.ts";
import { login } from "./support/auth.ts";

/**
 * An administrator imports a small CSV (French, `;`, accents) with one bad line (names no other
 * journey searches for: the demo clinic's contacts are shared by every journey): the preview
 * shows the lines under their columns, the import ends with 2 contacts and 1 refused line, and
 * the downloaded report names that line and why.
 */

/** Canadian mobile-style numbers this run alone uses (the demo's contacts have others). */
function freshPhone(offset: number): string {
  const n = (Date.now() + offset * 7919) % 8_000_000;
  return `438 ${String(2_000_000 + n).replace(/^(\d{3})(\d{4})$/, "$1-$2")}`;
}

test("an administrator imports a CSV file and reads its report", async ({ page }) => {
  const csv = [
    "Prénom;Nom;Téléphone;Courriel;Date de naissance;Adresse;Ville;Code postal;Langue;Genre;Note",
    `Rosalie;Gauthier-Bédard;${freshPhone(1)};rosalie.import@exemple.ca;1980-03-14;12 rue de l'Église;Québec;G1R 2B5;fr;femme;Préfère le matin`,
    `Paul;Numéro-Faux;514-555;;;;;;;;`,
    `Émile;Nadeau-Lefèbvre;${freshPhone(2)};;;;Trois-Rivières;;en;homme;`,
  ].join("\r\n");

  await login(page, DEMO.admin);
  await page.goto("/contacts/import");
  await expect(page.getByRole("heading", { name: "Importer des contacts" })).toBeVisible();

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "patients.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "latin1") });
  const preview = page.getByTestId("import-preview");
  await expect(preview).toBeVisible();
  await expect(page.getByTestId("import-summary")).toContainText("3 lignes de contacts · CSV");
  await expect(page.getByTestId("import-summary")).toContainText("windows-1252");
  await expect(preview.locator('tr[data-line="2"]')).toContainText("Gauthier-Bédard");
  await expect(preview.locator('tr[data-line="3"]')).toContainText("Numéro de téléphone invalide");
  await page.screenshot({ path: screenshotPath("contact-import-preview.png"), fullPage: true });

  await page.getByTestId("import-start").click();
  const report = page.getByTestId("import-report");
  await expect(report).toBeVisible();
  await expect(page.getByTestId("import-imported")).toHaveText("2 contacts importés");
  await expect(page.getByTestId("import-refused")).toHaveText("1 ligne refusée");
  const issues = page.getByTestId("import-issues");
  await expect(issues.locator("tbody tr")).toHaveCount(1);
  await expect(issues.locator('tr[data-line="3"]')).toContainText("Numéro de téléphone invalide");
  await page.screenshot({ path: screenshotPath("contact-import-report.png"), fullPage: true });

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Télécharger le rapport (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("patients-rapport.csv");
  const text = await readFile(await file.path(), "utf8");
  const lines = text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines).toEqual([
    "Ligne;Motifs;Prénom;Nom;Téléphone;Courriel;Date de naissance;Adresse;Ville;Code postal;Langue;Genre;Note",
    "3;Numéro de téléphone invalide;Paul;Numéro-Faux;514-555;;;;;;;;",
  ]);

  // The same file again adds nobody: both contacts exist already.
  await page.getByRole("button", { name: "Choisir un autre fichier" }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "patients.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "latin1") });
  await page.getByTestId("import-start").click();
  await expect(page.getByTestId("import-imported")).toHaveText("Aucun contact importé");
  await expect(page.getByTestId("import-refused")).toHaveText("3 lignes refusées");
  await expect(page.getByTestId("import-issues").locator('tr[data-line="2"]')).toContainText("Ce contact existe déjà");
});
