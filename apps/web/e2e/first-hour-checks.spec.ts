import { expect, test } from "./support/test.ts";
import { DEMO, DEMO_PASSWORD } from "./support/accounts.ts";
import { RelaisApi } from "./support/api.ts";
import { login } from "./support/auth.ts";

test("les disponibilités d'un membre d'une autre organisation disent « introuvable », pas un titre vide", async ({ page, request }) => {
  const signedIn = await request.post("/api/auth/login", { data: { username: DEMO.notaryUser, password: DEMO_PASSWORD } });
  const { user } = (await signedIn.json()) as { user: { id: string } };

  await login(page, DEMO.user);
  await page.goto(`/members/${user.id}/availabilities`);
  await expect(page.getByRole("heading", { name: "Disponibilités", exact: true })).toBeVisible();
  await expect(page.getByText("Ce membre est introuvable.")).toBeVisible();
  // The real-time connection rereads the lists once open: the answer stays "not found".
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("Ce membre est introuvable.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("availabilities-not-found.png") });
});

test("un fichier de 30 Mo nommé .png qui n'est pas une image : « ce type de fichier ne peut pas être envoyé »", async ({
  page,
  request,
}) => {
  const contact = `+1514556${String(2000 + (Date.now() % 7000))}`;
  const person = await (await RelaisApi.signIn(request)).createUser({ prefix: "png" });
  const inbound = await request.post("/api/sandbox/inbound", { data: { from: contact, to: "+15145550101", body: "Bonjour" } });
  expect(inbound.status(), await inbound.text()).toBe(201);
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/messaging/v1/media")) uploads.push(r.url());
  });

  await login(page, person.email, { password: person.password });
  await page.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${contact}"]`).click();
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Joindre un fichier" }).click();
  await (await chooser).setFiles([{ name: "photo.png", mimeType: "image/png", buffer: Buffer.alloc(30_000_000, 0x41) }]);
  await expect(page.getByText("Ce type de fichier ne peut pas être envoyé", { exact: false })).toBeVisible();
  await expect(page.getByText("L'image ne doit pas dépasser 200 Ko.")).toBeHidden();
  await page.screenshot({ path: test.info().outputPath("thirty-mb-not-an-image.png") });
  expect(uploads).toHaveLength(0);
});
