import { mkdirSync } from "node:fs";
import { expect, test } from "./support/test.ts";
import { DEMO, DEMO_NAMES } from "./support/accounts.ts";
import { callPanel, closeAll, expectAudioFlowing, offerCard, ownCallCard, phoneCall, staffPage } from "./support/calls.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { keepTeamOpen } from "./support/office-hours.ts";

const SHOTS = "/tmp/shots-transfer";

keepTeamOpen();

test("transférer : Marc répond puis transfère l'appel à Isabelle, qui le voit comme un appel transféré, répond, et le son passe", async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  const isabelle = await staffPage(browser, testInfo, DEMO.admin);
  const marc = await staffPage(browser, testInfo, DEMO.user);

  // --- The phone calls the Réception; Marc answers. ---
  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  await expect(offerCard(marc)).toBeVisible({ timeout: 15_000 });
  await offerCard(marc).getByRole("button", { name: "Répondre" }).click();
  const marcCall = ownCallCard(marc);
  await expect(marcCall).toBeVisible();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
  await expect(marcCall.getByTestId("call-timer")).toHaveText(/^00:0[1-9]$/, { timeout: 15_000 });
  await expectAudioFlowing(marc);

  // --- He opens the transfer dialog: the teams that can take the call, then a team's people. ---
  const transfer = marcCall.getByRole("button", { name: "Transférer l'appel" });
  const dialog = marc.getByRole("dialog", { name: "Transférer l'appel" });
  const toIsabelle = async (shots: boolean): Promise<void> => {
    await expect(transfer).toBeEnabled();
    await transfer.click();
    await expect(dialog).toBeVisible();
    const reception = dialog.getByRole("button", { name: /Réception/ });
    await expect(reception).toBeVisible();
    if (shots) await dialog.screenshot({ path: `${SHOTS}/dialog-teams.png` });
    await reception.click();
    await expect(dialog.getByText("Sélectionner un utilisateur")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Retour aux groupes" })).toBeVisible();
    if (shots) await dialog.screenshot({ path: `${SHOTS}/dialog-users.png` });
    await dialog.getByRole("button", { name: DEMO_NAMES.admin }).click();
    await expect(dialog).toBeHidden();
  };
  await toIsabelle(true);

  // --- The caller is held while Isabelle rings; her card says it is a transferred call. ---
  await expect(marcCall.getByTestId("call-transferring")).toContainText(DEMO_NAMES.admin);
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En attente — musique d'attente");
  const card = offerCard(isabelle).filter({ hasText: "Appel transféré" });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText("De Réception")).toBeVisible();
  await card.screenshot({ path: `${SHOTS}/transferred-card.png` });
  await marc.screenshot({ path: `${SHOTS}/marc-transferring.png` });

  // --- She declines: the call comes back to Marc, still held, without a word (spec §4). ---
  await card.getByRole("button", { name: "Refuser" }).click();
  await expect(card).toBeHidden();
  await expect(marcCall.getByTestId("call-transferring")).toBeHidden();
  await expect(marcCall.getByTestId("call-held")).toBeVisible();
  await expect(marc.getByRole("alert")).toHaveCount(0);
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En attente — musique d'attente");
  await callPanel(marc).screenshot({ path: `${SHOTS}/back-held.png` });

  // --- He transfers again; this time she answers. ---
  await toIsabelle(false);
  await expect(card).toBeVisible({ timeout: 15_000 });

  // --- Isabelle answers: the call is hers, Marc's panel lets it go, the phone talks to her. ---
  await card.getByRole("button", { name: "Répondre" }).click();
  const isabelleCall = ownCallCard(isabelle);
  await expect(isabelleCall).toBeVisible();
  await expect(marcCall).toBeHidden({ timeout: 15_000 });
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication", { timeout: 15_000 });
  await expectAudioFlowing(isabelle);
  await expectAudioFlowing(phone.page);
  await isabelle.screenshot({ path: `${SHOTS}/isabelle-call.png` });

  await phoneCall(phone).getByRole("button", { name: "Raccrocher" }).click();
  await expect(isabelleCall.getByRole("heading", { name: "Appel terminé" })).toBeVisible();
  await closeAll(isabelle, marc);
  await phone.close();
});
