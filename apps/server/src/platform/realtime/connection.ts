import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";
import { REALTIME_CLOSE, type RealtimeReady } from "@relais/shared";
import type { Viewer } from "./visibility.ts";

const OPEN = 1;
/** Bytes queued on a socket past which its reader is too slow: it is dropped and resumes with `after`. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Live events held while a catch-up is read; a catch-up that slow is better restarted. */
const MAX_HELD = 10_000;

/** An event's wire text, encoded once for all the sockets it goes to (a Buffer is sent as a text frame). */
export type Outgoing = { position: number; wire: string | Buffer };

/**
 * How a socket receives events: `single`, one frame each (every client until now); `batch`, the
 * events handed to it together in one frame, a JSON array (the client asked: `frames=batch`).
 */
export type Framing = "single" | "batch";

const OPEN_ARRAY = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE_ARRAY = Buffer.from("]");

/** The batch frame of events' wire texts: `[event,event,…]`, without parsing or encoding them again. */
export function batchFrame(wires: readonly (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [OPEN_ARRAY];
  wires.forEach((wire, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(typeof wire === "string" ? Buffer.from(wire) : wire);
  });
  parts.push(CLOSE_ARRAY);
  return Buffer.concat(parts);
}

/**
 * The TCP socket under a ws socket. ws keeps it as `_socket` and does not expose it; without it
 * (another transport) nothing is held back and each frame is written on its own.
 */
function transportOf(socket: WebSocket): Duplex | undefined {
  return (socket as unknown as { _socket?: Duplex })._socket;
}

/**
 * One authenticated socket. It starts "catching up": live events are held while the missed ones
 * are read from the log; `goLive` sends the missed ones, `ready`, then the held ones above the
 * ready position — so the client gets every event once, in order, with no gap at the seam.
 */
export class Connection {
  private live = false;
  private closed = false;
  private held: Outgoing[] = [];
  /** The position this client has been brought to; nothing at or below it is sent again. */
  private through = 0;
  private answeredPing = true;
  /** When this socket is next pinged (performance.now() clock); null until the hub first looks. */
  private nextBeatAt: number | null = null;

  constructor(
    private readonly socket: WebSocket,
    readonly viewer: Viewer,
    readonly framing: Framing = "single",
  ) {
    socket.on("pong", () => {
      this.answeredPing = true;
    });
    socket.on("close", () => {
      this.closed = true;
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Live events the viewer may see, from the hub, in position order: the events of one read of
   * the log. `shared`: their batch frame, encoded once for every socket given the same events.
   */
  push(events: readonly Outgoing[], shared?: () => Buffer): void {
    if (this.closed || events.length === 0) return;
    if (!this.live) {
      if (this.held.length + events.length > MAX_HELD) this.close(REALTIME_CLOSE.tooSlow, "catch-up too slow");
      else this.held.push(...events);
      return;
    }
    // In order: usually all of them are past `through`, and nothing needs copying.
    const fresh = (events[0]?.position ?? 0) > this.through ? events : events.filter((e) => e.position > this.through);
    const last = fresh.at(-1);
    if (!last) return;
    this.through = last.position;
    this.sendEvents(fresh, fresh === events ? shared : undefined);
  }

  /** Ends the catch-up: missed events (all at or below `ready.position`), ready, then the held ones. */
  goLive(missed: Outgoing[], ready: RealtimeReady): void {
    if (missed.length > 0) this.sendEvents(missed);
    this.send(JSON.stringify(ready));
    this.through = ready.position;
    this.live = true;
    const held = this.held;
    this.held = [];
    this.push(held);
  }

  /**
   * Pings the socket when its turn has come (`beat`), then not again for `everyMs`. Its first
   * turn falls at a random point of its first interval: sockets opened together (a node's tabs
   * reconnecting after a deployment) are not pinged together ever after.
   */
  beatWhenDue(now: number, everyMs: number): void {
    if (this.nextBeatAt === null) {
      this.nextBeatAt = now + Math.random() * everyMs;
      return;
    }
    if (now < this.nextBeatAt) return;
    // From now, not from when it was due: a late tick still leaves the client a whole interval to answer.
    this.nextBeatAt = now + everyMs;
    this.beat();
  }

  /**
   * One heartbeat: pings, and terminates the socket if the previous ping went unanswered (a
   * laptop closed mid-session leaves a socket that never errors by itself).
   */
  private beat(): void {
    if (this.closed) return;
    if (!this.answeredPing) {
      this.closed = true;
      this.socket.terminate();
      return;
    }
    this.answeredPing = false;
    this.socket.ping();
  }

  /** A message outside the log (presence answer, signalling): sent as it comes, live or not. */
  sendDirect(wire: string): void {
    this.send(wire);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.close(code, reason);
  }

  /**
   * Events as this socket asked for them: one batch frame, or one frame each — then written
   * together (corked), in one system call instead of one per frame.
   */
  private sendEvents(events: readonly Outgoing[], shared?: () => Buffer): void {
    if (this.framing === "batch") {
      this.send(shared ? shared() : batchFrame(events.map((e) => e.wire)));
      return;
    }
    const transport = events.length > 1 ? transportOf(this.socket) : undefined;
    transport?.cork();
    try {
      for (const event of events) this.send(event.wire);
    } finally {
      transport?.uncork();
    }
  }

  private send(wire: string | Buffer): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.close(REALTIME_CLOSE.tooSlow, "reading too slowly");
      return;
    }
    this.socket.send(wire, { binary: false });
  }
}
