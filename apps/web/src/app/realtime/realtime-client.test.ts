import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RealtimeClient, reconnectDelay, type RealtimeClientOptions, type RealtimeState, type SocketLike } from "./realtime-client.ts";

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike["onopen"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  sent: unknown[] = [];
  closedWith: number | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number): void {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }

  // ---- driven by the test, as the server would
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  drop(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function event(position: number, type = "message.created") {
  return { position, type, teamId: "t1", payload: { id: String(position) }, createdAt: "2026-01-01T00:00:00Z" };
}

function setup(overrides: Partial<RealtimeClientOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const states: RealtimeState[] = [];
  const received: number[] = [];
  const replaced = vi.fn();
  const expired = vi.fn();
  let token = "jwt-1";
  const refresh = vi.fn(() => {
    token = "jwt-2";
    return Promise.resolve(true);
  });
  const client = new RealtimeClient({
    url: () => "ws://test/api/realtime",
    getToken: () => token,
    refresh,
    onSessionReplaced: replaced,
    onSessionExpired: expired,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    ...overrides,
  });
  client.onState((s) => states.push(s));
  client.onEvent((e) => received.push(e.position));
  const last = (): FakeSocket => {
    const socket = sockets[sockets.length - 1];
    if (!socket) throw new Error("no socket");
    return socket;
  };
  return { client, sockets, states, received, replaced, expired, refresh, last };
}

describe("RealtimeClient", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("grows the reconnect delay 1 s, 2 s, 4 s … up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => reconnectDelay(a))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it("authenticates first, then reports connected on ready and dispatches events once", () => {
    const { client, states, received, last } = setup();
    client.start();
    expect(client.state).toBe("connecting");
    last().open();
    expect(last().sent).toEqual([{ type: "auth", token: "jwt-1" }]);
    last().receive(event(4));
    last().receive({ type: "ready", position: 4, resync: false });
    expect(client.state).toBe("connected");
    last().receive(event(5));
    last().receive(event(5));
    last().receive(event(6, "thread.updated"));
    expect(received).toEqual([4, 5, 6]);
    expect(client.position).toBe(6);
    expect(states).toEqual(["connecting", "connected"]);
  });

  it("reconnects with a growing delay and resumes after the last position seen", () => {
    const { client, sockets, last } = setup();
    client.start();
    last().open();
    last().receive({ type: "ready", position: 10, resync: false });
    last().receive(event(11));
    last().drop(1006);
    expect(client.state).toBe("reconnecting");

    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop(1006);
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().drop(1006);
    vi.advanceTimersByTime(4_000);
    expect(sockets).toHaveLength(4);

    last().open();
    expect(last().sent).toEqual([{ type: "auth", token: "jwt-1", after: 11 }]);
    last().receive({ type: "ready", position: 11, resync: false });
    expect(client.state).toBe("connected");

    // Back to the shortest delay once connected again.
    last().drop(1001);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(5);
  });

  it("never waits more than 30 s and shows failed after 5 attempts in a row, still trying", () => {
    const { client, sockets, last } = setup();
    client.start();
    for (let i = 0; i < 8; i += 1) {
      last().drop(1006);
      vi.advanceTimersByTime(30_000);
    }
    expect(sockets).toHaveLength(9);
    expect(client.state).toBe("failed");
    last().open();
    last().receive({ type: "ready", position: 0, resync: false });
    expect(client.state).toBe("connected");
  });

  it("refreshes the token on 4401 and reconnects with the new one", async () => {
    const { client, refresh, last, sockets } = setup();
    client.start();
    last().open();
    last().drop(4401);
    await vi.waitFor(() => {
      expect(refresh).toHaveBeenCalledTimes(1);
    });
    await Promise.resolve();
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ type: "auth", token: "jwt-2" }]);
  });

  it("ends the session when the refresh after 4401 fails", async () => {
    const { client, expired, last, sockets } = setup({ refresh: () => Promise.resolve(false) });
    client.start();
    last().drop(4401);
    await vi.waitFor(() => {
      expect(expired).toHaveBeenCalledTimes(1);
    });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.state).toBe("failed");
  });

  it("raises the forced disconnect on 4440 and stops reconnecting", () => {
    const { client, replaced, last, sockets } = setup();
    client.start();
    last().open();
    last().drop(4440);
    expect(replaced).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it("carries on from the ready position after a resync", () => {
    const readies: boolean[] = [];
    const { client, received, last } = setup();
    client.onReady((r) => readies.push(r.resync));
    client.start();
    last().open();
    last().receive({ type: "ready", position: 50, resync: false });
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    last().open();
    last().receive({ type: "ready", position: 2_000, resync: true });
    last().receive(event(2_001));
    expect(readies).toEqual([false, true]);
    expect(received).toEqual([2_001]);
    expect(client.position).toBe(2_001);
  });

  it("stops cleanly: no reconnect after stop, position forgotten on sign-out", () => {
    const { client, last, sockets } = setup();
    client.start();
    last().open();
    last().receive(event(3));
    client.stop(true);
    expect(last().closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.position).toBeNull();
    expect(client.state).toBe("idle");
  });
});
