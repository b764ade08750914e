import { expect, test } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login } from "./support/auth.ts";

/**
 * A field clicked as a dialog opens, before the dialog's focus trap moves in (ui/keep-early-focus.ts),
 * keeps the focus: what the person types goes where they clicked. The new-contact dialog puts its
 * first focus on the first name; the click here is on the family name.
 */
test("fenêtre : un champ cliqué pendant son ouverture garde le focus et reçoit la saisie", async ({ page }) => {
  await login(page, DEMO.user);
  await page.goto("/contacts");
  await expect(page.getByRole("button", { name: "Nouveau contact" })).toBeVisible();
  // The quickest hand: the family name is focused the moment it is in the page, before any timer
  // of the dialog runs (a MutationObserver's callback comes right after the change, as a click
  // queued before the dialog's timers would).
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      const field = document.querySelector<HTMLInputElement>("[role='dialog'] input[name='lastname']");
      if (!field) return;
      observer.disconnect();
      field.focus();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole("button", { name: "Nouveau contact" }).click();
  const form = page.getByRole("dialog", { name: "Nouveau contact" });
  // Until the timers queued when the dialog opened (its focus trap's) have run.
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), 0)));
  await expect(form.locator("input[name='lastname']")).toBeFocused();
  await page.keyboard.type("Gagnon");
  await expect(form.locator("input[name='lastname']")).toHaveValue("Gagnon");
  await expect(form.locator("input[name='firstname']")).toHaveValue("");
  // Opened again without a click, the dialog still starts on the first name (its own data-autofocus).
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
  await page.getByRole("button", { name: "Nouveau contact" }).click();
  await expect(form.locator("input[name='firstname']")).toBeFocused();
});
