import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A fake Twilio Device (VOICE.md §7): records what Relais asks of it and lets the test raise errors. */
const fake = vi.hoisted(() => {
  type Handler = (arg: { code?: number }) => void;
  class FakeCall {
    handlers = new Map<string, Handler>();
    disconnect = vi.fn();
    muted = false;
    mute = vi.fn((on: boolean) => {
      this.muted = on;
    });
    isMuted(): boolean {
      return this.muted;
    }
    on(name: string, handler: Handler): this {
      this.handlers.set(name, handler);
      return this;
    }
  }
  class FakeDevice {
    static last: FakeDevice | null = null;
    handlers = new Map<string, Handler>();
    calls: { params: Record<string, string>; call: FakeCall }[] = [];
    updateToken = vi.fn();
    constructor(readonly token: string) {
      FakeDevice.last = this;
    }
    on(name: string, handler: Handler): this {
      this.handlers.set(name, handler);
      return this;
    }
    connect(options: { params: Record<string, string> }): Promise<FakeCall> {
      const call = new FakeCall();
      this.calls.push({ params: options.params, call });
      return Promise.resolve(call);
    }
    raise(code: number): void {
      this.handlers.get("error")?.({ code });
    }
  }
  return { FakeDevice, refresh: vi.fn(), openMicGuide: vi.fn() };
});

vi.mock("@twilio/voice-sdk", () => ({ Device: fake.FakeDevice }));
vi.mock("../../api/index.ts", () => ({ api: { call: fake.refresh } }));
vi.mock("./call-actions.ts", () => ({ openMicGuide: fake.openMicGuide }));
vi.mock("./media.ts", () => ({ openMicrophone: vi.fn() }));

const { TwilioMedia } = await import("./twilio-media.ts");

const TOKEN = { jwt: "jwt-1", expiresAt: "2026-01-01T11:00:00.000Z", carrier: "twilio" as const, identity: "u_1" };
const CALL = "00000000-0000-4000-8000-00000000000a";

function device() {
  const d = fake.FakeDevice.last;
  if (!d) throw new Error("no device");
  return d;
}

describe("Twilio's audio for a call", () => {
  let reported: string[];
  beforeEach(() => {
    reported = [];
    fake.refresh.mockReset();
    fake.openMicGuide.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("joins the call's room once the server gave it, with its id, and leaves it on release", async () => {
    const media = new TwilioMedia(TOKEN, (code) => reported.push(code));
    expect(device().token).toBe("jwt-1");
    media.attach(CALL);
    media.start(CALL);
    await vi.waitFor(() => {
      expect(device().calls).toHaveLength(1);
    });
    expect(device().calls[0]?.params).toEqual({ CallId: CALL });
    await Promise.resolve();
    media.release(CALL);
    expect(device().calls[0]?.call.disconnect).toHaveBeenCalledOnce();
  });

  it("mutes the microphone while the call is held, also when the hold came before the SDK's call", async () => {
    const media = new TwilioMedia(TOKEN, (code) => reported.push(code));
    media.attach(CALL);
    media.hold(CALL, true);
    media.start(CALL);
    await vi.waitFor(() => {
      expect(device().calls[0]?.call.muted).toBe(true);
    });
    const call = device().calls[0]?.call;
    media.hold(CALL, true);
    expect(call?.mute).toHaveBeenCalledTimes(1);
    media.hold(CALL, false);
    expect(call?.muted).toBe(false);
    expect(call?.mute).toHaveBeenLastCalledWith(false);
  });

  it("refreshes an expired token (20104, 31205) and gives it to the Device", async () => {
    fake.refresh.mockResolvedValue({ ...TOKEN, jwt: "jwt-2" });
    new TwilioMedia(TOKEN, (code) => reported.push(code));
    device().raise(20104);
    await vi.waitFor(() => {
      expect(device().updateToken).toHaveBeenCalledWith("jwt-2");
    });
    device().raise(31205);
    await vi.waitFor(() => {
      expect(device().updateToken).toHaveBeenCalledTimes(2);
    });
    expect(reported).toEqual([]);
  });

  it("tries the token update 10 times, then says the tokens could not be loaded", async () => {
    vi.useFakeTimers();
    fake.refresh.mockRejectedValue(new Error("down"));
    new TwilioMedia(TOKEN, (code) => reported.push(code));
    device().raise(20104);
    await vi.runAllTimersAsync();
    expect(fake.refresh).toHaveBeenCalledTimes(10);
    expect(device().updateToken).not.toHaveBeenCalled();
    expect(reported).toEqual(["error.tokens-load"]);
  });

  it("says 'connection unstable' at most once every 10 s", () => {
    vi.useFakeTimers();
    new TwilioMedia(TOKEN, (code) => reported.push(code));
    device().raise(31005);
    device().raise(31009);
    vi.advanceTimersByTime(9_000);
    device().raise(53000);
    expect(reported).toEqual(["error.connection-unstable"]);
    vi.advanceTimersByTime(1_500);
    device().raise(31005);
    expect(reported).toEqual(["error.connection-unstable", "error.connection-unstable"]);
  });

  it("opens the microphone guide on the SDK's microphone errors (31401, 31402)", () => {
    new TwilioMedia(TOKEN, (code) => reported.push(code));
    device().raise(31401);
    device().raise(31402);
    expect(fake.openMicGuide).toHaveBeenCalledTimes(2);
    expect(reported).toEqual([]);
  });
});
