import { expect, test } from "./support/test.ts";
import { DEMO, DEMO_NAMES, uniqueSuffix } from "./support/accounts.ts";
import { RelaisApi } from "./support/api.ts";
import { alertWith, closeAlerts } from "./support/alerts.ts";
import { login, navigation } from "./support/auth.ts";

test("administration d'une équipe : création, nom, horaire, membres, refus, suppression", async ({ page, request }) => {
  // A long journey (some 60 steps): twice the default time, for a loaded 2-core machine.
  test.setTimeout(120_000);
  // Two colleagues for this journey; each also belongs to Réception, so leaving the new team is allowed.
  const api = await RelaisApi.signIn(request);
  const first = await api.createUser({ prefix: "equipier-un" });
  const second = await api.createUser({ prefix: "equipier-deux" });
  const label = `Orthodontie ${uniqueSuffix()}`;
  const renamed = `${label} renommée`;

  await login(page, DEMO.admin);
  await navigation(page).getByRole("link", { name: "Configuration" }).click();
  await page.getByRole("tab", { name: "Équipes" }).click();
  await expect(page).toHaveURL(/configTab=1/);

  // --- Creation: an administrator and a user are needed; the name must be free. ---
  await page.getByRole("button", { name: "Nouvelle équipe" }).click();
  const create = page.getByRole("dialog", { name: "Nouvelle équipe" });
  await expect(create).toBeVisible();
  // The creator starts as the team's administrator.
  await expect(create.getByRole("checkbox", { name: DEMO_NAMES.admin })).toBeChecked();
  await expect(create.getByRole("combobox", { name: `Rôle de ${DEMO_NAMES.admin}` })).toHaveValue("admin");

  await create.getByRole("textbox", { name: "Nom de l'équipe" }).fill(label);
  await create.getByRole("button", { name: "Créer l'équipe" }).click();
  await expect(create.getByText("Choisissez au moins un administrateur et un utilisateur.")).toBeVisible();

  await create.getByRole("checkbox", { name: first.name }).check();
  await expect(create.getByRole("combobox", { name: `Rôle de ${first.name}` })).toHaveValue("user");
  // A name another team already has.
  await create.getByRole("textbox", { name: "Nom de l'équipe" }).fill("Hygiène");
  await create.getByRole("button", { name: "Créer l'équipe" }).click();
  await expect(alertWith(page, "error", "Une équipe porte déjà ce nom.")).toBeVisible();
  await expect(create).toBeVisible();

  await create.getByRole("textbox", { name: "Nom de l'équipe" }).fill(label);
  await create.getByRole("button", { name: "Créer l'équipe" }).click();
  await expect(create).toBeHidden();
  await expect(alertWith(page, "success", `L'équipe « ${label} » a été créée.`)).toBeVisible();
  await expect(page).toHaveURL(/configTab=1&team=/);
  await expect(page.getByRole("heading", { name: label, level: 3 })).toBeVisible();
  const members = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Rôle dans l'équipe" }) });
  await expect(members.getByRole("row")).toHaveCount(3); // header + 2 members
  await expect(page.getByRole("combobox", { name: `Rôle de ${DEMO_NAMES.admin}` })).toHaveValue("admin");
  await expect(page.getByRole("combobox", { name: `Rôle de ${first.name}` })).toHaveValue("user");

  // --- Rename ---
  await page.getByRole("textbox", { name: "Nom de l'équipe" }).fill(renamed);
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(alertWith(page, "success", "Les modifications ont été enregistrées.")).toBeVisible();
  await expect(page.getByRole("heading", { name: renamed, level: 3 })).toBeVisible();

  // --- Schedule: a break outside the hours is refused, then a valid one is saved. ---
  await expect(page.getByRole("textbox", { name: "Ouverture le Lundi" })).toHaveValue("09:00");
  await expect(page.getByRole("textbox", { name: "Fermeture le Lundi" })).toHaveValue("17:00");
  await page.getByRole("button", { name: "Ajouter une pause le Lundi" }).click();
  const breakStart = page.getByRole("textbox", { name: "Début de la pause 1 le Lundi" });
  const breakEnd = page.getByRole("textbox", { name: "Fin de la pause 1 le Lundi" });
  await breakStart.fill("07:30");
  await breakEnd.fill("08:15");
  await expect(page.getByText("Les pauses doivent être comprises dans les heures d'ouverture.")).toBeVisible();
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByText("Corrigez les champs indiqués.")).toBeVisible();

  await breakStart.fill("12:00");
  await breakEnd.fill("12:45");
  await expect(page.getByText("Les pauses doivent être comprises dans les heures d'ouverture.")).toHaveCount(0);
  await closeAlerts(page);
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(alertWith(page, "success", "Les modifications ont été enregistrées.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Début de la pause 1 le Lundi" })).toHaveValue("12:00");
  await expect(page.getByRole("textbox", { name: "Fin de la pause 1 le Lundi" })).toHaveValue("12:45");
  await expect(page.getByRole("heading", { name: renamed, level: 3 })).toBeVisible();

  // --- Add a member, then remove them (with confirmation). ---
  await page.getByRole("combobox", { name: "Ajouter un membre" }).click();
  await page.getByRole("option", { name: second.name }).click();
  await page.getByRole("combobox", { name: "Rôle", exact: true }).selectOption({ label: "Utilisateur" });
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(alertWith(page, "success", `${second.name} fait maintenant partie de l'équipe.`)).toBeVisible();
  await expect(members.getByRole("row")).toHaveCount(4);
  await expect(page.getByText("3 membres")).toBeVisible();

  await page.getByRole("button", { name: `Retirer ${second.name} de l'équipe` }).click();
  const confirmRemove = page.getByRole("dialog", { name: "Retirer ce membre?" });
  await expect(confirmRemove).toContainText(`${second.name} ne fera plus partie de l'équipe « ${renamed} ».`);
  await confirmRemove.getByRole("button", { name: "Retirer" }).click();
  await expect(alertWith(page, "success", `${second.name} ne fait plus partie de l'équipe.`)).toBeVisible();
  await expect(members.getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("button", { name: `Retirer ${second.name} de l'équipe` })).toHaveCount(0);

  // --- Refusals: the team keeps an administrator and a user. ---
  await closeAlerts(page);
  await page.getByRole("button", { name: `Retirer ${DEMO_NAMES.admin} de l'équipe` }).click();
  await page.getByRole("dialog", { name: "Retirer ce membre?" }).getByRole("button", { name: "Retirer" }).click();
  await expect(alertWith(page, "error", "Chaque équipe doit garder au moins un administrateur.")).toBeVisible();
  await expect(page.getByRole("button", { name: `Retirer ${DEMO_NAMES.admin} de l'équipe` })).toBeVisible();

  await closeAlerts(page);
  await page.getByRole("button", { name: `Retirer ${first.name} de l'équipe` }).click();
  await page.getByRole("dialog", { name: "Retirer ce membre?" }).getByRole("button", { name: "Retirer" }).click();
  await expect(alertWith(page, "error", "Chaque équipe doit garder au moins un utilisateur.")).toBeVisible();
  await expect(page.getByRole("button", { name: `Retirer ${first.name} de l'équipe` })).toBeVisible();

  // Demoting the only administrator.
  await closeAlerts(page);
  await page.getByRole("combobox", { name: `Rôle de ${DEMO_NAMES.admin}` }).selectOption("user");
  await expect(alertWith(page, "error", "Chaque équipe doit garder au moins un administrateur.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: `Rôle de ${DEMO_NAMES.admin}` })).toHaveValue("admin");
  await expect(members.getByRole("row")).toHaveCount(3);

  // --- Rename to a name already taken. ---
  await closeAlerts(page);
  await page.getByRole("textbox", { name: "Nom de l'équipe" }).fill("Réception");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(alertWith(page, "error", "Une équipe porte déjà ce nom.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: renamed, level: 3 })).toBeVisible();

  // --- Delete, with confirmation (cancel first). ---
  await page.getByRole("button", { name: "Supprimer l'équipe" }).click();
  let confirmDelete = page.getByRole("dialog", { name: "Supprimer cette équipe?" });
  await expect(confirmDelete).toContainText(`L'équipe « ${renamed} » sera supprimée définitivement.`);
  await confirmDelete.getByRole("button", { name: "Annuler" }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(page.getByRole("heading", { name: renamed, level: 3 })).toBeVisible();

  await page.getByRole("button", { name: "Supprimer l'équipe" }).click();
  confirmDelete = page.getByRole("dialog", { name: "Supprimer cette équipe?" });
  await confirmDelete.getByRole("button", { name: "Supprimer l'équipe" }).click();
  await expect(alertWith(page, "success", `L'équipe « ${renamed} » a été supprimée.`)).toBeVisible();
  await expect(page).toHaveURL(/configTab=1$/);
  await expect(page.getByRole("link", { name: "Réception" })).toBeVisible();
  await expect(page.getByRole("link", { name: renamed })).toHaveCount(0);
});
