import { expect, test, type Browser, type Page, type TestInfo } from "./support/test.ts";
import { DEMO } from "./support/accounts.ts";
import { login } from "./support/auth.ts";
import {
  callPanel,
  closeAll,
  expectAudioFlowing,
  expectAudioStopped,
  goOnline,
  offerCard,
  ownCallCard,
  phoneCall,
  readyControl,
} from "./support/calls.ts";
import { screenshotPath } from "./support/screenshots.ts";
import { PhoneSimulator, uniqueContact } from "./support/simulator.ts";
import { keepTeamOpen } from "./support/office-hours.ts";

keepTeamOpen();

/**
 * Chromium headless has no HID device: this installs a `navigator.hid` whose one headset (the
 * spec's vendor 27027) has, in input report 3, the hook switch on bit 0 and the phone mute on
 * bit 1, as a real descriptor's collections describe them. `window.__headset(bits)` makes it send
 * a report.
 */
function fakeHid(): void {
  const usage = (page: number, id: number) => (page << 16) | id;
  class FakeHeadset extends EventTarget {
    readonly productName = "Casque Relais 27027";
    readonly vendorId = 27027;
    readonly productId = 1;
    opened = false;
    readonly collections = [
      {
        usagePage: 0x0b,
        usage: 0x05,
        type: 1,
        children: [],
        outputReports: [],
        featureReports: [],
        inputReports: [
          {
            reportId: 3,
            items: [
              { usages: [usage(0x0b, 0x20), usage(0x0b, 0x2f)], reportSize: 1, reportCount: 2, isArray: false, isRange: false },
              { usages: [], isConstant: true, reportSize: 6, reportCount: 1 },
            ],
          },
        ],
      },
    ];
    open(): Promise<void> {
      this.opened = true;
      return Promise.resolve();
    }
    close(): Promise<void> {
      this.opened = false;
      return Promise.resolve();
    }
    forget(): Promise<void> {
      granted.length = 0;
      return Promise.resolve();
    }
  }
  const device = new FakeHeadset();
  const granted: FakeHeadset[] = [];
  const hid = Object.assign(new EventTarget(), {
    requestDevice: () => {
      if (!granted.includes(device)) granted.push(device);
      return Promise.resolve([device]);
    },
    getDevices: () => Promise.resolve([...granted]),
  });
  Object.defineProperty(navigator, "hid", { value: hid, configurable: true });
  (window as unknown as { __headset: (bits: number) => void }).__headset = (bits) => {
    const event = Object.assign(new Event("inputreport"), { device, reportId: 3, data: new DataView(Uint8Array.of(bits).buffer) });
    device.dispatchEvent(event);
  };
}

const HOOK = 0b01;
const MUTE = 0b10;

async function headsetSends(page: Page, bits: number): Promise<void> {
  await page.evaluate((b) => {
    (window as unknown as { __headset: (bits: number) => void }).__headset(b);
  }, bits);
}

/** Marc, signed in and online, in a browser whose `navigator.hid` is the fake headset. */
async function staffWithHeadset(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  await context.addInitScript(fakeHid);
  const page = await context.newPage();
  await login(page, DEMO.user);
  await goOnline(page);
  return page;
}

test("casque : décrocher répond, la sourdine coupe le micro, un raccrochage dans les 2 s d'une attente ou d'une sourdine est ignoré, après 2 s il raccroche", async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(150_000);
  const contact = uniqueContact();
  const phone = await PhoneSimulator.open(browser, testInfo, contact.e164);
  const marc = await staffWithHeadset(browser, testInfo);

  // --- Marc connects his headset from the browser phone's settings. ---
  await readyControl(marc).click();
  await marc.getByRole("button", { name: "Connecter un casque" }).click();
  const connected = marc.getByTestId("headset");
  await expect(connected.getByLabel("Casque connecté : Casque Relais 27027")).toBeVisible();
  await expect(connected.getByRole("button", { name: "Déconnecter" })).toBeVisible();
  await marc.screenshot({ path: screenshotPath("headset-connected.png") });
  await readyControl(marc).click();

  // --- The phone calls; lifting the headset answers. ---
  await phoneCall(phone).getByRole("button", { name: "Appeler la clinique" }).click();
  await expect(offerCard(marc)).toBeVisible({ timeout: 15_000 });
  await headsetSends(marc, HOOK);
  const call = ownCallCard(marc);
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");
  await expectAudioFlowing(phone.page);
  await expectAudioFlowing(marc);

  // --- Hold, and the headset's hang-up right after: ignored. ---
  await call.getByRole("button", { name: "Mettre en attente" }).click();
  await headsetSends(marc, 0);
  await expect(call.getByTestId("call-held")).toHaveText("En attente");
  // --- Resume (a command too), and a hang-up right after it, the call no longer held: ignored. ---
  await headsetSends(marc, HOOK);
  await call.getByRole("button", { name: "Reprendre l'appel" }).click();
  await expect(call.getByTestId("call-held")).toBeHidden();
  await headsetSends(marc, 0);
  await expect(call.getByRole("button", { name: "Raccrocher" })).toBeEnabled();
  await expect(call.getByRole("heading", { name: "Appel entrant" })).toBeVisible();
  await expect(phoneCall(phone).getByTestId("phone-call-status")).toHaveText("En communication");

  // --- The headset's mute press, its hook switch dropped in the same report: muted, not hung up. ---
  await headsetSends(marc, HOOK);
  await headsetSends(marc, MUTE);
  const unmute = call.getByRole("button", { name: "Réactiver le micro" });
  await expect(unmute).toHaveAttribute("aria-pressed", "true");
  await expect(call.getByRole("heading", { name: "Appel entrant" })).toBeVisible();
  await expectAudioStopped(phone.page);
  await expectAudioFlowing(marc);
  await marc.mouse.move(0, 0);
  await callPanel(marc).screenshot({ path: screenshotPath("call-muted.png") });
  await unmute.click();
  await expect(call.getByRole("button", { name: "Couper le micro" })).toHaveAttribute("aria-pressed", "false");
  await expectAudioFlowing(phone.page);

  // --- Lifted again, put back more than 2 s after the last command: the call ends. ---
  await headsetSends(marc, HOOK);
  await marc.waitForTimeout(2_100);
  await headsetSends(marc, 0);
  await expect(call.getByRole("heading", { name: "Appel terminé" })).toBeVisible();
  await expect(phoneCall(phone).getByRole("button", { name: "Appeler la clinique" })).toBeVisible();

  // --- Disconnect forgets it: the setting offers to connect again. ---
  await readyControl(marc).click();
  await marc.getByTestId("headset").getByRole("button", { name: "Déconnecter" }).click();
  await expect(marc.getByRole("button", { name: "Connecter un casque" })).toBeVisible();

  await closeAll(marc);
  await phone.close();
});
