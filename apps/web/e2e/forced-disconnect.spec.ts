import { expect, test } from "./support/test.ts";
import { RelaisApi } from "./support/api.ts";
import { login, navigation } from "./support/auth.ts";

test("une connexion ailleurs termine la session : dialogue, puis retour à la connexion", async ({ browser, request }) => {
  const api = await RelaisApi.signIn(request);
  const person = await api.createUser({ prefix: "double" });

  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  try {
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();

    await login(pageA, person.email, { password: person.password });
    await expect(navigation(pageA)).toBeVisible();

    // The same person signs in on another device.
    await login(pageB, person.email, { password: person.password });
    await expect(pageB.getByRole("banner").getByText(person.name)).toBeVisible();

    // A learns it at once through its real-time connection (close code 4440): the forced-disconnect dialog.
    const dialog = pageA.getByRole("dialog", { name: "Session terminée" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Une nouvelle connexion a été détectée sur un autre appareil. Vous avez été déconnecté.");
    // It cannot be dismissed without acknowledging.
    await pageA.keyboard.press("Escape");
    await expect(dialog).toBeVisible();

    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(pageA).toHaveURL(/\/login$/);
    await expect(pageA.getByRole("heading", { name: "Connexion", level: 1 })).toBeVisible();

    // B, the newer session, carries on.
    await navigation(pageB).getByRole("link", { name: "Configuration" }).click();
    await pageB.getByRole("tab", { name: "Équipes" }).click();
    await expect(pageB.getByRole("link", { name: "Réception" })).toBeVisible();
    await expect(pageB.getByRole("dialog")).toHaveCount(0);
  } finally {
    await contextA.close();
    await contextB.close();
  }
});
