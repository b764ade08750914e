import { afterEach, describe, expect, it, vi } from "vitest";
import { announceSignOut, onSignOutElsewhere } from "./session-channel.ts";

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe("session channel", () => {
  it("tells another tab that the person signed out", async () => {
    const signedOut = vi.fn();
    stops.push(onSignOutElsewhere(signedOut));
    announceSignOut();
    await vi.waitFor(() => {
      expect(signedOut).toHaveBeenCalledTimes(1);
    });
  });

  it("ignores other messages on the channel, and nothing reaches a tab that stopped listening", async () => {
    const signedOut = vi.fn();
    const listening = vi.fn();
    const stop = onSignOutElsewhere(signedOut);
    stop();
    stops.push(onSignOutElsewhere(listening));
    const stranger = new BroadcastChannel("relais-session");
    stranger.postMessage({ type: "something-else" });
    stranger.postMessage("signed-out");
    stranger.close();
    announceSignOut();
    await vi.waitFor(() => {
      expect(listening).toHaveBeenCalledTimes(1);
    });
    expect(signedOut).not.toHaveBeenCalled();
  });
});
