import type { FastifyBaseLogger } from "fastify";
import type { RawData, WebSocket } from "ws";
import { realtimeClientMessage, type RealtimeClientMessage, type RealtimeDirectMessage } from "@relais/shared";
import type { Db } from "../../db/database.ts";
import type { Ctx } from "../auth/ctx.ts";
import type { EventBus } from "./bus.ts";
import { Connection, type Framing } from "./connection.ts";
import { readMissed, toWire } from "./event-log.ts";
import { OrgChannel } from "./org-channel.ts";
import { viewerOf, type Viewer } from "./visibility.ts";

export type HubOptions = {
  /** Missed events replayed to a reconnecting socket; further behind, it is told to resync. */
  catchUpLimit: number;
  heartbeatMs: number;
  sweepMs: number;
};

/**
 * What a module does with the messages a tab sends after its `auth` (the browser phone's
 * heartbeat, offer acks and signalling), and when one of its sockets closes.
 */
export type ClientMessageHandler = {
  onMessage: (viewer: Viewer, message: RealtimeClientMessage, reply: (message: RealtimeDirectMessage) => void) => Promise<void>;
  onClose: (viewer: Viewer, stillOpen: number) => Promise<void>;
};

const GOING_AWAY = 1001;
const INTERNAL_ERROR = 1011;
/** How many times per heartbeat interval the hub looks for sockets due a ping. */
const HEARTBEAT_TICKS = 30;
const MIN_HEARTBEAT_TICK_MS = 5;
/** How long a shutdown waits for the client handlers' work under way. */
const HANDLERS_GRACE_MS = 10_000;

/**
 * The sockets of one node, by organisation. A bus signal for organisation X makes X's channel
 * read the new rows once and fan them out; organisations with no socket here are ignored, so a
 * node's work grows with its own sockets, not with the whole fleet's traffic.
 */
