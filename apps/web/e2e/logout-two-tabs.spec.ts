import { expect, test } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { RelaisApi } from "./support/api.ts";
import { login, navigation } from "./support/auth.ts";

test("se déconnecter dans un onglet le dit à l'autre onglet, sans parler de session expirée", async ({ page, context, request }) => {
  const admin = await RelaisApi.signIn(request);
  const me = await admin.createUser({ prefix: "two-tabs" });

  await login(page, me.email, { password: me.password });
  // A second tab of the same browser: it shares the session through the refresh cookie.
  const other = await context.newPage();
  await other.goto("/contacts");
  await expect(navigation(other)).toBeVisible();

  await navigation(page).getByRole("button", { name: "Déconnexion" }).click();
  await page.getByRole("dialog", { name: "Se déconnecter?" }).getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The other tab goes to sign-in by itself and says why, without waiting for a call of its own.
  await expect(other).toHaveURL(/\/login\?signed-out=1$/);
  await expect(other.getByTestId("signed-out-elsewhere")).toHaveText(
    "La session a été fermée dans un autre onglet. Reconnectez-vous pour continuer.",
  );
  await expect(other.getByTestId("session-expired")).toHaveCount(0);
  // Still so a moment later, once its socket has seen the session end.
  await other.waitForTimeout(1500);
  await expect(other).toHaveURL(/\/login\?signed-out=1$/);
  await expect(other.getByTestId("session-expired")).toHaveCount(0);
  await other.screenshot({ path: screenshotPath(`signed-out-elsewhere.png`) });
});
