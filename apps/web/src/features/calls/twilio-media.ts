import { Device, type Call } from "@twilio/voice-sdk";
import { type MessageId, type VoiceToken } from "@relais/shared";
import { voiceEndpoints } from "@relais/shared/endpoints/voice";
import { api } from "../../api/index.ts";
import { openMicGuide } from "./call-actions.ts";
import { openMicrophone, type CallMedia } from "./media.ts";

/** SDK errors of VOICE.md §6. */
const TOKEN_EXPIRED = new Set([20104, 31205]);
const MICROPHONE = new Set([31401, 31402]);
const CONNECTION = new Set([31005, 31009, 53000]);
/** Spec part 1 §9: the voice token update is tried up to 10 times. */
const TOKEN_RETRIES = 10;
/** Spec part 1 §8: 'connection unstable' at most once every 10 s. */
const UNSTABLE_EVERY_MS = 10_000;

/**
 * Twilio's audio (decision 0026): the browser's leg joins the call's conference with
 * `device.connect({params: {CallId}})` once the server gave the call to this person; Relais rings
 * browsers over its own socket, so the Device never registers for incoming calls. Keys pressed are
 * sent by the server (POST voice/v1/calls/digits), not in-band, so they are never sent twice.
 */
export class TwilioMedia implements CallMedia {
  readonly carrier = "twilio" as const;
  private readonly device: Device;
  private readonly calls = new Map<string, Call | null>();
  /** Calls on hold, muted as soon as their SDK call exists. */
  private readonly held = new Set<string>();
  private lastUnstable = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    token: VoiceToken,
    private readonly report: (code: MessageId) => void,
  ) {
    this.device = new Device(token.jwt, { closeProtection: false });
    this.device.on("error", (error: { code?: number }) => {
      this.failed(error.code);
    });
    this.device.on("tokenWillExpire", () => {
      void this.refreshToken();
    });
  }

  async prepare(): Promise<void> {
    // The SDK opens the microphone itself when it connects; this only asks for the permission
    // now, from the person's click, so a refusal opens the guide before the server is told.
    const stream = await openMicrophone();
    for (const track of stream.getTracks()) track.stop();
  }

  attach(callId: string): void {
    if (!this.calls.has(callId)) this.calls.set(callId, null);
  }

  start(callId: string): void {
    if (this.calls.get(callId)) return;
    void this.device.connect({ params: { CallId: callId } }).then(
      (call) => {
        if (!this.calls.has(callId)) {
          call.disconnect();
          return;
        }
        this.calls.set(callId, call);
        if (this.held.has(callId)) call.mute(true);
        call.on("error", (error: { code?: number }) => {
          this.failed(error.code);
        });
        call.on("warning", () => {
          this.unstable();
        });
      },
      () => {
        this.report("error.unable-to-initiate-call");
      },
    );
  }

  signal(): void {
    // Twilio signals by itself.
  }

  digits(): void {
    // Sent by the server as DTMF to the far end.
  }

  hold(callId: string, held: boolean): void {
    // The server holds the caller's conference participant (hold music); the SDK's mute keeps this
    // microphone out of the room meanwhile (spec part 1 §4: "hold … with mute on").
    if (held) this.held.add(callId);
    else this.held.delete(callId);
    const call = this.calls.get(callId);
    if (call && call.isMuted() !== held) call.mute(held);
  }

  release(callId: string): void {
    this.held.delete(callId);
    this.calls.get(callId)?.disconnect();
    this.calls.delete(callId);
  }

  private failed(code: number | undefined): void {
    if (code === undefined) return;
    if (TOKEN_EXPIRED.has(code)) {
      void this.refreshToken();
    } else if (MICROPHONE.has(code)) {
      openMicGuide("denied");
    } else if (CONNECTION.has(code)) {
      this.unstable();
    }
  }

  private unstable(): void {
    const now = Date.now();
    if (now - this.lastUnstable < UNSTABLE_EVERY_MS) return;
    this.lastUnstable = now;
    this.report("error.connection-unstable");
  }

  /** A fresh token for the Device, tried up to TOKEN_RETRIES times with a growing pause. */
  private refreshToken(): Promise<void> {
    this.refreshing ??= (async () => {
      for (let attempt = 0; attempt < TOKEN_RETRIES; attempt += 1) {
        try {
          const token = await api.call(voiceEndpoints.refreshToken);
          this.device.updateToken(token.jwt);
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1_000 * 2 ** attempt)));
        }
      }
      this.report("error.tokens-load");
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }
}
