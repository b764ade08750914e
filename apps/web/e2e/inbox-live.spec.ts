import { expect, test, type APIRequestContext, type Browser, type Page, type WebSocketRoute } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { login, navigation } from "./support/auth.ts";

/** The demo teams' numbers: a text sent to one lands in that team's inbox. */
const RECEPTION_NUMBER = "+15145550101";
const HYGIENE_NUMBER = "+15145550102";

/** A contact number no other journey of this run uses: 438-7xx-xxxx, from the run's clock. */
function uniqueContact(offset = 0): { e164: string; shown: string } {
  const n = (Math.floor(Date.now() / 7) + offset) % 1_000_000;
  const block = String(700 + (Math.floor(n / 10_000) % 100));
  const last = String(n % 10_000).padStart(4, "0");
  return { e164: `+1438${block}${last}`, shown: `(438) ${block}-${last}` };
}

async function inboundText(request: APIRequestContext, from: string, body: string, to = RECEPTION_NUMBER): Promise<void> {
  const answer = await request.post("/api/sandbox/inbound", { data: { from, to, body } });
  expect(answer.status(), await answer.text()).toBe(201);
}

/** A signed-in browser of its own (its own cookies and socket), like a second computer at the desk. */
async function staffBrowser(browser: Browser, email: string, prepare?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await prepare?.(page);
  await login(page, email);
  return page;
}

function listOf(page: Page) {
  const region = page.getByRole("region", { name: "Liste des conversations" });
  return {
    region,
    box: region.getByRole("listbox", { name: "Liste des conversations" }),
    row: (phone: string) => region.locator(`[data-thread="${phone}"]`),
    tab: (name: RegExp) => region.getByRole("tab", { name }),
    search: region.getByRole("searchbox", { name: "Rechercher un numéro ou un message" }),
  };
}

/**
 * Cuts and restores one page's real-time socket: while cut, every socket it opens is closed at
 * once. `blockPolling`: the polling feed always fails, so only the socket can bring anything.
 */
async function socketSwitch(page: Page, blockPolling: boolean) {
  let cut = false;
  const open = new Set<WebSocketRoute>();
  // The address may carry a query (the web app asks for batch frames).
  await page.routeWebSocket(/\/api\/realtime(\?.*)?$/, (ws) => {
    if (cut) {
      void ws.close({ code: 4000, reason: "cut by the test" });
      return;
    }
    open.add(ws);
    const server = ws.connectToServer();
    ws.onClose(() => {
      open.delete(ws);
      void server.close();
    });
  });
  await page.route(/\/api\/messaging\/v1\/polling/, async (route) => {
    await (blockPolling ? route.abort("internetdisconnected") : route.continue());
  });
  return {
    cut: async () => {
      cut = true;
      await Promise.all([...open].map((ws) => ws.close({ code: 4000, reason: "cut by the test" })));
      open.clear();
    },
    restore: () => {
      cut = false;
    },
  };
}

test.describe.configure({ mode: "serial" });

test("deux postes voient le même texto et le même archivage; le texto manqué pendant la coupure arrive une seule fois", async ({
  browser,
  request,
}) => {
  let socket: Awaited<ReturnType<typeof socketSwitch>> | null = null;
  const front = await staffBrowser(browser, DEMO.user, async (page) => {
    socket = await socketSwitch(page, true);
  });
  const back = await staffBrowser(browser, DEMO.admin);
  const frontList = listOf(front);
  const backList = listOf(back);
  await expect(front.getByRole("status", { name: "Temps réel : connecté" })).toBeAttached();
  await expect(back.getByRole("status", { name: "Temps réel : connecté" })).toBeAttached();

  // --- One inbound text: both desks see it at once, unread. ---
  const contact = uniqueContact();
  await inboundText(request, contact.e164, "Bonjour, je serai en retard de dix minutes.");
  for (const list of [frontList, backList]) {
    await expect(list.row(contact.e164)).toContainText(contact.shown);
    await expect(list.row(contact.e164)).toContainText("Bonjour, je serai en retard");
    await expect(list.row(contact.e164)).toHaveAttribute("data-unread", "true");
  }

  // --- The front desk archives it: it leaves the back desk's active list too. ---
  await frontList.row(contact.e164).click();
  await front.getByTestId("open-thread").getByRole("button", { name: "Archiver" }).click();
  await expect(frontList.row(contact.e164)).toBeHidden();
  await expect(backList.row(contact.e164)).toBeHidden();
  await backList.tab(/Archivées/).click();
  await expect(backList.row(contact.e164)).toBeVisible();
  await backList.tab(/Actives/).click();

  // --- The front desk's socket is cut (polling too) while a second text arrives. ---
  if (!socket) {
    throw new Error("the socket switch was not installed");
  }
  const wire: Awaited<ReturnType<typeof socketSwitch>> = socket;
  await wire.cut();
  await expect(front.getByRole("status", { name: /Temps réel : (reconnexion|connexion impossible)/ })).toBeAttached();
  const missed = "Finalement, pouvons-nous déplacer à jeudi?";
  await inboundText(request, contact.e164, missed);
  // The back desk gets it live (it also brings the thread back to the active list).
  await expect(backList.row(contact.e164)).toContainText(missed);
  await front.waitForTimeout(1_500);
  await expect(frontList.row(contact.e164)).toBeHidden();

  // --- Reconnected: the missed text appears without a reload, exactly once. ---
  wire.restore();
  await expect(front.getByRole("status", { name: "Temps réel : connecté" })).toBeAttached({ timeout: 30_000 });
  await expect(frontList.row(contact.e164)).toContainText(missed);
  await expect(frontList.row(contact.e164)).toHaveCount(1);
  const thread = front.getByTestId("open-thread");
  await expect(thread.getByText(missed)).toHaveCount(1);
  await expect(thread.getByText("Bonjour, je serai en retard de dix minutes.")).toHaveCount(1);

  await front.context().close();
  await back.context().close();
});

