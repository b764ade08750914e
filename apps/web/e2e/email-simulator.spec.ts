import { expect, test, type Locator, type Page } from "./support/test.ts";
import { login } from "./support/auth.ts";
import { DEMO, uniqueSuffix } from "./support/accounts.ts";
import { screenshotPath } from "./support/screenshots.ts";

/**
 * The simulator's email side (issue 14 §4): a person plays Hélène Tremblay's address, writes to
 * the demo clinic's Réception mailbox; the team's sync reads it within the minute into her thread;
 * the receptionist answers by email from the composer; the answer comes back to the simulator
 * without a reload, and Hélène's reply to it threads under it.
 */

const HELENE = { email: "helene.tremblay@exemple.ca", phone: "+15145550111" } as const;
const RECEPTION = { address: "reception@clinique-demo.ca", option: "Réception · reception@clinique-demo.ca" } as const;

type SandboxMail = { messageId: string; direction: "sent" | "received"; subject: string; inReplyTo: string | null; references: string[] };

/** The simulator's mail window, and one email of it by direction and subject. */
function mailWindow(page: Page, name = "Boîte courriel simulée"): Locator {
  return page.getByRole("region", { name });
}
function mailCard(window: Locator, direction: "sent" | "received", subject: string): Locator {
  return window
    .locator(`[data-testid="sim-email"][data-direction="${direction}"]`)
    .filter({ has: window.page().getByRole("heading", { name: subject, exact: true }) });
}