export class Hub {
  private readonly channels = new Map<string, OrgChannel>();
  private readonly timers: NodeJS.Timeout[] = [];
  /** Sweeps of the current interval not yet run (sweepSpread). */
  private readonly sweepTimers = new Set<NodeJS.Timeout>();
  private unsubscribe: (() => void) | null = null;
  private clientHandler: ClientMessageHandler | null = null;
  /** Set by `stop`: the sockets it closes are the server leaving, not their people. */
  private stopping = false;
  /** The client handlers' work under way (a tab's message, a person's last tab closing), which `stop` lets finish. */
  private readonly handling = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: HubOptions,
  ) {}

  /**
   * Events of `orgId` were committed by urgent work of this process (a call's change): read them
   * now, urgently, without waiting for the bus to bring the signal back. The bus still carries
   * the signal to every node, this one included; the second read finds what is left, if anything.
   */
  committedUrgently(orgId: string): void {
    this.channels.get(orgId)?.poke(true);
  }

  start(bus: EventBus): void {
    this.unsubscribe = bus.subscribe({
      signal: (orgId) => this.channels.get(orgId)?.poke(),
      resync: () => {
        for (const channel of this.channels.values()) channel.poke();
      },
    });
    const every = (ms: number, fn: () => void) => {
      const timer = setInterval(fn, ms);
      timer.unref();
      this.timers.push(timer);
    };
    // Each socket is pinged on its own schedule, checked a few dozen times per interval: pinging
    // every socket of the node at once was a burst of writes (and of pongs to read) that the
    // texts arriving in that instant waited behind.
    const heartbeatMs = this.opts.heartbeatMs;
    every(Math.max(MIN_HEARTBEAT_TICK_MS, heartbeatMs / HEARTBEAT_TICKS), () => {
      const now = performance.now();
      for (const channel of this.channels.values()) for (const conn of channel.connections) conn.beatWhenDue(now, heartbeatMs);
    });
    every(this.opts.sweepMs, () => this.sweepSpread());
  }

  /**
   * Every channel's sweep, spread evenly over the interval instead of all at once: a hundred
   * organisations sweeping in the same instant sent a hundred transactions to the pool together,
   * and the texts arriving then waited behind them.
   */
  private sweepSpread(): void {
    const channels = [...this.channels.values()];
    const gap = this.opts.sweepMs / Math.max(1, channels.length);
    channels.forEach((channel, i) => {
      const timer = setTimeout(() => {
        this.sweepTimers.delete(timer);
        channel.sweep().catch((err: unknown) => this.log.warn({ err, orgId: channel.orgId }, "realtime sweep failed"));
      }, i * gap);
      timer.unref();
      this.sweepTimers.add(timer);
    });
  }

  /** The module that reads the tabs' own messages (one: the calls module). */
  setClientHandler(handler: ClientMessageHandler | null): void {
    this.clientHandler = handler;
  }

  /** A message outside the log to every socket of one person on this node (no position, never replayed). */
  sendDirect(orgId: string, userId: string, message: RealtimeDirectMessage): void {
    const channel = this.channels.get(orgId);
    if (!channel) return;
    const wire = JSON.stringify(message);
    for (const conn of channel.connections) if (conn.viewer.userId === userId) conn.sendDirect(wire);
  }

  private listen(socket: WebSocket, conn: Connection, channel: OrgChannel): void {
    const reply = (message: RealtimeDirectMessage) => conn.sendDirect(JSON.stringify(message));
    socket.on("message", (data: RawData) => {
      const handler = this.clientHandler;
      if (!handler) return;
      let parsed: ReturnType<typeof realtimeClientMessage.safeParse>;
      try {
        parsed = realtimeClientMessage.safeParse(JSON.parse(rawText(data)));
      } catch {
        return;
      }
      // Anything else a tab sends is ignored: an older or newer client must not lose its socket over it.
      if (!parsed.success) return;
      this.track(handler.onMessage(conn.viewer, parsed.data, reply), "realtime client message failed");
    });
    socket.on("close", () => {
      const handler = this.clientHandler;
      // A shutdown closes every socket: the tabs reconnect to another node, their calls and
      // presence carry on there, so nobody's leg leaves the room and no presence is dropped.
      if (!handler || this.stopping) return;
      const stillOpen = [...channel.connections].filter((c) => c !== conn && c.viewer.userId === conn.viewer.userId && !c.isClosed).length;
      this.track(handler.onClose(conn.viewer, stillOpen), "realtime close handler failed");
    });
  }

  /** Runs a client handler's work to its end, or logs why not; `stop` waits for it. */
  private track(work: Promise<void>, failure: string): void {
    const tracked = work.catch((err: unknown) => this.log.warn({ err }, failure)).finally(() => this.handling.delete(tracked));
    this.handling.add(tracked);
  }

  /**
   * A socket whose session was just verified: it joins its organisation's channel BEFORE the
   * missed events are read, so every event committed from then on reaches it live (held until
   * the catch-up is sent), and everything before is in the catch-up — no gap, and `Connection`
   * drops the overlap.
   */
  async join(socket: WebSocket, ctx: Ctx, after: number | undefined, framing: Framing = "single"): Promise<void> {
    const conn = new Connection(socket, viewerOf(ctx), framing);
    if (conn.isClosed || socket.readyState !== 1) return;
    const channel = this.channelOf(ctx.orgId);
    channel.connections.add(conn);
    socket.on("close", () => this.leave(channel, conn));
    this.listen(socket, conn, channel);
    try {
      await channel.ready;
      const missed = await readMissed(this.db, conn.viewer, after, this.opts.catchUpLimit);
      const outgoing = missed.events.map((e) => ({ position: e.position, wire: JSON.stringify(toWire(e)) }));
      conn.goLive(outgoing, { type: "ready", position: missed.position, resync: missed.resync });
    } catch (err) {
      this.log.error({ err, orgId: ctx.orgId }, "realtime join failed");
      conn.close(INTERNAL_ERROR, "try again");
      this.leave(channel, conn);
    }
  }

  /** Sockets open on this node (for tests and operators). */
  get connectionCount(): number {
    let n = 0;
    for (const channel of this.channels.values()) n += channel.connections.size;
    return n;
  }

  /**
   * Closes every socket (server shutting down: clients reconnect elsewhere with `after`). Marks
   * the hub stopping first: the sockets' close events come once each client answers, and they
   * are the server leaving, not their people (run as a tab's own close, they dropped its
   * presence, or tried to after the pools had closed).
   */
  closeAll(): void {
    this.stopping = true;
    for (const channel of this.channels.values()) {
      for (const conn of channel.connections) conn.close(GOING_AWAY, "server shutting down");
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    for (const timer of this.sweepTimers) clearTimeout(timer);
    this.sweepTimers.clear();
    this.closeAll();
    const channels = [...this.channels.values()];
    this.channels.clear();
    for (const channel of channels) channel.discard();
    // Reads under way finish before the pools close under them, and so does the handlers' work:
    // the tabs their people closed just before (many at once wait for a pooled connection) drop
    // their presence, instead of failing on closed pools. Bounded: a shutdown never hangs on it.
    await Promise.all(channels.map((c) => c.idle()));
    await Promise.race([Promise.all([...this.handling]), new Promise((resolve) => setTimeout(resolve, HANDLERS_GRACE_MS).unref())]);
  }

  private channelOf(orgId: string): OrgChannel {
    let channel = this.channels.get(orgId);
    if (!channel) {
      channel = new OrgChannel(orgId, this.db, this.log);
      this.channels.set(orgId, channel);
      const created = channel;
      // A channel that cannot learn its position is dropped, so the next socket tries afresh.
      created.ready.catch(() => this.drop(created));
    }
    return channel;
  }

  private leave(channel: OrgChannel, conn: Connection): void {
    channel.connections.delete(conn);
    if (channel.connections.size === 0) this.drop(channel);
  }

  private drop(channel: OrgChannel): void {
    if (this.channels.get(channel.orgId) === channel) this.channels.delete(channel.orgId);
    channel.discard();
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}
