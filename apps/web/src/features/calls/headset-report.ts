/**
 * Reading a telephony headset's input reports (decision 0043), without the device: where the hook
 * switch and the phone mute sit in each input report, found from the report descriptor's
 * collections as WebHID describes them (`HIDDevice.collections`, each with `inputReports` whose
 * `items` are laid out one after the other, least significant bit first), then what a report's
 * bytes say and which actions a change of them means.
 */

/** The HID Telephony usage page and the two usages the browser phone acts on (HID Usage Tables §14). */
export const TELEPHONY_PAGE = 0x0b;
const HOOK_SWITCH = 0x20;
const PHONE_MUTE = 0x2f;

/** The part of WebHID's HIDReportItem read here. `usages`, `usageMinimum` and `usageMaximum` are extended usages (page << 16 | id). */
interface HidReportItem {
  usages?: readonly number[];
  usageMinimum?: number;
  usageMaximum?: number;
  isRange?: boolean;
  isArray?: boolean;
  isConstant?: boolean;
  reportSize?: number;
  reportCount?: number;
  logicalMinimum?: number;
}

interface HidReportInfo {
  reportId?: number;
  items?: readonly HidReportItem[];
}

export interface HidCollectionInfo {
  usagePage?: number;
  usage?: number;
  children?: readonly HidCollectionInfo[];
  inputReports?: readonly HidReportInfo[];
}

type TelephonyControl = "hookSwitch" | "phoneMute";

/** A control as a variable field (its bits) or as one value an array field may hold. */
type Field =
  | { kind: "variable"; control: TelephonyControl; offset: number; size: number }
  | { kind: "array"; control: TelephonyControl; offset: number; size: number; count: number; value: number };

/** Where each control sits, per input report id (0 when the device numbers no reports). */
export type TelephonyLayout = ReadonlyMap<number, readonly Field[]>;

const CONTROLS: ReadonlyMap<number, TelephonyControl> = new Map([
  [(TELEPHONY_PAGE << 16) | HOOK_SWITCH, "hookSwitch"],
  [(TELEPHONY_PAGE << 16) | PHONE_MUTE, "phoneMute"],
]);

/** The item's usages in order: its list, or its range spelled out. */
function usagesOf(item: HidReportItem): number[] {
  if (item.isRange && item.usageMinimum !== undefined && item.usageMaximum !== undefined) {
    const all: number[] = [];
    for (let u = item.usageMinimum; u <= item.usageMaximum && all.length < 1024; u += 1) all.push(u);
    return all;
  }
  return [...(item.usages ?? [])];
}

function fieldsOf(report: HidReportInfo): Field[] {
  const fields: Field[] = [];
  let offset = 0;
  for (const item of report.items ?? []) {
    const size = item.reportSize ?? 0;
    const count = item.reportCount ?? 0;
    if (!item.isConstant) {
      const usages = usagesOf(item);
      if (item.isArray) {
        // Each of `count` slots holds the index (from logicalMinimum) of a usage that is on.
        usages.forEach((usage, index) => {
          const control = CONTROLS.get(usage);
          if (control) fields.push({ kind: "array", control, offset, size, count, value: index + (item.logicalMinimum ?? 0) });
        });
      } else {
        // One field per slot; slots past the list repeat its last usage (HID 1.11 §6.2.2.8).
        for (let slot = 0; slot < count && usages.length > 0; slot += 1) {
          const control = CONTROLS.get(usages[Math.min(slot, usages.length - 1)] ?? -1);
          if (control && !fields.some((f) => f.control === control)) {
            fields.push({ kind: "variable", control, offset: offset + slot * size, size });
          }
        }
      }
    }
    offset += size * count;
  }
  return fields;
}

/** Where the hook switch and phone mute sit in the device's input reports; empty when it has neither. */
export function telephonyLayout(collections: readonly HidCollectionInfo[]): TelephonyLayout {
  const layout = new Map<number, Field[]>();
  const walk = (collection: HidCollectionInfo): void => {
    for (const report of collection.inputReports ?? []) {
      const fields = fieldsOf(report);
      if (fields.length > 0) layout.set(report.reportId ?? 0, [...(layout.get(report.reportId ?? 0) ?? []), ...fields]);
    }
    for (const child of collection.children ?? []) walk(child);
  };
  for (const collection of collections) walk(collection);
  return layout;
}

/** `size` bits from bit `offset` of the report (little-endian, as HID lays fields out); 0 past its end. */
function readBits(data: DataView, offset: number, size: number): number {
  let value = 0;
  for (let bit = 0; bit < size && bit < 32; bit += 1) {
    const at = offset + bit;
    const byte = at >> 3;
    if (byte >= data.byteLength) break;
    if ((data.getUint8(byte) >> (at & 7)) & 1) value += 2 ** bit;
  }
  return value;
}

/** What one of the device's input reports says of the controls it carries (a control it lacks is absent). */
export type TelephonyState = Partial<Record<TelephonyControl, boolean>>;

/** Reads report `reportId`'s bytes (without the id, as WebHID gives them); null when that report carries no control. */
export function readTelephonyReport(layout: TelephonyLayout, reportId: number, data: DataView): TelephonyState | null {
  const fields = layout.get(reportId);
  if (!fields) return null;
  const state: TelephonyState = {};
  for (const field of fields) {
    if (field.kind === "variable") {
      state[field.control] = readBits(data, field.offset, field.size) !== 0;
    } else {
      let on = false;
      for (let slot = 0; slot < field.count; slot += 1) {
        if (readBits(data, field.offset + slot * field.size, field.size) === field.value) on = true;
      }
      state[field.control] = (state[field.control] ?? false) || on;
    }
  }
  return state;
}

export type HeadsetAction = "off-hook" | "on-hook" | "mute";

/**
 * The actions a report means, from the change against the last one: the hook switch is a state
 * (lifting the boom or pressing the call button takes the line, putting it back hangs up), the
 * phone mute a button (a press toggles the mute, its release does nothing). A control not seen
 * before counts as at rest (on-hook, not pressed).
 */
export function headsetActions(previous: TelephonyState, next: TelephonyState): HeadsetAction[] {
  const actions: HeadsetAction[] = [];
  // The mute first: a headset that drops its hook switch in the report of its mute press is
  // then caught by the hang-up guard, which that mute has just armed.
  if (next.phoneMute === true && previous.phoneMute !== true) actions.push("mute");
  if (next.hookSwitch !== undefined && next.hookSwitch !== (previous.hookSwitch ?? false)) {
    actions.push(next.hookSwitch ? "off-hook" : "on-hook");
  }
  return actions;
}
