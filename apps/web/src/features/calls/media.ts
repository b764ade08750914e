import type { CallSignal, VoiceCarrierName } from "@relais/shared";
import { phone } from "./phone.ts";
import { SandboxPeer } from "./peer.ts";

/** The microphone was refused or is missing: the microphone guide opens. */
export class MicrophoneError extends Error {
  constructor(readonly reason: "denied" | "none") {
    super(`microphone ${reason}`);
  }
}

/**
 * The audio of this tab's call, whatever the carrier (VOICE.md §6: the server decides the call's
 * state, the carrier's media only carries sound). The sandbox uses WebRTC between this tab and
 * the phone simulator; Twilio uses its Voice SDK (twilio-media.ts).
 */
export interface CallMedia {
  readonly carrier: VoiceCarrierName;
  /** Opens the microphone (from a click); throws MicrophoneError when refused or absent. */
  prepare: () => Promise<void>;
  /** This tab carries the call's audio from now on (before answering, so no signal is missed). */
  attach: (callId: string) => void;
  /** The server gave the call to this tab (answer accepted, outbound call placed): join its audio. */
  start: (callId: string) => void;
  /** Signalling the server relayed for the call (sandbox only). */
  signal: (callId: string, signal: CallSignal) => void;
  /** Dialpad keys (Twilio sends them in-band too; the sandbox relies on the server). */
  digits: (callId: string, digits: string) => void;
  /**
   * Hold (spec part 1 §4): while `held`, this tab's microphone does not reach the far end (the
   * carrier plays hold music to it). Follows the server's `held`, so it is safe to repeat.
   */
  hold: (callId: string, held: boolean) => void;
  /** Ends the call's audio and lets the microphone go. */
  release: (callId: string) => void;
}

/** The microphone, asked for now; a refusal or a missing device becomes a MicrophoneError. */
export async function openMicrophone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new MicrophoneError("none");
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : "";
    throw new MicrophoneError(name === "NotFoundError" || name === "OverconstrainedError" ? "none" : "denied");
  } finally {
    void phone.checkMicrophone();
  }
}

/** The sandbox network's audio: the simulator offers, this tab answers (decision 0022). */
export class SandboxMedia implements CallMedia {
  readonly carrier = "sandbox" as const;
  private stream: MediaStream | null = null;
  private readonly peers = new Map<string, SandboxPeer | null>();
  /** Signals of a call not attached yet (they may overtake the answer's HTTP reply). */
  private readonly waiting = new Map<string, CallSignal[]>();
  private chain: Promise<void> = Promise.resolve();
  /** Calls on hold: a peer made again during the hold (a new offer) starts silent too. */
  private readonly held = new Set<string>();

  async prepare(): Promise<void> {
    if (this.stream?.getAudioTracks().some((t) => t.readyState === "live")) return;
    this.stream = await openMicrophone();
  }

  attach(callId: string): void {
    if (this.peers.has(callId)) return;
    this.peers.set(callId, null);
    for (const signal of this.waiting.get(callId) ?? []) this.signal(callId, signal);
    this.waiting.delete(callId);
  }

  signal(callId: string, signal: CallSignal): void {
    if (!this.peers.has(callId)) {
      this.waiting.set(callId, [...(this.waiting.get(callId) ?? []), signal].slice(-40));
      return;
    }
    // One signal after the other: the answer must be set before the candidates that follow it.
    this.chain = this.chain.then(() => this.apply(callId, signal)).catch(() => undefined);
  }

  start(): void {
    // The phone simulator offers once the server tells it the call is connected.
  }

  digits(): void {
    // The server forwards the keys to the phone (POST voice/v1/calls/digits).
  }

  hold(callId: string, held: boolean): void {
    if (held) this.held.add(callId);
    else this.held.delete(callId);
    // In the signal chain: a peer still being made gets the hold once it exists.
    this.chain = this.chain.then(() => this.peers.get(callId)?.setSending(!held)).catch(() => undefined);
  }

  release(callId: string): void {
    this.held.delete(callId);
    this.peers.get(callId)?.close();
    this.peers.delete(callId);
    this.waiting.delete(callId);
    if (this.peers.size === 0) {
      for (const track of this.stream?.getTracks() ?? []) track.stop();
      this.stream = null;
    }
  }

  private async apply(callId: string, signal: CallSignal): Promise<void> {
    if (!this.peers.has(callId)) return;
    let peer = this.peers.get(callId) ?? null;
    if (signal.kind === "offer") {
      // A new offer (the phone started again): a new connection.
      peer?.close();
      if (!this.stream) await this.prepare();
      const stream = this.stream;
      if (!stream) return;
      peer = new SandboxPeer(stream, (s) => phone.sendSignal(callId, s), callId);
      this.peers.set(callId, peer);
      if (this.held.has(callId)) await peer.setSending(false);
    }
    await peer?.receive(signal);
  }
}
