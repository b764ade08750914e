import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HEADSET_VENDOR_ID } from "@relais/shared";
import { Headset, type HidDeviceLike, type HidLike } from "./headset.ts";
import type { HidCollectionInfo } from "./headset-report.ts";

const HOOK_BIT = 0b01;
const MUTE_BIT = 0b10;

/** A headset as the browser shows it: report 3 carries the hook switch (bit 0) and the mute (bit 1). */
class FakeDevice extends EventTarget implements HidDeviceLike {
  readonly productName = "Casque de test";
  opened = false;
  readonly collections: HidCollectionInfo[] = [
    {
      usagePage: 0x0b,
      usage: 0x05,
      inputReports: [
        {
          reportId: 3,
          items: [
            { usages: [(0x0b << 16) | 0x20, (0x0b << 16) | 0x2f], reportSize: 1, reportCount: 2 },
            { isConstant: true, reportSize: 6, reportCount: 1 },
          ],
        },
      ],
    },
  ];
  forgotten = false;
  constructor(readonly vendorId = HEADSET_VENDOR_ID) {
    super();
  }
  open(): Promise<void> {
    this.opened = true;
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.opened = false;
    return Promise.resolve();
  }
  forget(): Promise<void> {
    this.forgotten = true;
    return Promise.resolve();
  }
  /** The headset sends report 3 with these bits. */
  send(bits: number): void {
    this.dispatchEvent(
      Object.assign(new Event("inputreport"), { device: this, reportId: 3, data: new DataView(Uint8Array.of(bits).buffer) }),
    );
  }
}

class FakeHid extends EventTarget implements HidLike {
  granted: FakeDevice[] = [];
  filters: unknown = null;
  constructor(private readonly picked: FakeDevice | null) {
    super();
  }
  requestDevice(options: { filters: { vendorId?: number; usagePage?: number }[] }): Promise<HidDeviceLike[]> {
    this.filters = options.filters;
    if (this.picked) this.granted.push(this.picked);
    return Promise.resolve(this.picked ? [this.picked] : []);
  }
  getDevices(): Promise<HidDeviceLike[]> {
    return Promise.resolve(this.granted);
  }
}

describe("Headset", () => {
  let device: FakeDevice;
  let hid: FakeHid;
  let headset: Headset;
  const target = { answer: vi.fn(), hangup: vi.fn() };

  beforeEach(async () => {
    vi.useFakeTimers({ now: new Date("2026-01-01T10:00:00Z") });
    target.answer.mockReset();
    target.hangup.mockReset();
    device = new FakeDevice();
    hid = new FakeHid(device);
    headset = new Headset(hid);
    headset.setTarget(target);
    expect(await headset.connect()).toBe(true);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks for the spec's vendor on the telephony page, opens the device and shows its name", () => {
    expect(hid.filters).toEqual([{ vendorId: 27027, usagePage: 0x0b }]);
    expect(device.opened).toBe(true);
    expect(headset.getSnapshot()).toEqual({ supported: true, name: "Casque de test", muted: false });
  });

  it("answers when the headset goes off-hook and hangs up when it goes back on-hook", () => {
    device.send(HOOK_BIT);
    expect(target.answer).toHaveBeenCalledTimes(1);
    device.send(HOOK_BIT);
    expect(target.answer).toHaveBeenCalledTimes(1);
    device.send(0);
    expect(target.hangup).toHaveBeenCalledTimes(1);
  });

  it("toggles the mute with each press of the mute button", () => {
    device.send(MUTE_BIT);
    expect(headset.getSnapshot().muted).toBe(true);
    device.send(0);
    expect(headset.getSnapshot().muted).toBe(true);
    device.send(MUTE_BIT);
    expect(headset.getSnapshot().muted).toBe(false);
  });

  it("ignores a hang-up within 2 s of a hold command, and obeys one after", () => {
    device.send(HOOK_BIT);
    vi.advanceTimersByTime(5_000);
    headset.noteCommand(); // the panel's hold button
    vi.advanceTimersByTime(1_999);
    device.send(0);
    expect(target.hangup).not.toHaveBeenCalled();
    device.send(HOOK_BIT);
    vi.advanceTimersByTime(1);
    device.send(0);
    expect(target.hangup).toHaveBeenCalledTimes(1);
  });

  it("ignores a hang-up sent with the headset's own mute press (within 2 s), and obeys one after", () => {
    device.send(HOOK_BIT);
    vi.advanceTimersByTime(5_000);
    // Some headsets send the hook switch back with their mute: one report, both changes.
    device.send(MUTE_BIT);
    vi.advanceTimersByTime(500);
    device.send(0);
    expect(headset.getSnapshot().muted).toBe(true);
    expect(target.hangup).not.toHaveBeenCalled();
    device.send(HOOK_BIT);
    vi.advanceTimersByTime(2_000);
    device.send(0);
    expect(target.hangup).toHaveBeenCalledTimes(1);
  });

  it("ignores a hang-up within 2 s of a mute from the panel", () => {
    device.send(HOOK_BIT);
    vi.advanceTimersByTime(10_000);
    headset.setMuted(true);
    vi.advanceTimersByTime(1_000);
    device.send(0);
    expect(target.hangup).not.toHaveBeenCalled();
  });

  it("forgets the headset on disconnect: its reports do nothing and the next load does not take it back", async () => {
    await headset.disconnect();
    expect(headset.getSnapshot().name).toBeNull();
    expect(device.opened).toBe(false);
    expect(device.forgotten).toBe(true);
    device.send(HOOK_BIT);
    expect(target.answer).not.toHaveBeenCalled();
  });

  it("takes back a granted headset on load, and lets it go when it is unplugged", async () => {
    const again = new Headset(hid);
    again.setTarget(target);
    device.opened = false;
    expect(await again.restore()).toBe(true);
    expect(again.getSnapshot().name).toBe("Casque de test");
    hid.dispatchEvent(Object.assign(new Event("disconnect"), { device }));
    expect(again.getSnapshot().name).toBeNull();
  });

  it("refuses a device without hook switch or mute, and keeps none", async () => {
    const plain = new FakeDevice();
    plain.collections.splice(0, 1, {
      usagePage: 0x0c,
      usage: 0x01,
      inputReports: [{ reportId: 1, items: [{ usages: [(0x0c << 16) | 0xe9], reportSize: 1, reportCount: 8 }] }],
    });
    const fresh = new Headset(new FakeHid(plain));
    await expect(fresh.connect()).rejects.toThrow("headset without hook switch or mute");
    expect(fresh.getSnapshot().name).toBeNull();
    expect(plain.opened).toBe(false);
  });

  it("takes back no device of another vendor, and offers nothing without WebHID", async () => {
    const other = new FakeHid(null);
    other.granted.push(new FakeDevice(1133));
    expect(await new Headset(other).restore()).toBe(false);
    const none = new Headset(null);
    expect(none.getSnapshot().supported).toBe(false);
    expect(await none.connect()).toBe(false);
    expect(await none.restore()).toBe(false);
  });
});
