import type { CallSignal } from "@relais/shared";

/**
 * One WebRTC peer connection of the sandbox network (VOICE.md §5): no ICE servers (both browsers
 * are on this machine), the microphone's track out, the far end's audio into an <audio> element.
 * Used by the staff tab (it answers) and by the phone simulator (it offers).
 */
export class SandboxPeer {
  readonly pc = new RTCPeerConnection({ iceServers: [] });
  private readonly audio = new Audio();
  private readonly early: RTCIceCandidateInit[] = [];
  /** The microphone's tracks, kept to send again after a hold (replaceTrack(null) drops them from the senders). */
  private readonly tracks: MediaStreamTrack[];

  constructor(
    stream: MediaStream,
    private readonly send: (signal: CallSignal) => void,
    /** Where the test hook lists this connection (decision 0029). */
    private readonly hookKey: string,
  ) {
    this.audio.autoplay = true;
    this.tracks = stream.getAudioTracks();
    for (const track of this.tracks) this.pc.addTrack(track, stream);
    this.pc.ontrack = (event) => {
      this.audio.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      void this.audio.play().catch(() => undefined);
    };
    this.pc.onicecandidate = (event) => {
      const c = event.candidate?.toJSON();
      this.send({
        kind: "ice",
        payload: c?.candidate
          ? {
              candidate: c.candidate,
              sdpMid: c.sdpMid ?? null,
              sdpMLineIndex: c.sdpMLineIndex ?? null,
              usernameFragment: c.usernameFragment ?? null,
            }
          : null,
      });
    };
    exposePeer(hookKey, this.pc);
  }

  /** The simulator's side: makes and sends the offer. */
  async offer(): Promise<void> {
    const offer = await this.pc.createOffer();
    await this.pc.setLocalDescription(offer);
    this.send({ kind: "offer", payload: { type: "offer", sdp: offer.sdp ?? "" } });
  }

  /** A signal from the far end; the staff side answers an offer. */
  async receive(signal: CallSignal): Promise<void> {
    if (signal.kind === "ice") {
      if (!signal.payload) return;
      const candidate: RTCIceCandidateInit = { ...signal.payload };
      if (this.pc.remoteDescription) await this.pc.addIceCandidate(candidate).catch(() => undefined);
      else this.early.push(candidate);
      return;
    }
    await this.pc.setRemoteDescription(signal.payload);
    for (const candidate of this.early.splice(0)) await this.pc.addIceCandidate(candidate).catch(() => undefined);
    if (signal.kind === "offer") {
      const answer = await this.pc.createAnswer();
      await this.pc.setLocalDescription(answer);
      this.send({ kind: "answer", payload: { type: "answer", sdp: answer.sdp ?? "" } });
    }
  }

  /**
   * Hold (VOICE.md §5): `false` sends nothing to the far end (`replaceTrack(null)`, no RTP at all,
   * not silence), `true` sends the microphone again. No new negotiation is needed either way.
   */
  async setSending(on: boolean): Promise<void> {
    const changes = this.pc.getSenders().flatMap((sender, i) => {
      const track = on ? (this.tracks[i] ?? null) : null;
      return sender.track === track ? [] : [sender.replaceTrack(track)];
    });
    await Promise.all(changes);
  }

  close(): void {
    this.pc.close();
    this.audio.srcObject = null;
    exposePeer(this.hookKey, null);
  }
}

/**
 * Test hook (decision 0029): the sandbox network's live peer connections, by call, at
 * `window.__relaisPeers`, so a journey can read `getStats()` and prove audio flows both ways.
 * Only the sandbox carrier creates them, and it runs only in development and tests; the Twilio
 * SDK's connections are never listed.
 */
function exposePeer(key: string, pc: RTCPeerConnection | null): void {
  const holder = window as unknown as { __relaisPeers?: Record<string, RTCPeerConnection> };
  holder.__relaisPeers ??= {};
  if (pc) holder.__relaisPeers[key] = pc;
  else delete holder.__relaisPeers[key];
}
