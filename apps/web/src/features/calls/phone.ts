import {
  EVENT_PAYLOADS,
  PRESENCE_HEARTBEAT_MS,
  type CallOffer,
  type CallSignal,
  type CallView,
  type OfferRevokeReason,
  type PresenceAck,
  type RealtimeClientMessage,
  type RealtimeDirectMessage,
  type RealtimeEvent,
} from "@relais/shared";
import { voiceEndpoints } from "@relais/shared/endpoints/voice";
import { api } from "../../api/index.ts";

/** What the phone needs of the tab's real-time connection (RealtimeClient; a fake in tests). */
export interface PhoneLink {
  send: (message: RealtimeClientMessage) => boolean;
  onEvent: (listener: (event: RealtimeEvent) => void) => () => void;
  onDirect: (listener: (message: RealtimeDirectMessage) => void) => () => void;
  onReady: (listener: () => void) => () => void;
}

/** This browser's microphone: allowed, to be asked, refused, or no device at all. */
export type MicrophoneState = "granted" | "prompt" | "denied" | "none";

/** An offer that stopped ringing while it was shown: why, so the panel can say "taken by …". */
export interface OfferNotice {
  offer: CallOffer;
  reason: OfferRevokeReason;
}

export interface PhoneState {
  /** Offers ringing in this tab, oldest first. */
  offers: readonly CallOffer[];
  /** Every call this tab heard of, at its highest version. */
  calls: Readonly<Record<string, CallView>>;
  /** The call this tab carries (answered or placed here); it stays until the panel is closed. */
  ownCallId: string | null;
  notices: readonly OfferNotice[];
  /** The server's last answer to the heartbeat: offered or not, and why. */
  presence: PresenceAck | null;
  microphone: MicrophoneState;
  /** Server clock minus this browser's clock, in ms (timers run on the server's clock). */
  skewMs: number;
}

type SignalHandler = (callId: string, signal: CallSignal) => void;

/** A random id for this tab's life (presence and acks name it). */
function newTabId(): string {
  return `tab-${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`;
}

/** The microphone as the browser tells it without asking the person anything. */
export async function readMicrophone(): Promise<MicrophoneState> {
  const media = typeof navigator === "undefined" ? undefined : navigator.mediaDevices;
  if (!media) return "none";
  let state: PermissionState = "prompt";
  try {
    state = (await navigator.permissions.query({ name: "microphone" })).state;
  } catch {
    // No Permissions API for the microphone (some browsers): the first call will ask.
  }
  if (state === "denied") return "denied";
  const devices = await media.enumerateDevices().catch(() => []);
  return devices.some((d) => d.kind === "audioinput") ? state : "none";
}

/**
 * The tab's phone (VOICE.md §6, decision 0021), one per tab. It says the tab is alive (the
 * heartbeat, at once when the tab shows again), acknowledges each offer at once — busy when this
 * tab already rings for another call or carries one — keeps each call at its highest version, and
 * hands the call's signalling to the media part once the call screens are there.
 */
export class PhoneController {
  readonly tabId = newTabId();
  private current: PhoneState = { offers: [], calls: {}, ownCallId: null, notices: [], presence: null, microphone: "prompt", skewMs: 0 };
  private readonly listeners = new Set<() => void>();
  private signalHandler: SignalHandler | null = null;
  private readonly pendingSignals: [string, CallSignal][] = [];
  private link: PhoneLink | null = null;
  private stopAll: (() => void) | null = null;

  get state(): PhoneState {
    return this.current;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PhoneState => this.current;

  /** Starts the heartbeat and listens on `link`; returns the stop function. */
  start(link: PhoneLink): () => void {
    this.stopAll?.();
    this.link = link;
    const beat = (): void => {
      this.heartbeat();
    };
    const timer = window.setInterval(beat, PRESENCE_HEARTBEAT_MS);

    const onVisible = (): void => {
      beat();
      if (document.visibilityState === "visible") void this.rereadOffers();
    };
    document.addEventListener("visibilitychange", onVisible);
    const offs = [
      link.onReady(() => {
        beat();
        void this.rereadOffers();
      }),
      link.onEvent((event) => {
        this.receive(event);
      }),
      link.onDirect((message) => {
        if (message.type === "presence.ok") {
          this.set({ presence: message, skewMs: Date.parse(message.serverNow) - Date.now() });
        } else {
          this.deliverSignal(message.callId, message.signal);
        }
      }),
    ];
    void this.checkMicrophone();
    this.stopAll = () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      for (const off of offs) off();
      this.link = null;
      this.stopAll = null;
    };
    return this.stopAll;
  }

  /** Reads the microphone's state again (after the person allowed it) and says so to the server. */
  async checkMicrophone(): Promise<MicrophoneState> {
    const microphone = await readMicrophone();
    if (microphone !== this.current.microphone) {
      this.set({ microphone });
      this.heartbeat();
    }
    return microphone;
  }

