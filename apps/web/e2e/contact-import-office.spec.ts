import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login } from "./support/auth.ts";

/**
 * What an office brings (issue 15 §2): a French Excel "CSV" — Windows-1252, `;`, birth dates as
 * DD/MM/YYYY, phones as (514) 555-1234 — imports whole, and the preview says how its dates were
 * read; a file whose dates could be read either way makes the person choose first.
 */

const HEADER = "Prénom;Nom;Téléphone;Courriel;Date de naissance;Adresse;Ville;Code postal;Langue;Genre;Note";

/** Numbers this run alone uses, written as a French Excel shows them. */
function phone(offset: number): string {
  const n = String(2000 + ((Date.now() + offset * 7919) % 7000));
  return `(438) 55${offset % 10}-${n}`;
}

test("un export Excel français importe ses 10 lignes, dates JJ/MM/AAAA", async ({ page }) => {
  const days = [
    "23/04/1982",
    "05/11/1975",
    "30/01/1990",
    "14/07/1968",
    "01/02/2001",
    "19/09/1955",
    "08/08/1988",
    "27/12/1979",
    "03/06/1995",
    "15/10/1963",
  ];
  const run = String(Date.now() % 100000);
  const csv = [HEADER, ...days.map((d, i) => `Élise;Excel${run}-${i};${phone(i)};;${d};12 rue des Érables;Montréal;;Français;F;`)].join(
    "\r\n",
  );

  await login(page, DEMO.admin);
  await page.goto("/contacts/import");
  await page.locator('input[type="file"]').setInputFiles({ name: "export.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "latin1") });
  const preview = page.getByTestId("import-preview");
  await expect(preview).toBeVisible();
  await expect(page.getByTestId("import-summary")).toContainText("10 lignes de contacts · CSV");
  await expect(page.getByTestId("import-date-format-read")).toHaveText("Dates de naissance lues au format JJ/MM/AAAA (jour en premier).");
  await expect(preview.getByText("Valide")).toHaveCount(10);
  await page.screenshot({ path: test.info().outputPath("import-french-excel-preview.png"), fullPage: true });

  await page.getByTestId("import-start").click();
  await expect(page.getByTestId("import-imported")).toHaveText("10 contacts importés");
});

test("des dates ambiguës font choisir leur format avant d'importer", async ({ page }) => {
  const run = String(Date.now() % 100000);
  const csv = [HEADER, `Anne;Ambiguë${run};${phone(11)};;03/04/1982;;;;;;`, `Paul;Ambigu${run};${phone(12)};;12/05/1990;;;;;;`].join(
    "\r\n",
  );

  await login(page, DEMO.admin);
  await page.goto("/contacts/import");
  await page.locator('input[type="file"]').setInputFiles({ name: "ambigu.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  const choice = page.getByTestId("import-date-format");
  await expect(choice).toBeVisible();
  await expect(page.getByTestId("import-start")).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath("import-ambiguous-dates.png"), fullPage: true });
  await choice.getByRole("radio", { name: "MM/JJ/AAAA (mois en premier)" }).check();
  await expect(page.getByTestId("import-date-format-read")).toHaveText("Dates de naissance lues au format MM/JJ/AAAA (mois en premier).");
  await expect(page.getByTestId("import-start")).toBeEnabled();
  await page.getByTestId("import-start").click();
  await expect(page.getByTestId("import-imported")).toHaveText("2 contacts importés");
});
