import { expect, test, type Locator, type Page } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { navigation } from "./support/auth.ts";
import { callPanel, closeAll, expectAudioFlowing, offerCard, ownCallCard, phoneCall, staffPage } from "./support/calls.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { keepTeamOpen } from "./support/office-hours.ts";

keepTeamOpen();

/** The window's margin to the viewport and the arrow keys' steps (call-window.ts). */
const MARGIN = 8;
const STEP = 16;
const LARGE_STEP = 80;

async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("the call window is not shown");
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
}

/** Drags the window by its bar with the mouse, from the bar's left part to `to` (the grab point's goal). */
async function dragBy(page: Page, bar: Locator, dx: number, dy: number): Promise<void> {
  const box = await boxOf(bar);
  const from = { x: box.x + 40, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 5 });
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 5 });
  await page.mouse.up();
}

test("la fenêtre d'appel : détachée, glissée, déplacée au clavier, elle suit la réceptionniste d'écran en écran et raccroche", async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(180_000);
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  const marc = await staffPage(browser, testInfo, DEMO.user);
  const nav = navigation(marc);

  // --- The phone calls, Marc answers in the docked panel; audio flows both ways. ---
  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  await expect(offerCard(marc)).toBeVisible({ timeout: 15_000 });
  await offerCard(marc).getByRole("button", { name: "Répondre" }).click();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
  await expectAudioFlowing(phone.page);
  await expectAudioFlowing(marc);
  const panel = callPanel(marc);
  const docked = await boxOf(panel);
  // Docked at the bottom right (calls.module.css: 24 px from the right, 96 px from the bottom).
  expect(docked.x + docked.width).toBe(1280 - 24);
  expect(docked.y + docked.height).toBe(800 - 96);
  await marc.screenshot({ path: screenshotPath("call-window-docked.png") });

  // --- Detach: the window opens where the panel was, its handle takes the focus. ---
  await ownCallCard(marc).getByRole("button", { name: "Détacher en fenêtre d'appel" }).click();
  const window = marc.getByTestId("call-window");
  await expect(window).toBeVisible();
  await expect(panel).toHaveAttribute("data-testid", "call-window");
  const handle = window.getByRole("button", { name: "Déplacer la fenêtre d'appel" });
  await expect(handle).toBeFocused();
  await expect(handle).toHaveAccessibleDescription(/flèches du clavier/);
  const bar = handle.locator("..");
  const detachedAt = await boxOf(window);
  expect(detachedAt.x + detachedAt.width).toBe(docked.x + docked.width);
  expect(detachedAt.y + detachedAt.height).toBe(docked.y + docked.height);

  // --- Dragged with the mouse: the window follows the pointer. ---
  await dragBy(marc, bar, -520, -300);
  const dragged = await boxOf(window);
  expect(dragged.x).toBe(detachedAt.x - 520);
  expect(dragged.y).toBe(detachedAt.y - 300);

  // --- Moved with the keyboard: arrow keys on the handle, Shift for the larger step. ---
  await expect(handle).toBeFocused();
  await marc.keyboard.press("ArrowRight");
  await marc.keyboard.press("ArrowRight");
  await marc.keyboard.press("Shift+ArrowDown");
  await expect.poll(() => boxOf(window)).toMatchObject({ x: dragged.x + 2 * STEP, y: dragged.y + LARGE_STEP });
  const placed = await boxOf(window);

  // --- Never off-screen: a drag past the top-left corner stops at the margin, so do the keys. ---
  await dragBy(marc, bar, -1200, -1200);
  await expect.poll(() => boxOf(window)).toMatchObject({ x: MARGIN, y: MARGIN });
  await handle.focus();
  await marc.keyboard.press("Shift+ArrowLeft");
  await marc.keyboard.press("Shift+ArrowUp");
  await expect.poll(() => boxOf(window)).toMatchObject({ x: MARGIN, y: MARGIN });
  // Back to where Marc placed it.
  await dragBy(marc, bar, placed.x - MARGIN, placed.y - MARGIN);
  await expect.poll(() => boxOf(window)).toMatchObject({ x: placed.x, y: placed.y });

  // --- It stays over every screen, at its place, with the call and its audio. ---
  for (const [item, path] of [
    ["Contacts", /\/contacts$/],
    ["Agenda", /\/agenda$/],
    ["Configuration", /\/configuration/],
    // Its name may start with the red dot's "pending notifications".
    ["Conversations", /\/conversations/],
  ] as const) {
    await nav.getByRole("link", { name: new RegExp(`${item}$`) }).click();
    await expect(marc).toHaveURL(path);
    await expect(window).toBeVisible();
    await expect.poll(() => boxOf(window)).toMatchObject({ x: placed.x, y: placed.y });
    await expect(ownCallCard(marc).getByRole("button", { name: "Raccrocher" })).toBeEnabled();
    if (item === "Contacts") {
      // The pointer leaves the drawer, which folds back.
      await marc.mouse.move(1000, 700);
      await marc.screenshot({ path: screenshotPath("call-window-detached.png") });
    }
  }
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
  await expectAudioFlowing(phone.page);
  await expectAudioFlowing(marc);

  // --- A smaller browser window keeps it inside; the larger one gives it its place back. ---
  await dragBy(marc, bar, 1280, 800);
  const corner = await boxOf(window);
  expect(corner.x).toBe(1280 - MARGIN - corner.width);
  expect(corner.y).toBe(800 - MARGIN - corner.height);
  await marc.setViewportSize({ width: 1024, height: 640 });
  await expect.poll(() => boxOf(window)).toMatchObject({ x: 1024 - MARGIN - corner.width, y: 640 - MARGIN - corner.height });
  await marc.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(() => boxOf(window)).toMatchObject({ x: corner.x, y: corner.y });
  await dragBy(marc, bar, placed.x - corner.x, placed.y - corner.y);
  await expect.poll(() => boxOf(window)).toMatchObject({ x: placed.x, y: placed.y });

  // --- Docked back: the panel returns to its corner; detached again, the window is where it was. ---
  await window.getByRole("button", { name: "Rattacher la fenêtre d'appel" }).click();
  await expect(window).toBeHidden();
  await expect.poll(() => boxOf(panel)).toMatchObject({ x: docked.x, y: docked.y });
  const detach = ownCallCard(marc).getByRole("button", { name: "Détacher en fenêtre d'appel" });
  await expect(detach).toBeFocused();
  await detach.click();
  await expect.poll(() => boxOf(window)).toMatchObject({ x: placed.x, y: placed.y });

  // --- The panel's actions work from the window: dialpad, hold and resume, transfer, park, hang up. ---
  const call = ownCallCard(marc);
  await call.getByRole("button", { name: "Afficher le clavier" }).click();
  await call.getByRole("button", { name: "Touche 5" }).click();
  await expect(call.getByTestId("call-digits")).toHaveText("5");
  await expect(phoneCall(phone).getByTestId("phone-call-digits")).toHaveText("5");
  await call.getByRole("button", { name: "Masquer le clavier" }).click();
  await call.getByRole("button", { name: "Mettre en attente" }).click();
  await expect(call.getByTestId("call-held")).toHaveText("En attente");
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En attente — musique d'attente");
  await call.getByRole("button", { name: "Reprendre l'appel" }).click();
  await expect(call.getByTestId("call-held")).toBeHidden();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
  await call.getByRole("button", { name: "Transférer l'appel" }).click();
  const transfer = marc.getByRole("dialog", { name: "Transférer l'appel" });
  await expect(transfer).toBeVisible();
  await marc.keyboard.press("Escape");
  await expect(transfer).toBeHidden();
  await expect(call.getByRole("button", { name: "Envoyer dans la file d'attente" })).toBeEnabled();
  await expectAudioFlowing(marc);

  await call.getByRole("button", { name: "Raccrocher" }).click();
  await expect(call.getByRole("heading", { name: "Appel terminé" })).toBeVisible();
  await expect(window).toBeVisible();
  await expect(phoneCall(phone).getByRole("button", { name: "Appeler la clinique" })).toBeVisible();

  await closeAll(marc);
  await phone.close();
});