test("un contact écrit à l'équipe depuis le simulateur, lit sa réponse et y répond dans le même fil", async ({
  browser,
  page,
  request,
}, testInfo) => {
  // The team's sync runs once a minute, twice here: each email can take that long to arrive.
  test.setTimeout(360_000);
  const suffix = uniqueSuffix();
  const subject = `Question sur ma facture ${suffix}`;

  // The simulator in a context of its own: no session, as a patient's mail program has none.
  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const simContext = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  const sim = await simContext.newPage();
  await sim.goto("/simulator");
  // The phone stays the first side; the email side is the tab beside it, reached from the keyboard too.
  await expect(sim.getByRole("tab", { name: "Téléphone" })).toHaveAttribute("aria-selected", "true");
  await expect(sim.getByRole("region", { name: "Téléphone simulé" })).toBeVisible();
  await sim.screenshot({ path: screenshotPath("simulator-phone-tab.png") });
  await sim.getByRole("tab", { name: "Téléphone" }).focus();
  await sim.keyboard.press("ArrowRight");
  await expect(sim.getByRole("tab", { name: "Courriel" })).toHaveAttribute("aria-selected", "true");
  await expect(sim).toHaveURL(/mode=email/);
  const window = mailWindow(sim);
  await expect(window.getByText("Choisissez vos adresses")).toBeVisible();
  await sim.screenshot({ path: screenshotPath("simulator-email-start.png") });

  // An address that is none: the rule says so, and nothing is kept.
  await sim.getByRole("textbox", { name: "Mon adresse" }).fill("helene.tremblay");
  await sim.getByRole("button", { name: "Utiliser" }).click();
  await expect(sim.getByText("Le courriel est invalide.")).toBeVisible();

  // A fresh address: its mailbox is empty.
  const stranger = `simulateur-${suffix}@exemple.ca`;
  await sim.getByRole("textbox", { name: "Mon adresse" }).fill(stranger);
  await sim.getByRole("button", { name: "Utiliser" }).click();
  await sim.getByRole("combobox", { name: "Boîte de l'équipe" }).click();
  await sim.getByRole("option", { name: RECEPTION.option }).click();
  await expect(window.getByTestId("email-me")).toHaveText(`Moi : ${stranger}`);
  await expect(window.getByText("Aucun courriel pour l'instant")).toBeVisible();
  await sim.screenshot({ path: screenshotPath("simulator-email-empty.png") });

  // Hélène's address: the demo's conversation with the Réception is already there.
  await sim.getByRole("textbox", { name: "Mon adresse" }).fill(HELENE.email);
  await sim.getByRole("button", { name: "Utiliser" }).click();
  await expect(window.getByTestId("email-me")).toHaveText(`Moi : ${HELENE.email}`);
  const list = window.getByRole("log", { name: "Courriels avec l'équipe" });
  await expect(list.locator('[data-testid="sim-email"][data-direction="received"]').first()).toBeVisible();

  // Sending with nothing written says what is missing, in words of its own.
  const composer = window.getByRole("form", { name: "Nouveau courriel" });
  await composer.getByRole("button", { name: "Envoyer le courriel" }).click();
  await expect(composer.getByText("Indiquez l'objet du courriel.")).toBeVisible();
  await expect(composer.getByText("Écrivez le message avant d'envoyer.")).toBeVisible();
  await sim.screenshot({ path: screenshotPath("simulator-email-validation.png") });

  await composer.getByRole("textbox", { name: "Objet" }).fill(subject);
  await composer.getByRole("textbox", { name: "Message" }).fill("Bonjour, ma facture de mardi compte deux fois le nettoyage. Merci !");
  await composer.getByRole("button", { name: "Envoyer le courriel" }).click();
  await expect(composer.getByRole("textbox", { name: "Objet" })).toHaveValue("");
  await expect(mailCard(list, "sent", subject)).toBeVisible();

  // The receptionist finds it in Hélène's thread once the team's sync has read the mailbox.
  await login(page, DEMO.user);
  await page.locator(`[data-thread="${HELENE.phone}"]`).click();
  const thread = page.getByTestId("open-thread");
  await expect(thread.getByTestId("email-message").getByText(subject, { exact: true })).toBeVisible({ timeout: 150_000 });
  await expect(thread.getByText(`De : ${HELENE.email}`).last()).toBeVisible();

  // … and answers by email from the composer.
  await thread.getByRole("radiogroup", { name: "Envoyer par" }).getByText("Courriel", { exact: true }).click();
  const staffComposer = thread.getByTestId("email-composer");
  await expect(staffComposer.getByText(`À : ${HELENE.email} (depuis ${RECEPTION.address})`)).toBeVisible();
  await staffComposer.getByRole("textbox", { name: "Objet" }).fill(`Re: ${subject}`);
  await staffComposer.getByRole("textbox", { name: "Votre courriel" }).fill("Bonjour Hélène, c'est corrigé : voici la facture refaite.");
  await staffComposer.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(thread.locator('[data-direction="outbound"][data-message-status="sent"]').filter({ hasText: `Re: ${subject}` })).toBeVisible(
    {
      timeout: 30_000,
    },
  );

  // The answer reaches the simulator by itself (its mailbox is read every few seconds).
  const answer = mailCard(list, "received", `Re: ${subject}`);
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect(answer.getByText(`De : ${RECEPTION.address}`)).toBeVisible();
  await expect(answer.getByTestId("sim-email-text")).toContainText("c'est corrigé");

  // Hélène answers it: "Re:" is not doubled, and her reply names the team's email.
  await answer.getByRole("button", { name: `Répondre à « Re: ${subject} »` }).click();
  const replying = window.getByRole("form", { name: "Nouveau courriel" });
  await expect(replying.getByText(`Réponse à « Re: ${subject} »`)).toBeVisible();
  await expect(replying.getByRole("textbox", { name: "Objet" })).toHaveValue(`Re: ${subject}`);
  await expect(replying.getByRole("textbox", { name: "Message" })).toBeFocused();
  await sim.keyboard.type("Merci beaucoup, tout est réglé.");
  await replying.getByRole("button", { name: "Envoyer le courriel" }).click();
  await expect(replying.getByText("Nouveau courriel", { exact: true })).toBeVisible();
  const reply = list.locator('[data-testid="sim-email"][data-direction="sent"]').filter({ hasText: "Merci beaucoup, tout est réglé." });
  await expect(reply).toBeVisible();
  await sim.screenshot({ path: screenshotPath("simulator-email-conversation.png") });

  // Threaded as a mail program's reply: In-Reply-To the team's email, References down to Hélène's first.
  const mailbox = (await (await request.get(`/api/sandbox/email/mailbox?address=${encodeURIComponent(HELENE.email)}`)).json()) as {
    emails: SandboxMail[];
  };
  const first = mailbox.emails.find((m) => m.direction === "sent" && m.subject === subject);
  const teamAnswer = mailbox.emails.find((m) => m.direction === "received" && m.subject === `Re: ${subject}`);
  const last = mailbox.emails.filter((m) => m.direction === "sent" && m.subject === `Re: ${subject}`);
  expect(last).toHaveLength(1);
  expect(teamAnswer?.inReplyTo).toBe(first?.messageId);
  expect(last[0]?.inReplyTo).toBe(teamAnswer?.messageId);
  expect(last[0]?.references).toEqual([first?.messageId, teamAnswer?.messageId]);

  // And the receptionist sees it arrive in Hélène's thread, after her answer.
  const inbound = thread.locator('[data-direction="inbound"]').getByTestId("email-message");
  await expect(inbound.filter({ hasText: `Re: ${subject}` })).toBeVisible({ timeout: 150_000 });
  await page.screenshot({ path: screenshotPath("simulator-email-staff-thread.png") });

  // The English interface once: the same window, its own words.
  await sim.goto("/simulator?mode=email&lang=en");
  const english = mailWindow(sim, "Simulated mailbox");
  await expect(english.getByTestId("email-me")).toHaveText(`Me: ${HELENE.email}`);
  await expect(english.getByRole("button", { name: `Reply to “Re: ${subject}”` })).toBeVisible();
  await expect(english.getByRole("form", { name: "New email" }).getByRole("button", { name: "Send the email" })).toBeVisible();
  await sim.screenshot({ path: screenshotPath("simulator-email-english.png") });

  await simContext.close();
});
