import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CallSignal } from "@relais/shared";

vi.mock("./phone.ts", () => ({ phone: { checkMicrophone: vi.fn(), sendSignal: vi.fn() } }));

/** A fake RTCPeerConnection: what the sandbox's hold needs of it (senders and their tracks). */
class FakeSender {
  constructor(public track: unknown) {}
  replaceTrack = vi.fn((track: unknown) => {
    this.track = track;
    return Promise.resolve();
  });
}
class FakePeerConnection {
  static all: FakePeerConnection[] = [];
  senders: FakeSender[] = [];
  remoteDescription: unknown = null;
  ontrack: unknown = null;
  onicecandidate: unknown = null;
  constructor() {
    FakePeerConnection.all.push(this);
  }
  addTrack(track: unknown): FakeSender {
    const sender = new FakeSender(track);
    this.senders.push(sender);
    return sender;
  }
  getSenders(): FakeSender[] {
    return this.senders;
  }
  setRemoteDescription(d: unknown): Promise<void> {
    this.remoteDescription = d;
    return Promise.resolve();
  }
  createAnswer(): Promise<{ type: string; sdp: string }> {
    return Promise.resolve({ type: "answer", sdp: "v=0" });
  }
  setLocalDescription(): Promise<void> {
    return Promise.resolve();
  }
  addIceCandidate(): Promise<void> {
    return Promise.resolve();
  }
  close(): void {
    // Nothing to release in the fake.
  }
}

const MIC = { kind: "audio", readyState: "live", stop: vi.fn() };
const stream = { getAudioTracks: () => [MIC], getTracks: () => [MIC] };
vi.stubGlobal("RTCPeerConnection", FakePeerConnection);
vi.stubGlobal(
  "Audio",
  class {
    autoplay = false;
    srcObject: unknown = null;
    play = () => Promise.resolve();
  },
);
vi.stubGlobal("window", {});
vi.stubGlobal("navigator", { mediaDevices: { getUserMedia: vi.fn(() => Promise.resolve(stream)) } });

const { SandboxMedia } = await import("./media.ts");

const CALL = "00000000-0000-4000-8000-00000000000a";
const OFFER: CallSignal = { kind: "offer", payload: { type: "offer", sdp: "v=0" } };

/** The microphone track each peer connection sends, once the media's signal chain has run. */
async function sending(): Promise<unknown[]> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return FakePeerConnection.all.map((pc) => pc.senders[0]?.track ?? null);
}

describe("the sandbox's hold (VOICE.md §5: replaceTrack(null))", () => {
  beforeEach(() => {
    FakePeerConnection.all = [];
  });

  it("stops sending the microphone while held and sends it again on resume", async () => {
    const media = new SandboxMedia();
    await media.prepare();
    media.attach(CALL);
    media.signal(CALL, OFFER);
    expect(await sending()).toEqual([MIC]);
    media.hold(CALL, true);
    expect(await sending()).toEqual([null]);
    media.hold(CALL, false);
    expect(await sending()).toEqual([MIC]);
  });

  it("makes a connection opened during the hold silent from the start", async () => {
    const media = new SandboxMedia();
    await media.prepare();
    media.attach(CALL);
    media.hold(CALL, true);
    media.signal(CALL, OFFER);
    // The phone offers again (a new connection): still held.
    media.signal(CALL, OFFER);
    expect(await sending()).toEqual([null, null]);
    media.hold(CALL, false);
    expect((await sending())[1]).toBe(MIC);
  });

  it("forgets the hold when the call's audio is released", async () => {
    const media = new SandboxMedia();
    await media.prepare();
    media.attach(CALL);
    media.hold(CALL, true);
    media.release(CALL);
    media.attach(CALL);
    media.signal(CALL, OFFER);
    expect(await sending()).toEqual([MIC]);
  });
});
