import { EventEmitter } from "node:events";
import type { WebSocket } from "ws";
import { describe, expect, it } from "vitest";
import { Connection } from "./connection.ts";

/** The part of a socket the heartbeat uses: pings and terminations counted, pongs sent by hand. */
class FakeSocket extends EventEmitter {
  pings = 0;
  terminated = false;
  ping(): void {
    this.pings++;
  }
  terminate(): void {
    this.terminated = true;
  }
}

const viewer = { orgId: "o", userId: "u", sessionId: "s", teamIds: new Set<string>() };

function connection(): { socket: FakeSocket; conn: Connection } {
  const socket = new FakeSocket();
  // The heartbeat touches only on/ping/terminate of the socket.
  return { socket, conn: new Connection(socket as unknown as WebSocket, viewer) };
}

const EVERY = 100;

/** A connection whose first ping went out at the end of its first interval (time EVERY). */
function pingedOnce(): { socket: FakeSocket; conn: Connection } {
  const pinged = connection();
  pinged.conn.beatWhenDue(0, EVERY);
  pinged.conn.beatWhenDue(EVERY, EVERY);
  expect(pinged.socket.pings).toBe(1);
  return pinged;
}

describe("a connection's heartbeat", () => {
  it("is first due at a point of its first interval, then one whole interval after each ping", () => {
    const { socket, conn } = connection();
    conn.beatWhenDue(0, EVERY);
    expect(socket.pings).toBe(0);
    // Looked at every millisecond: the first ping comes within the first interval...
    let first = -1;
    for (let now = 1; now <= EVERY && first < 0; now++) {
      conn.beatWhenDue(now, EVERY);
      if (socket.pings === 1) first = now;
    }
    expect(first).toBeGreaterThan(0);
    // ...and the next not before a whole interval has passed since it, whatever the ticks.
    socket.emit("pong");
    for (let now = first + 1; now < first + EVERY; now++) conn.beatWhenDue(now, EVERY);
    expect(socket.pings).toBe(1);
    conn.beatWhenDue(first + EVERY, EVERY);
    expect(socket.pings).toBe(2);
  });

  it("counts the next interval from a late tick, so the client always has a whole one to answer", () => {
    const { socket, conn } = pingedOnce();
    socket.emit("pong");
    // The loop was busy: the tick that pings comes 80 ms after the turn was due.
    conn.beatWhenDue(2 * EVERY + 80, EVERY);
    expect(socket.pings).toBe(2);
    // Not judged 20 ms later at the turn it would have had: the client has had a whole interval.
    conn.beatWhenDue(3 * EVERY, EVERY);
    expect(socket.terminated).toBe(false);
    expect(socket.pings).toBe(2);
  });

  it("terminates a socket whose last ping went unanswered by its next turn", () => {
    const { socket, conn } = pingedOnce();
    conn.beatWhenDue(2 * EVERY, EVERY);
    expect(socket.terminated).toBe(true);
  });
});