  /** The call screens take the call's signalling from now on (what came before is handed over). */
  handleSignals(handler: SignalHandler | null): void {
    this.signalHandler = handler;
    if (handler) {
      for (const [callId, signal] of this.pendingSignals.splice(0)) handler(callId, signal);
    }
  }

  sendSignal(callId: string, signal: CallSignal): void {
    this.link?.send({ type: "call.signal", callId, signal });
  }

  /** A view read over HTTP (answer, outbound call, GET): kept if it is the newest. */
  upsertCall(view: CallView): void {
    const known = this.current.calls[view.id];
    if (known && known.version > view.version) return;
    const patch: Partial<PhoneState> = {
      calls: { ...this.current.calls, [view.id]: view },
      skewMs: Date.parse(view.serverNow) - Date.now(),
    };
    // An ended or parked call rings nobody: its offer goes (a parked call is picked from the queue view).
    if (view.state === "ended" || view.state === "parked") patch.offers = this.current.offers.filter((o) => o.callId !== view.id);
    this.set(patch);
  }

  /** The call this tab carries from now on (or none); its own offer stops showing for good. */
  setOwnCall(callId: string | null): void {
    this.set({ ownCallId: callId, offers: callId ? this.current.offers.filter((o) => o.callId !== callId) : this.current.offers });
    this.heartbeat();
  }

  dismissNotice(callId: string): void {
    this.set({ notices: this.current.notices.filter((n) => n.offer.callId !== callId) });
  }

  /** Whether this tab carries a call that is not over. */
  get onCall(): boolean {
    const own = this.current.ownCallId ? this.current.calls[this.current.ownCallId] : undefined;
    return this.current.ownCallId !== null && own?.state !== "ended";
  }

  private heartbeat(): void {
    const microphone = this.current.microphone;
    this.link?.send({ type: "presence", tabId: this.tabId, canAnswer: microphone === "granted" || microphone === "prompt" });
  }

  /** Offers still ringing for this person (after the tab slept or the socket came back). */
  private async rereadOffers(): Promise<void> {
    try {
      const answer = await api.call(voiceEndpoints.offers);
      const ids = new Set(answer.offers.map((o) => o.callId));
      const kept = this.current.offers.filter((o) => ids.has(o.callId));
      const added = answer.offers.filter((o) => !kept.some((k) => k.callId === o.callId));
      this.set({ offers: kept });
      // An offer made before this tab listened (a reload) is acknowledged like a live one.
      for (const offer of added) this.offered(offer);
    } catch {
      // The next visibility change or reconnection reads them again.
    }
  }

  private receive(event: RealtimeEvent): void {
    // Each payload is checked against its schema (a newer server may send another shape).
    if (event.type === "call.offer") {
      const offer = EVENT_PAYLOADS["call.offer"].safeParse(event.payload);
      if (offer.success) this.offered(offer.data);
    } else if (event.type === "call.offer.revoked") {
      const revoked = EVENT_PAYLOADS["call.offer.revoked"].safeParse(event.payload);
      if (!revoked.success) return;
      const { callId, reason } = revoked.data;
      const offer = this.current.offers.find((o) => o.callId === callId);
      if (!offer) return;
      // "desk": this person picked up their desk phone (decision 0041); the call itself arrives as call.updated.
      const quiet = reason === "rejected" || reason === "declined" || reason === "desk";
      this.set({
        offers: this.current.offers.filter((o) => o.callId !== callId),
        notices: quiet ? this.current.notices : [...this.current.notices.filter((n) => n.offer.callId !== callId), { offer, reason }],
      });
    } else if (event.type === "call.updated" || event.type === "call.ended") {
      const call = EVENT_PAYLOADS[event.type].safeParse(event.payload);
      if (call.success) this.upsertCall(call.data);
    } else if (event.type === "transfer.updated") {
      // The target took the call this tab transferred (perhaps for a team this person cannot see): the tab lets it go.
      const update = EVENT_PAYLOADS["transfer.updated"].safeParse(event.payload);
      if (update.success && update.data.status === "accepted" && this.current.ownCallId === update.data.callId) this.setOwnCall(null);
    }
  }

  private offered(offer: CallOffer): void {
    const busy = this.onCall || this.current.offers.some((o) => o.callId !== offer.callId);
    this.link?.send({ type: "call.offer.received", callId: offer.callId, tabId: this.tabId, busy });
    if (busy) return;
    this.set({
      offers: [...this.current.offers.filter((o) => o.callId !== offer.callId), offer],
      notices: this.current.notices.filter((n) => n.offer.callId !== offer.callId),
    });
  }

  private deliverSignal(callId: string, signal: CallSignal): void {
    if (this.signalHandler) {
      this.signalHandler(callId, signal);
    } else {
      this.pendingSignals.push([callId, signal]);
    }
  }

  private set(patch: Partial<PhoneState>): void {
    this.current = { ...this.current, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** The tab's phone. */
export const phone = new PhoneController();
