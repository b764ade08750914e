import { describe, expect, it, vi } from "vitest";
import { SOUND_GAP_MS, createChime, newMessageSignals } from "./new-message-signals.ts";

const inbound = { direction: "inbound" as const, threadId: "t1" };

describe("newMessageSignals", () => {
  it("signals nothing for an outbound text, ours or a colleague's", () => {
    expect(newMessageSignals({ direction: "outbound", threadId: "t1" }, null, false)).toEqual({
      pending: false,
      alert: false,
      markRead: false,
    });
    expect(newMessageSignals({ direction: "outbound", threadId: "t1" }, "t2", true)).toEqual({
      pending: false,
      alert: false,
      markRead: false,
    });
  });

  it("lights the dot, flips and rings for another thread, focused or not", () => {
    expect(newMessageSignals(inbound, "t2", true)).toEqual({ pending: true, alert: true, markRead: false });
    expect(newMessageSignals(inbound, null, false)).toEqual({ pending: true, alert: true, markRead: false });
  });

  it("reads a text on the open thread of a focused window; alerts when the window is elsewhere", () => {
    expect(newMessageSignals(inbound, "t1", true)).toEqual({ pending: false, alert: false, markRead: true });
    expect(newMessageSignals(inbound, "t1", false)).toEqual({ pending: false, alert: true, markRead: false });
  });
});

describe("createChime", () => {
  it("rings once for a burst, again after the gap", () => {
    let now = 1_000;
    const play = vi.fn(() => Promise.resolve());
    const chime = createChime(
      () => ({ play }),
      () => now,
    );
    chime();
    chime();
    now += SOUND_GAP_MS - 1;
    chime();
    expect(play).toHaveBeenCalledTimes(1);
    now += 1;
    chime();
    expect(play).toHaveBeenCalledTimes(2);
  });

  it("stays silent when the browser refuses to play or has no audio", async () => {
    const refused = vi.fn(() => Promise.reject(new DOMException("autoplay", "NotAllowedError")));
    expect(() => {
      createChime(() => ({ play: refused }))();
    }).not.toThrow();
    await Promise.resolve();
    expect(refused).toHaveBeenCalledTimes(1);
    expect(() => {
      createChime(() => {
        throw new Error("no Audio");
      })();
    }).not.toThrow();
  });
});
