import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventsPage } from "@relais/shared";
import {
  RealtimeClient,
  reconnectDelay,
  type ReadyInfo,
  type RealtimeClientOptions,
  type RealtimeState,
  type SocketLike,
} from "./realtime-client.ts";

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
    // No jitter unless a test asks: the delays below are exact.
    random: () => 0,
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

  it("takes a random share off each delay, never past the cap", () => {
    expect(reconnectDelay(2, 1_000, 30_000, 0.3, () => 0)).toBe(4_000);
    expect(reconnectDelay(2, 1_000, 30_000, 0.3, () => 0.5)).toBe(3_400);
    expect(reconnectDelay(2, 1_000, 30_000, 0.3, () => 0.999_999)).toBe(2_800);
    expect(reconnectDelay(9, 1_000, 30_000, 0.3, () => 0.5)).toBe(25_500);
    // By default the client spreads its reconnections.
    const draws = [0.1, 0.9];
    const { client, sockets, last } = setup({ random: () => draws.shift() ?? 0 });
    client.start();
    last().drop(1006);
    vi.advanceTimersByTime(969);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
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

  it("reads a batch frame as its events in order, each once, next to single events", () => {
    const { client, received, last } = setup();
    client.start();
    last().open();
    last().receive([event(2), event(3, "thread.updated")]);
    last().receive({ type: "ready", position: 3, resync: false });
    last().receive([event(3), event(4), event(5, "thread.updated")]);
    last().receive(event(6));
    // A frame that is not a batch of events is left whole: none of its events is taken.
    last().receive([event(7), { position: 8 }]);
    last().receive([event(9)]);
    expect(received).toEqual([2, 3, 4, 5, 6, 9]);
    expect(client.position).toBe(9);
  });

  it("sends tab messages only once past ready, and hands direct messages to their listeners, not to the event log", () => {
    const { client, received, last } = setup();
    const direct: unknown[] = [];
    client.onDirect((m) => direct.push(m));
    const presence = { type: "presence", tabId: "tab-12345678", canAnswer: true } as const;
    client.start();
    expect(client.send(presence)).toBe(false);
    last().open();
    expect(client.send(presence)).toBe(false);
    last().receive({ type: "ready", position: 1, resync: false });
    expect(client.send(presence)).toBe(true);
    expect(last().sent).toEqual([{ type: "auth", token: "jwt-1" }, presence]);
    const ack = { type: "presence.ok", serverNow: "2026-01-01T00:00:00Z", offered: false, reasons: ["offline"] };
    last().receive(ack);
    last().receive({ type: "presence.ok", offered: "yes" });
    expect(direct).toEqual([ack]);
    expect(received).toEqual([]);
    expect(client.position).toBe(1);
  });

  it("tells its listeners whether a ready is the first position learnt, a catch-up or a resync", () => {
    const readies: ReadyInfo[] = [];
    const { client, last } = setup();
    client.onReady((r) => readies.push(r));
    client.start();
    last().open();
    last().receive({ type: "ready", position: 3, resync: false });
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    last().open();
    last().receive({ type: "ready", position: 5, resync: false });
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    last().open();
    last().receive({ type: "ready", position: 9_000, resync: true });
    expect(readies).toEqual([
      { position: 3, resync: false, fresh: true },
      { position: 5, resync: false, fresh: false },
      { position: 9_000, resync: true, fresh: false },
    ]);
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
    // The token was refreshed 2 s after the drop (spec part 1 §4).
    expect(last().sent).toEqual([{ type: "auth", token: "jwt-2", after: 11 }]);
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
    expect(client.state).toBe("connection-failed");
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
    expect(client.state).toBe("connection-failed");
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
    expect(client.state).toBe("disconnected");
  });

  it("goes through disconnecting to disconnected on stop, named as the spec's connection states", () => {
    const { client, states, last } = setup();
    client.start();
    last().open();
    last().receive({ type: "ready", position: 1, resync: false });
    client.stop();
    expect(states).toEqual(["connecting", "connected", "disconnecting", "disconnected"]);
  });

  it("refreshes the token 2 s after a connection drops, once, and reconnects meanwhile", async () => {
    const { client, refresh, last, sockets } = setup();
    client.start();
    last().open();
    last().receive({ type: "ready", position: 1, resync: false });
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    // The reconnection does not wait for it, and fails again: still one refresh planned.
    expect(sockets).toHaveLength(2);
    last().drop(1006);
    vi.advanceTimersByTime(999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await Promise.resolve();
    expect(refresh).toHaveBeenCalledTimes(1);
    // The next attempt presents the refreshed token.
    vi.advanceTimersByTime(2_000);
    last().open();
    expect(last().sent).toEqual([{ type: "auth", token: "jwt-2", after: 1 }]);
  });

  it("does not end the session when the refresh after a drop cannot reach the server", async () => {
    const { client, expired, last } = setup({ refresh: () => Promise.resolve(false) });
    client.start();
    last().drop(1006);
    vi.advanceTimersByTime(2_000);
    await Promise.resolve();
    expect(expired).not.toHaveBeenCalled();
    expect(client.state).toBe("reconnecting");
  });

  it("plans no refresh after a stop", async () => {
    const { client, refresh, last } = setup();
    client.start();
    last().drop(1006);
    client.stop();
    vi.advanceTimersByTime(5_000);
    await Promise.resolve();
    expect(refresh).not.toHaveBeenCalled();
  });
});

/** A polling endpoint the test answers call by call. */
function pollServer() {
  const calls: { after: number | null; resolve: (page: EventsPage) => void; reject: (e: Error) => void; signal: AbortSignal }[] = [];
  const poll = (after: number | null, signal: AbortSignal) =>
    new Promise<EventsPage>((resolve, reject) => {
      calls.push({ after, resolve, reject, signal });
    });
  const pending = () => {
    const call = calls[calls.length - 1];
    if (!call) throw new Error("no poll call");
    return call;
  };
  const page = (position: number, events: number[] = [], more = false): EventsPage => ({
    events: events.map((p) => event(p)),
    position,
    hasMore: more,
    resync: false,
  });
  return { calls, poll, pending, page };
}

/** Lets the client's awaits run (the fake timers do not move promises). */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe("RealtimeClient polling fallback", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("polls every 2.5 s from the last position once the socket failed twice, each event once", async () => {
    const server = pollServer();
    const { client, received, last, states } = setup({ poll: server.poll });
    client.start();
    last().open();
    last().receive({ type: "ready", position: 7, resync: false });
    last().drop(1006);
    expect(server.calls).toHaveLength(0);
    vi.advanceTimersByTime(1_000);
    last().drop(1006);
    // Second attempt in a row without ready: the feed starts at once, after position 7.
    expect(server.calls).toHaveLength(1);
    expect(server.pending().after).toBe(7);
    server.pending().resolve(server.page(9, [8, 9]));
    await settle();
    expect(received).toEqual([8, 9]);
    expect(client.state).toBe("polling");
    expect(states).toContain("polling");

    await vi.advanceTimersByTimeAsync(2_499);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    expect(server.pending().after).toBe(9);
    // A page with more behind it is followed at once; an event already seen is not repeated.
    server.pending().resolve(server.page(10, [9, 10], true));
    await settle();
    expect(server.calls).toHaveLength(3);
    server.pending().resolve(server.page(10));
    await settle();
    expect(received).toEqual([8, 9, 10]);
  });

  it("gives the socket back its place when it opens, resuming after what polling brought", async () => {
    const server = pollServer();
    const { client, received, last, sockets } = setup({ poll: server.poll });
    client.start();
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    last().drop(1006);
    expect(server.pending().after).toBeNull();
    server.pending().resolve(server.page(20));
    await settle();
    await vi.advanceTimersByTimeAsync(2_500);
    server.pending().resolve(server.page(21, [21]));
    await settle();
    expect(client.state).toBe("polling");

    // The third socket attempt (after 2 s) gets through.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sockets).toHaveLength(3);
    const pollsBefore = server.calls.length;
    const inFlight = server.pending();
    last().open();
    expect(last().sent).toEqual([{ type: "auth", token: "jwt-2", after: 21 }]);
    last().receive({ type: "ready", position: 21, resync: false });
    expect(client.state).toBe("connected");
    expect(inFlight.signal.aborted || pollsBefore === server.calls.length).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.calls).toHaveLength(pollsBefore);
    last().receive(event(22));
    expect(received).toEqual([21, 22]);
  });

  it("stops polling after 5 failures in a row and reads failed, starting again when the socket fails again", async () => {
    const server = pollServer();
    const { client, last, sockets } = setup({ poll: server.poll });
    client.start();
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    last().drop(1006);
    for (let i = 0; i < 5; i += 1) {
      expect(server.calls).toHaveLength(i + 1);
      server.pending().reject(new Error("offline"));
      await settle();
      await vi.advanceTimersByTimeAsync(2_500);
    }
    expect(server.calls).toHaveLength(5);
    expect(client.state).toBe("connection-failed");
    // The socket's third attempt is under way; polling stays stopped meanwhile.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sockets).toHaveLength(3);
    expect(server.calls).toHaveLength(5);
    // It fails too: polling is tried afresh.
    last().drop(1006);
    expect(server.calls).toHaveLength(6);
    expect(client.state).toBe("reconnecting");
    server.pending().resolve(server.page(0));
    await settle();
    expect(client.state).toBe("polling");
  });

  it("passes a resync from the feed on, then carries on from its position", async () => {
    const server = pollServer();
    const readies: boolean[] = [];
    const { client, received, last } = setup({ poll: server.poll });
    client.onReady((r) => readies.push(r.resync));
    client.start();
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    last().drop(1006);
    server.pending().resolve({ events: [], position: 5_000, hasMore: false, resync: true });
    await settle();
    expect(readies).toEqual([true]);
    expect(client.position).toBe(5_000);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(server.pending().after).toBe(5_000);
    server.pending().resolve(server.page(5_001, [5_001]));
    await settle();
    expect(received).toEqual([5_001]);
  });

  it("stops polling on sign-out", async () => {
    const server = pollServer();
    const { client, last } = setup({ poll: server.poll });
    client.start();
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    last().drop(1006);
    const call = server.pending();
    client.stop(true);
    expect(call.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    expect(client.state).toBe("disconnected");
  });
});
