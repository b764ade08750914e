import { expect, test } from "./support/test.ts";
import { RelaisApi } from "./support/api.ts";
import { DEMO } from "./support/accounts.ts";
import { closeAll, offerCard, phoneCall, staffPage } from "./support/calls.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { keepTeamOpen } from "./support/office-hours.ts";

const HYGIENE = "Hygiène · (514) 555-0102";
const MISSED_TEXT = "Désolés d'avoir manqué votre appel, nous vous rappelons sous peu.";

// The Hygiène team's missed-call text is on for this journey only.
test.afterEach(async ({ request }) => {
  await (await RelaisApi.signIn(request)).setMissedCallText("Hygiène", null);
});

keepTeamOpen("Hygiène");

test("appel manqué : l'une refuse, l'autre sonne encore puis ignore ; le texto d'appel manqué arrive et l'appel est dans la conversation", async ({
  browser,
  request,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  await (await RelaisApi.signIn(request)).setMissedCallText("Hygiène", MISSED_TEXT);
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164, HYGIENE);
  // Isabelle works at the Réception and in Hygiène; Sophie in Hygiène only.
  const isabelle = await staffPage(browser, testInfo, DEMO.admin);
  const sophie = await staffPage(browser, testInfo, DEMO.hygiene);

  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  await expect(offerCard(isabelle)).toBeVisible({ timeout: 15_000 });
  await expect(offerCard(sophie)).toBeVisible();

  // --- For Isabelle the call is for another team than her current one: the label says so. ---
  const forTeam = offerCard(isabelle).getByTestId("call-for-team");
  await expect(forTeam).toHaveText("Pour Hygiène");
  await forTeam.hover();
  await expect(isabelle.getByRole("tooltip")).toContainText("Répondre vous fait passer à la messagerie de cette équipe.");
  await offerCard(isabelle).screenshot({ path: screenshotPath("call-ringing-for-team.png") });
  await expect(offerCard(sophie).getByTestId("call-for-team")).toBeHidden();

  // --- Isabelle declines: only for her; Sophie keeps ringing. ---
  await offerCard(isabelle).getByRole("button", { name: "Refuser" }).click();
  await expect(offerCard(isabelle)).toBeHidden();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("Ça sonne…");
  await expect(offerCard(sophie)).toBeVisible();

  // --- Sophie ignores it too: nobody is left, the call is missed at once. ---
  await offerCard(sophie).getByRole("button", { name: "Ignorer" }).click();
  await expect(offerCard(sophie)).toBeHidden();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("Appel terminé");
  await expect(phone.message("received", MISSED_TEXT)).toBeVisible({ timeout: 15_000 });

  // --- The call is in the contact's thread, missed. ---
  const row = sophie.getByRole("region", { name: "Liste des conversations" }).locator(`[data-thread="${contact.e164}"]`);
  await row.click();
  const message = sophie.getByTestId("open-thread").getByRole("group", { name: "Appel entrant" });
  await expect(message.getByTestId("call-message-status")).toContainText("Manqué");
  await expect(sophie.getByTestId("open-thread").getByText(MISSED_TEXT)).toBeVisible();

  await closeAll(isabelle, sophie);
  await phone.close();
});