test("sans socket, la relève périodique apporte les textos; point rouge et son pour un texto reçu ailleurs", async ({
  browser,
  request,
}) => {
  const page = await staffBrowser(browser, DEMO.user, async (p) => {
    const wire = await socketSwitch(p, false);
    await wire.cut();
  });
  await expect(page.getByRole("status", { name: /Temps réel : connexion directe impossible/ })).toBeAttached({ timeout: 15_000 });

  // Away from the conversations screen: the red dot of the Conversations item lights up.
  await navigation(page)
    .getByRole("link", { name: /Contacts/ })
    .click();
  await expect(page).toHaveURL(/\/contacts/);
  const contact = uniqueContact(1);
  // The person kept the audio notifications of the demo on: the chime is fetched to be played.
  const chime = page.waitForRequest(/\/sounds\/new-message\.wav$/, { timeout: 10_000 });
  await inboundText(request, contact.e164, "Texto reçu par relève");
  await expect(navigation(page).getByText("Nouvelles notifications")).toBeAttached({ timeout: 10_000 });
  await chime;
  await navigation(page)
    .getByRole("link", { name: /Conversations/ })
    .click();
  await expect(listOf(page).row(contact.e164)).toContainText("Texto reçu par relève");
  // The conversations screen says the direct connection is being tried again (spec part 1 §4).
  const notice = page.locator('[data-connection="reconnecting"]');
  await expect(notice).toHaveText("Reconnexion en cours…");
  // The pointer leaves the drawer, which folds back over nothing (its animation done).
  await page.mouse.move(900, 400);
  await page.waitForTimeout(500);
  await page.screenshot({ path: screenshotPath("conversations-reconnecting.png") });
  await page.context().close();
});

test("recherche : 3 caractères au moins, par numéro ou par texte, sans résultat", async ({ page, request }) => {
  const one = uniqueContact(2);
  const two = uniqueContact(3);
  const word = `Zéphyrin${String(Date.now() % 100_000)}`;
  await inboundText(request, one.e164, `Message de ${word} pour l'hygiéniste`);
  await inboundText(request, two.e164, "Un autre sujet");
  await login(page, DEMO.user);
  const list = listOf(page);
  await expect(list.row(one.e164)).toBeVisible();
  await expect(list.row(two.e164)).toBeVisible();

  // Under 3 characters: a hint, the list unchanged.
  await list.search.fill("ze");
  await expect(list.region.getByText("La recherche doit contenir au moins 3 caractères.")).toBeVisible();
  await expect(list.row(two.e164)).toBeVisible();

  // A word of the last text, typed without its accent and in capitals.
  await list.search.fill(word.toUpperCase().replace("É", "E"));
  await expect(list.row(two.e164)).toBeHidden();
  await expect(list.row(one.e164)).toBeVisible();
  await expect(list.box.getByRole("option")).toHaveCount(1);

  // The number, typed as people type it.
  await list.search.fill(two.shown.slice(0, 9));
  await expect(list.row(two.e164)).toBeVisible();

  await list.search.fill("aucun-resultat-xyz");
  await expect(list.region.getByText("Aucune conversation ne correspond à la recherche.")).toBeVisible();

  await list.region.getByRole("button", { name: "Effacer la recherche" }).click();
  await expect(list.row(one.e164)).toBeVisible();
  await expect(list.row(two.e164)).toBeVisible();
});

test("300 conversations : liste virtualisée, chargement au défilement, clavier", async ({ page, request }) => {
  test.setTimeout(120_000);
  const base = Math.floor(Date.now() / 1000) % 500;
  const numbers = Array.from({ length: 300 }, (_, i) => `+1873${String(5_550_000 + base * 1_000 + i)}`);
  // The first and the last alone, so that they are surely the oldest and the newest; the rest by 25.
  const text = (i: number) => inboundText(request, numbers[i] ?? "", `Rappel n° ${String(i)}`, HYGIENE_NUMBER);
  await text(0);
  for (let i = 1; i < numbers.length - 1; i += 25) {
    await Promise.all(Array.from({ length: Math.min(25, numbers.length - 1 - i) }, (_, j) => text(i + j)));
  }
  await text(numbers.length - 1);
  await login(page, DEMO.hygiene);
  const list = listOf(page);
  await expect(list.box).toBeVisible();
  const newest = numbers[numbers.length - 1] ?? "";
  const oldest = numbers[0] ?? "";
  await expect(list.row(newest)).toBeVisible();

  // Only the rows in view are in the page, not the hundreds loaded.
  const drawn = await list.box.getByRole("option").count();
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(40);

  // Scrolling to the end loads the next pages until the oldest thread shows.
  await expect(async () => {
    await list.box.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect(list.row(oldest)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(Number(await list.box.getAttribute("data-count"))).toBeGreaterThanOrEqual(300);

  // Keyboard: back to the top, two rows down, Enter opens the third thread.
  await list.box.focus();
  await page.keyboard.press("Home");
  await expect(list.row(newest)).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const third = list.box.getByRole("option").nth(2);
  const thirdPhone = await third.getAttribute("data-thread");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sid=/);
  await expect(list.row(thirdPhone ?? "")).toHaveAttribute("aria-selected", "true");
});
