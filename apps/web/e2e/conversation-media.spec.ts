import { expect, test, type Page } from "./support/test.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { RelaisApi } from "./support/api.ts";
import { login } from "./support/auth.ts";
import { gradient, pngImage } from "./support/images.ts";

/** The demo Réception team's number: texts sent to it land in that team's inbox. */
const RECEPTION_NUMBER = "+15145550101";

type OutboxEntry = { body: string; media: { contentType: string; url: string }[] };

/** Picks files through the paperclip, as a person does with the file dialog. */
async function attach(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Joindre un fichier" }).click();
  await (await chooser).setFiles(files);
}

test("pièces jointes : une image envoyée s'affiche et part avec le texto, une image trop lourde est refusée avant l'envoi", async ({
  page,
  request,
}) => {
  const last4 = String(2000 + (Date.now() % 7000));
  const contact = `+1514555${last4}`;
  const person = await (await RelaisApi.signIn(request)).createUser({ prefix: "media" });

  // A patient writes first, with a picture of their own.
  const photo = pngImage(160, 120, gradient([250, 210, 120], [220, 90, 60], 160, 120));
  const inbound = await request.post("/api/sandbox/inbound", {
    data: {
      from: contact,
      to: RECEPTION_NUMBER,
      body: "Voici la dent qui me fait mal.",
      media: [{ filename: "dent.png", dataBase64: photo.toString("base64") }],
    },
  });
  expect(inbound.status(), await inbound.text()).toBe(201);

  // Every upload the page makes, to prove a refused file never leaves the browser.
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/messaging/v1/media")) {
      uploads.push(r.url());
    }
  });

  await login(page, person.email, { password: person.password });
  await page.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${contact}"]`).click();
  const thread = page.getByTestId("open-thread");

  // --- The patient's picture shows as a thumbnail, loaded through the signed-in API. ---
  const theirs = thread.getByRole("img", { name: "Image dent.png" });
  await expect(theirs).toBeVisible();
  await expect.poll(() => theirs.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);

  // --- Attach a picture and a PDF: chips with name and size, uploaded at once. ---
  const xray = pngImage(200, 140, gradient([40, 110, 200], [120, 220, 210], 200, 140));
  const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(3000, 0x20)]);
  await attach(page, [
    { name: "radiographie.png", mimeType: "image/png", buffer: xray },
    { name: "consignes.pdf", mimeType: "application/pdf", buffer: pdf },
  ]);
  const chips = thread.getByRole("list", { name: "Pièces jointes à envoyer" });
  await expect(chips.getByRole("listitem")).toHaveCount(2);
  await expect(chips.getByRole("listitem").first()).toContainText("radiographie.png");
  await expect(chips.getByRole("listitem").nth(1)).toContainText("3 Ko");
  await expect(chips.getByRole("progressbar")).toHaveCount(0);
  expect(uploads).toHaveLength(2);

  // --- Remove one, then send the picture with a text. ---
  await chips.getByRole("button", { name: "Retirer consignes.pdf" }).click();
  await expect(chips.getByRole("listitem")).toHaveCount(1);
  await thread.getByRole("textbox", { name: "Votre message" }).fill("Voici votre radiographie.");
  await thread.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(thread.getByRole("list", { name: "Pièces jointes à envoyer" })).toBeHidden();
  const sent = thread.locator('[data-direction="outbound"][data-message-status]', { hasText: "Voici votre radiographie." });
  const mine = sent.getByRole("img", { name: "Image radiographie.png" });
  await expect(mine).toBeVisible();
  await expect.poll(() => mine.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  await expect(sent).toHaveAttribute("data-message-status", "delivered");

  // --- A PDF alone: a download chip, no empty text line. ---
  await attach(page, [{ name: "consignes.pdf", mimeType: "application/pdf", buffer: pdf }]);
  await expect(thread.getByRole("list", { name: "Pièces jointes à envoyer" }).getByRole("progressbar")).toHaveCount(0);
  await thread.getByRole("button", { name: "Envoyer", exact: true }).click();
  const doc = thread.getByRole("button", { name: "Télécharger consignes.pdf" });
  await expect(doc).toBeVisible();
  const download = page.waitForEvent("download");
  await doc.click();
  expect((await download).suggestedFilename()).toBe("consignes.pdf");

  // --- The phone got the picture: the sandbox's outbox holds a public link to the same bytes. ---
  const outbox = await request.get(`/api/sandbox/outbox?to=${encodeURIComponent(contact)}`);
  const entries = (await outbox.json()) as OutboxEntry[];
  const entry = entries.find((e) => e.body === "Voici votre radiographie.");
  expect(entry?.media).toEqual([{ contentType: "image/png", url: expect.stringContaining("/api/media/") }]);
  const link = await request.get(entry?.media[0]?.url ?? "");
  expect(link.status()).toBe(200);
  expect(link.headers()["content-type"]).toBe("image/png");
  expect(Buffer.compare(await link.body(), xray)).toBe(0);

  // --- Full size on click. ---
  await page.screenshot({ path: screenshotPath("conversation-media.png") });
  await mine.click();
  const viewer = page.getByRole("dialog", { name: "radiographie.png" });
  await expect(viewer.getByRole("img", { name: "Image radiographie.png" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  // --- Too heavy: the French message, and nothing uploaded. ---
  const before = uploads.length;
  const heavy = pngImage(40, 40, gradient([200, 200, 200], [90, 90, 90], 40, 40), 250_000);
  await attach(page, [{ name: "trop-lourde.png", mimeType: "image/png", buffer: heavy }]);
  await expect(thread.getByTestId("attachment-problem")).toHaveText("L'image ne doit pas dépasser 200 Ko.");
  await expect(thread.getByRole("list", { name: "Pièces jointes à envoyer" })).toBeHidden();
  expect(uploads).toHaveLength(before);

  // --- The paperclip is reachable from the keyboard: back from the text box, past the
  // quick-message button that sits between them. ---
  await thread.getByRole("textbox", { name: "Votre message" }).focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "Joindre un fichier" })).toBeFocused();
});

