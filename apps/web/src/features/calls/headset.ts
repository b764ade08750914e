import { HEADSET_VENDOR_ID, headsetHangupIgnored } from "@relais/shared";
import {
  TELEPHONY_PAGE,
  headsetActions,
  readTelephonyReport,
  telephonyLayout,
  type HidCollectionInfo,
  type TelephonyLayout,
  type TelephonyState,
} from "./headset-report.ts";

/**
 * The headset of the browser phone over WebHID (issue 13 §2, decision 0043): connected once from
 * a click, found again on the next load, its hook switch answering and hanging up, its mute
 * button muting. The parts of WebHID used here are typed by hand (TypeScript's DOM library has
 * none); a browser without `navigator.hid` simply gets no headset.
 */

/** The part of WebHID's HIDDevice used here. */
export interface HidDeviceLike extends EventTarget {
  readonly productName: string;
  readonly vendorId: number;
  readonly opened: boolean;
  readonly collections: readonly HidCollectionInfo[];
  open(): Promise<void>;
  close(): Promise<void>;
  forget?(): Promise<void>;
}

/** The part of WebHID's `navigator.hid` used here. */
export interface HidLike extends EventTarget {
  requestDevice(options: { filters: { vendorId?: number; usagePage?: number }[] }): Promise<HidDeviceLike[]>;
  getDevices(): Promise<HidDeviceLike[]>;
}

/** What the headset does to the tab's phone (wired by the call screens). */
export interface HeadsetTarget {
  /** Answers the call ringing here, if one is. */
  answer(): void;
  /** Hangs up the call this tab carries, if there is one it may hang up. */
  hangup(): void;
}

export interface HeadsetState {
  /** The browser has WebHID: the headset is offered. */
  readonly supported: boolean;
  /** The connected headset's name, null when none is. */
  readonly name: string | null;
  /** The microphone is muted (from the headset or the panel), for the call this tab carries. */
  readonly muted: boolean;
}

/** A WebHID input report event, as far as it is read here. */
interface InputReport extends Event {
  readonly reportId?: number;
  readonly data?: DataView;
}

export class Headset {
  private state: HeadsetState;
  private readonly listeners = new Set<() => void>();
  private device: HidDeviceLike | null = null;
  private layout: TelephonyLayout = new Map();
  private last: TelephonyState = {};
  private target: HeadsetTarget | null = null;
  /** When the last hold, resume or mute command was sent (for the hang-up guard of spec §4). */
  private lastCommandAt: number | null = null;

  constructor(
    private readonly hid: HidLike | null,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.state = { supported: hid !== null, name: null, muted: false };
    hid?.addEventListener("disconnect", (event) => {
      if ((event as Event & { device?: HidDeviceLike }).device === this.device) this.drop();
    });
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): HeadsetState => this.state;

  private set(patch: Partial<HeadsetState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** The call screens say what the headset's buttons act on (null when they go away). */
  setTarget(target: HeadsetTarget | null): void {
    this.target = target;
  }

  /** A hold, resume or mute command was sent now: a hang-up from the headset within 2 s is ignored. */
  noteCommand(): void {
    this.lastCommandAt = this.now();
  }

  /** Mutes or unmutes the microphone (a mute command, from the panel or the headset). */
  setMuted(muted: boolean): void {
    this.noteCommand();
    if (muted !== this.state.muted) this.set({ muted });
  }

  /** A new call starts unmuted (not a command: the guard is not touched). */
  resetMute(): void {
    if (this.state.muted) this.set({ muted: false });
  }

  /**
   * Asks the person to pick their headset (needs a click: WebHID requires a user gesture). False
   * when they closed the chooser; throws when the device cannot be used.
   */
  async connect(): Promise<boolean> {
    if (!this.hid) return false;
    const [device] = await this.hid.requestDevice({ filters: [{ vendorId: HEADSET_VENDOR_ID, usagePage: TELEPHONY_PAGE }] });
    if (!device) return false;
    return this.use(device);
  }

  /** Takes back a headset the person granted on an earlier visit; nothing when there is none. */
  async restore(): Promise<boolean> {
    if (!this.hid || this.device) return false;
    const devices = await this.hid.getDevices();
    for (const device of devices) {
      if (device.vendorId !== HEADSET_VENDOR_ID) continue;
      try {
        return await this.use(device);
      } catch {
        // Unplugged since, or busy elsewhere: the next granted one, if any.
      }
    }
    return false;
  }

  /** Lets the headset go and forgets the permission, so the next load does not take it back. */
  async disconnect(): Promise<void> {
    const device = this.device;
    if (!device) return;
    this.drop();
    if (device.opened) await device.close().catch(() => undefined);
    await device.forget?.().catch(() => undefined);
  }

  private async use(device: HidDeviceLike): Promise<true> {
    const layout = telephonyLayout(device.collections);
    if (layout.size === 0) throw new Error("headset without hook switch or mute");
    if (!device.opened) await device.open();
    this.drop();
    this.device = device;
    this.layout = layout;
    this.last = {};
    device.addEventListener("inputreport", this.onReport);
    this.set({ name: device.productName || String(device.vendorId) });
    return true;
  }

  private drop(): void {
    this.device?.removeEventListener("inputreport", this.onReport);
    this.device = null;
    this.layout = new Map();
    this.last = {};
    if (this.state.name !== null) this.set({ name: null });
  }

  private readonly onReport = (event: Event): void => {
    const { reportId, data } = event as InputReport;
    if (!data) return;
    const next = readTelephonyReport(this.layout, reportId ?? 0, data);
    if (!next) return;
    const actions = headsetActions(this.last, next);
    this.last = { ...this.last, ...next };
    for (const action of actions) {
      if (action === "off-hook") this.target?.answer();
      else if (action === "mute") this.setMuted(!this.state.muted);
      else if (!headsetHangupIgnored(this.lastCommandAt, this.now())) this.target?.hangup();
    }
  };
}

function browserHid(): HidLike | null {
  if (typeof navigator === "undefined") return null;
  const hid = (navigator as Navigator & { hid?: HidLike }).hid;
  return hid ?? null;
}

/** This tab's headset. */
export const headset = new Headset(browserHid());
