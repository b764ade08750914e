import { readFileSync } from "node:fs";
import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login } from "./support/auth.ts";

/** The hashed file of a lazy part, from the production build's manifest (decision 0016). */
function chunkOf(source: string): string {
  const manifest = JSON.parse(readFileSync(new URL("../dist/.vite/manifest.json", import.meta.url), "utf8")) as Record<
    string,
    { file: string }
  >;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build manifest`);
  return entry.file;
}

test("un écran dont le fichier a disparu après une mise à jour : la page se recharge une fois, puis le dit et se recharge sur demande", async ({
  page,
}) => {
  const contactsChunk = chunkOf("src/app/screens/contacts.ts");
  await login(page, DEMO.user);
  await expect(page).toHaveURL(/\/conversations$/);

  // A deployment removed the contacts group's file: every request for it fails.
  await page.route(`**/${contactsChunk}`, (route) => route.abort("failed"));
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });
  await page.getByRole("link", { name: "Contacts" }).click();

  // One reload (the fresh page would name the new files), then a clear message instead of a loop.
  const alert = page.getByRole("alert").filter({ hasText: "Cette page n'a pas pu être chargée" });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText("Relais a peut-être été mis à jour");
  expect(loads).toBe(1);
  await expect(page).toHaveURL(/\/contacts$/);
  // The shell around it still works.
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();

  // The file is back: the button reloads and the screen shows; the reload mark is cleared.
  await page.unroute(`**/${contactsChunk}`);
  await alert.getByRole("button", { name: "Recharger la page" }).click();
  await expect(page.getByRole("listbox", { name: "Liste des contacts" })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("relais.chunk-reloaded"))).toBeNull();
});