test("attachments in English: the limit's message and the sizes follow the interface language", async ({ page, request }) => {
  const last4 = String(2000 + ((Date.now() + 4321) % 7000));
  const contact = `+1514555${last4}`;
  const person = await (await RelaisApi.signIn(request)).createUser({ prefix: "media-en", locale: "en-CA" });
  const inbound = await request.post("/api/sandbox/inbound", { data: { from: contact, to: RECEPTION_NUMBER, body: "Hello!" } });
  expect(inbound.status(), await inbound.text()).toBe(201);

  await login(page, person.email, { password: person.password, lang: "en" });
  await page.getByRole("region", { name: "Conversation list" }).locator(`[data-thread="${contact}"]`).click();
  const thread = page.getByTestId("open-thread");

  const chooser = page.waitForEvent("filechooser");
  await thread.getByRole("button", { name: "Attach a file" }).click();
  const heavy = pngImage(40, 40, gradient([10, 10, 10], [250, 250, 250], 40, 40), 210_000);
  await (await chooser).setFiles({ name: "big.png", mimeType: "image/png", buffer: heavy });
  await expect(thread.getByTestId("attachment-problem")).toHaveText("The image must not exceed 200 KB.");

  const next = page.waitForEvent("filechooser");
  await thread.getByRole("button", { name: "Attach a file" }).click();
  const small = pngImage(30, 30, gradient([90, 30, 160], [240, 120, 200], 30, 30), 1_500);
  await (await next).setFiles({ name: "smile.png", mimeType: "image/png", buffer: small });
  const chips = thread.getByRole("list", { name: "Attachments to send" });
  await expect(chips.getByRole("listitem")).toContainText("1.5 KB");
  await expect(chips.getByRole("progressbar")).toHaveCount(0);
  await thread.getByRole("button", { name: "Send", exact: true }).click();
  await expect(thread.getByRole("img", { name: "Image smile.png" })).toBeVisible();
  await expect(thread.getByRole("button", { name: "Enlarge the image smile.png" })).toBeVisible();
});
