// Screenshots of the main screens for the README and the docs, taken in Debian's Chromium
// (never a downloaded browser) from a running server with the demo seeded:
//
//   node scripts/e2e-server.mjs &      # or npm start, then pass http://localhost:3000
//   node scripts/screenshots.mjs [base URL, default http://localhost:3210]
//
// Signs in as the demo administrator (and the devops account for the devops page), so any other
// open session of those two accounts ends. Writes 1280×800 PNGs to docs/screenshots/<name>.png.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const BASE_URL = (process.argv[2] ?? process.env.BASE_URL ?? "http://localhost:3210").replace(/\/$/, "");
const PASSWORD = "Relais!2026";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(ROOT, "docs", "screenshots");
const VIEWPORT = { width: 1280, height: 800 };

/** The launch arguments of apps/web/playwright.config.ts (DESIGN §9). */
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

async function health() {
  try {
    const res = await fetch(`${BASE_URL}/api/health`);
    return res.ok;
  } catch {
    return false;
  }
}

/** Lets transitions (drawer, tabs, skeletons) settle before the picture. */
async function settle(page) {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(400);
}

async function shoot(page, name) {
  await settle(page);
  const file = path.join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`  ${path.relative(ROOT, file)}`);
}

async function signIn(page, email) {
  await page.goto(`${BASE_URL}/login`);
  await page.getByRole("textbox", { name: "Courriel", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Mot de passe", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL(/\/conversations$/);
}

async function main() {
  if (!(await health())) {
    console.error(`No Relais server answers at ${BASE_URL}/api/health. Start one first (node scripts/e2e-server.mjs or npm start).`);
    process.exit(1);
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS });
  try {
    const contextOptions = { viewport: VIEWPORT, locale: "fr-CA", timezoneId: "America/Toronto" };
    console.log(`Screenshots of ${BASE_URL}:`);

    // --- As the administrator, in French. ---
    const admin = await browser.newContext(contextOptions);
    const page = await admin.newPage();

    await page.goto(`${BASE_URL}/login`);
    await page.getByRole("heading", { name: "Connexion", level: 1 }).waitFor();
    await shoot(page, "login");

    await signIn(page, "admin@clinique-demo.ca");
    // The drawer expands over the content while the pointer is on it.
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await nav.hover();
    await nav.getByText("Déconnexion").waitFor();
    await shoot(page, "shell");
    await page.mouse.move(VIEWPORT.width - 10, VIEWPORT.height - 10);

    await page.goto(`${BASE_URL}/configuration?configTab=0`);
    await page.getByRole("textbox", { name: "Nom (français)" }).waitFor();
    await shoot(page, "organization");

    await page.goto(`${BASE_URL}/configuration?configTab=1`);
    await page.getByRole("link", { name: "Réception" }).waitFor();
    await shoot(page, "teams");

    await page.getByRole("link", { name: "Réception" }).click();
    await page.getByRole("heading", { name: "Réception", level: 3 }).waitFor();
    await shoot(page, "team");

    await page.goto(`${BASE_URL}/configuration?configTab=3`);
    await page.getByRole("button", { name: "Nouvel utilisateur" }).waitFor();
    await page.getByRole("row").nth(1).waitFor();
    await shoot(page, "users");

    await page.goto(`${BASE_URL}/configuration?configTab=4`);
    await page.getByRole("button", { name: "Changer le mot de passe" }).waitFor();
    await shoot(page, "profile");
    await admin.close();

    // --- The devops page, as the devops account (English profile), with an unpublished preview. ---
    const ops = await browser.newContext(contextOptions);
    const opsPage = await ops.newPage();
    await signIn(opsPage, "devops@clinique-demo.ca");
    await opsPage.goto(`${BASE_URL}/devops`);
    await opsPage.getByRole("heading", { name: "Maintenance status" }).waitFor();
    await opsPage.getByRole("switch", { name: "Maintenance on", exact: true }).check();
    await opsPage.getByRole("switch", { name: "Banner", exact: true }).check();
    await opsPage
      .getByRole("textbox", { name: "Banner text (French)" })
      .fill("Mise à jour de Relais ce soir de 22 h à 22 h 30 : les appels pourraient être interrompus.");
    await opsPage
      .getByRole("textbox", { name: "Banner text (English)" })
      .fill("Relais update tonight from 10 to 10:30 p.m.: calls may be interrupted.");
    await opsPage.getByRole("switch", { name: "Maintenance screen", exact: true }).check();
    await opsPage.getByRole("heading", { name: "Devops", level: 2 }).click(); // leave the text field
    await shoot(opsPage, "devops");
    await ops.close();
  } finally {
    await browser.close();
  }
}

await main();
