import { describe, expect, it } from "vitest";
import { headsetActions, readTelephonyReport, telephonyLayout, type HidCollectionInfo } from "./headset-report.ts";

const usage = (page: number, id: number) => (page << 16) | id;
const HOOK = usage(0x0b, 0x20);
const MUTE = usage(0x0b, 0x2f);
const FLASH = usage(0x0b, 0x21);
const VOLUME_UP = usage(0x0c, 0xe9);
const VOLUME_DOWN = usage(0x0c, 0xea);

const bytes = (...values: number[]) => new DataView(Uint8Array.from(values).buffer);

/** A headset as WebHID shows it: consumer volume in report 1, telephony in report 2 (after two volume bits and a flash bit). */
const HEADSET: HidCollectionInfo[] = [
  {
    usagePage: 0x0c,
    usage: 0x01,
    inputReports: [
      {
        reportId: 1,
        items: [
          { usages: [VOLUME_UP, VOLUME_DOWN], reportSize: 1, reportCount: 2 },
          { isConstant: true, reportSize: 6, reportCount: 1 },
        ],
      },
    ],
  },
  {
    usagePage: 0x0b,
    usage: 0x05,
    children: [
      {
        usagePage: 0x0b,
        usage: 0x05,
        inputReports: [
          {
            reportId: 2,
            items: [
              { usages: [VOLUME_UP, VOLUME_DOWN], reportSize: 1, reportCount: 2 },
              { usages: [FLASH], reportSize: 1, reportCount: 1 },
              { usages: [HOOK, MUTE], reportSize: 1, reportCount: 2 },
              { isConstant: true, reportSize: 3, reportCount: 1 },
            ],
          },
        ],
      },
    ],
  },
];

describe("telephonyLayout / readTelephonyReport", () => {
  const layout = telephonyLayout(HEADSET);

  it("finds the hook switch and the mute in the telephony report, nested in a child collection", () => {
    expect([...layout.keys()]).toEqual([2]);
    // Hook switch is bit 3 (after two volume bits and flash), mute bit 4.
    expect(readTelephonyReport(layout, 2, bytes(0b0000_1000))).toEqual({ hookSwitch: true, phoneMute: false });
    expect(readTelephonyReport(layout, 2, bytes(0b0001_0000))).toEqual({ hookSwitch: false, phoneMute: true });
    expect(readTelephonyReport(layout, 2, bytes(0b0000_0111))).toEqual({ hookSwitch: false, phoneMute: false });
  });

  it("ignores a report that carries neither control", () => {
    expect(readTelephonyReport(layout, 1, bytes(0xff))).toBeNull();
  });

  it("reads a field that crosses a byte and a usage given as a range", () => {
    const ranged = telephonyLayout([
      {
        usagePage: 0x0b,
        usage: 0x05,
        inputReports: [
          {
            items: [
              { usages: [usage(0x0c, 0xe0)], reportSize: 7, reportCount: 1 },
              { isRange: true, usageMinimum: HOOK, usageMaximum: usage(0x0b, 0x22), reportSize: 1, reportCount: 3 },
              { usages: [MUTE], reportSize: 1, reportCount: 1 },
            ],
          },
        ],
      },
    ]);
    // Hook switch: bit 7 of byte 0; mute: bit 10, byte 1 bit 2.
    expect(readTelephonyReport(ranged, 0, bytes(0x80, 0x00))).toEqual({ hookSwitch: true, phoneMute: false });
    expect(readTelephonyReport(ranged, 0, bytes(0x7f, 0x04))).toEqual({ hookSwitch: false, phoneMute: true });
    // A report shorter than its layout reads as at rest.
    expect(readTelephonyReport(ranged, 0, bytes(0x00))).toEqual({ hookSwitch: false, phoneMute: false });
  });

  it("reads an array field by the usage index it holds", () => {
    const array = telephonyLayout([
      {
        inputReports: [
          { reportId: 5, items: [{ isArray: true, usages: [FLASH, HOOK, MUTE], logicalMinimum: 1, reportSize: 4, reportCount: 2 }] },
        ],
      },
    ]);
    expect(readTelephonyReport(array, 5, bytes(0x00))).toEqual({ hookSwitch: false, phoneMute: false });
    expect(readTelephonyReport(array, 5, bytes(0x02))).toEqual({ hookSwitch: true, phoneMute: false });
    expect(readTelephonyReport(array, 5, bytes(0x32))).toEqual({ hookSwitch: true, phoneMute: true });
    expect(readTelephonyReport(array, 5, bytes(0x01))).toEqual({ hookSwitch: false, phoneMute: false });
  });

  it("finds nothing in a device without telephony controls", () => {
    expect(telephonyLayout([HEADSET[0] as HidCollectionInfo]).size).toBe(0);
  });
});

describe("headsetActions", () => {
  it("takes the line when the hook switch goes off-hook and hangs up when it goes back", () => {
    expect(headsetActions({}, { hookSwitch: true })).toEqual(["off-hook"]);
    expect(headsetActions({ hookSwitch: true }, { hookSwitch: true })).toEqual([]);
    expect(headsetActions({ hookSwitch: true }, { hookSwitch: false })).toEqual(["on-hook"]);
    expect(headsetActions({}, { hookSwitch: false })).toEqual([]);
  });

  it("toggles the mute on a press, not on its release", () => {
    expect(headsetActions({ phoneMute: false }, { phoneMute: true })).toEqual(["mute"]);
    expect(headsetActions({ phoneMute: true }, { phoneMute: true })).toEqual([]);
    expect(headsetActions({ phoneMute: true }, { phoneMute: false })).toEqual([]);
  });

  it("puts a mute before a hook change of the same report", () => {
    expect(headsetActions({ hookSwitch: true, phoneMute: false }, { hookSwitch: false, phoneMute: true })).toEqual(["mute", "on-hook"]);
  });
});
