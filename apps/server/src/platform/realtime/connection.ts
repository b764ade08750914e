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

  constructor(
    private readonly socket: WebSocket,
    readonly viewer: Viewer,
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

  /** A live event the viewer may see, from the hub, in position order. */
  push(event: Outgoing): void {
    if (this.closed) return;
    if (!this.live) {
      if (this.held.length >= MAX_HELD) this.close(REALTIME_CLOSE.tooSlow, "catch-up too slow");
      else this.held.push(event);
      return;
    }
    if (event.position <= this.through) return;
    this.through = event.position;
    this.send(event.wire);
  }

  /** Ends the catch-up: missed events (all at or below `ready.position`), ready, then the held ones. */
  goLive(missed: Outgoing[], ready: RealtimeReady): void {
    for (const event of missed) this.send(event.wire);
    this.send(JSON.stringify(ready));
    this.through = ready.position;
    this.live = true;
    const held = this.held;
    this.held = [];
    for (const event of held) this.push(event);
  }

  /**
   * One heartbeat: pings, and terminates the socket if the previous ping went unanswered (a
   * laptop closed mid-session leaves a socket that never errors by itself).
   */
  beat(): void {
    if (this.closed) return;
    if (!this.answeredPing) {
      this.closed = true;
      this.socket.terminate();
      return;
    }
    this.answeredPing = false;
    this.socket.ping();
  }

  /**
   * Until `release`, frames sent to this socket are held and then written together, in one
   * system call instead of one per frame: the events of one read of the log (a text is two, its
   * thread and itself) reach each socket at once. Counted: every hold needs its release.
   */
  hold(): void {
    transportOf(this.socket)?.cork();
  }

  release(): void {
    transportOf(this.socket)?.uncork();
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

  private send(wire: string | Buffer): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.close(REALTIME_CLOSE.tooSlow, "reading too slowly");
      return;
    }
    this.socket.send(wire, { binary: false });
  }
}
