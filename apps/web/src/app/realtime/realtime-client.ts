import {
  REALTIME_CLOSE,
  realtimeEventBatch,
  realtimeServerMessage,
  type EventsPage,
  type RealtimeClientMessage,
  type RealtimeDirectMessage,
  type RealtimeEvent,
} from "@relais/shared";
import { POLL_INTERVAL_MS, PollingFeed, type PollHealth } from "./polling-feed.ts";

/**
 * States of the real-time connection, named as spec part 1 §4's conversation connection states
 * (the list's own `initializing` and `initialization-failed` are the conversations screen's,
 * features/messaging/connection.ts). `polling`: the socket cannot be opened, the polling
 * feed brings the events instead (Relais's fallback, DESIGN §5).
 */
export type RealtimeState =
  "disconnected" | "disconnecting" | "connecting" | "connected" | "reconnecting" | "polling" | "connection-failed";

/** The part of the browser's WebSocket the client uses (a fake one in tests). */
export interface SocketLike {
  readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface RealtimeClientOptions {
  /** ws:// or wss:// address of /api/realtime, read on each connection. */
  url: () => string;
  /** The current access token (null: not signed in, nothing to connect). */
  getToken: () => string | null;
  /** Refresh the access token (the session's refresh); false when the session is over. */
  refresh: () => Promise<boolean>;
  /** 4440: a newer sign-in replaced this session. */
  onSessionReplaced: () => void;
  /** 4401 and the refresh failed: the session is over. */
  onSessionExpired: () => void;
  createSocket?: SocketFactory;
  /** Delays before reconnecting: 1 s, 2 s, 4 s … at most `maxDelayMs`, less a random share. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Up to this share of each delay is taken off at random, so tabs cut together do not return together. */
  jitter?: number;
  /** A number in [0, 1) (Math.random; fixed in tests). */
  random?: () => number;
  /** Attempts in a row without reaching `ready` before the state reads `connection-failed` (it keeps trying). */
  failedAfter?: number;
  /** After a connection drops, the access token is refreshed this much later (spec part 1 §4: 2 s). */
  refreshAfterDropMs?: number;
  /** The polling feed (GET messaging/v1/polling); none: no fallback. */
  poll?: (after: number | null, signal: AbortSignal) => Promise<EventsPage>;
  /** Socket attempts in a row without reaching `ready` before the polling feed takes over. */
  pollAfter?: number;
  pollIntervalMs?: number;
}

export interface ReadyInfo {
  position: number;
  resync: boolean;
  /**
   * The first position this client learns (no catch-up was possible): what changed between the
   * lists' first read and now is not replayed, so they are read again.
   */
  fresh: boolean;
}

type Listener<T> = (value: T) => void;

const OPEN = 1;
const NORMAL_CLOSE = 1000;

/**
 * Delay before reconnect attempt `attempt` (0-based): base·2^attempt, capped, less up to
 * `jitter` of it at random (never more than the cap).
 */
export function reconnectDelay(
  attempt: number,
  baseDelayMs = 1_000,
  maxDelayMs = 30_000,
  jitter = 0,
  random: () => number = Math.random,
): number {
  const capped = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt, 30));
  return Math.round(capped * (1 - jitter * random()));
}

function defaultSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}

/**
 * The one real-time connection of a tab (docs/api.md, Real time): authenticates with the access
 * token, resumes after the highest position seen (kept in memory: nothing lost, nothing doubled),
 * reconnects with a growing delay, refreshes the token on 4401 and reports 4440 (session replaced).
 * While the socket cannot be opened, the polling feed reads the same log from the same position,
 * until the socket is back.
 */
export class RealtimeClient {
  private readonly options: Required<Omit<RealtimeClientOptions, "createSocket" | "poll">> & { createSocket: SocketFactory };
  private readonly feed: PollingFeed | null;
  /** The feed's last answer: ok while it brings events, gave-up after its failures in a row. */
  private feedHealth: PollHealth | null = null;
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private attempt = 0;
  private lastPosition: number | null = null;
  private currentState: RealtimeState = "disconnected";
  private readonly stateListeners = new Set<Listener<RealtimeState>>();
  private readonly eventListeners = new Set<Listener<RealtimeEvent>>();
  private readonly readyListeners = new Set<Listener<ReadyInfo>>();
  private readonly directListeners = new Set<Listener<RealtimeDirectMessage>>();

  constructor({ poll, ...options }: RealtimeClientOptions) {
    this.options = {
      createSocket: defaultSocket,
      baseDelayMs: 1_000,
      maxDelayMs: 30_000,
      jitter: 0.3,
      random: Math.random,
      failedAfter: 5,
      refreshAfterDropMs: 2_000,
      pollAfter: 2,
      pollIntervalMs: POLL_INTERVAL_MS,
      ...options,
    };
    this.feed = poll
      ? new PollingFeed({
          fetchPage: poll,
          position: () => this.lastPosition,
          onPage: (page) => {
            this.receivePage(page);
          },
          onHealth: (health) => {
            this.feedHealth = health;
            if (this.running && this.currentState !== "connected") {
              this.setState(this.reconnectState());
            }
          },
          intervalMs: this.options.pollIntervalMs,
        })
      : null;
  }

  get state(): RealtimeState {
    return this.currentState;
  }

  /** The highest position seen: the next connection asks for what came after it. */
  get position(): number | null {
    return this.lastPosition;
  }

  onState(listener: Listener<RealtimeState>): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onEvent(listener: Listener<RealtimeEvent>): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  onReady(listener: Listener<ReadyInfo>): () => void {
    this.readyListeners.add(listener);
    return () => this.readyListeners.delete(listener);
  }

  /** Messages sent to this socket only (presence answer, call signalling): never replayed. */
  onDirect(listener: Listener<RealtimeDirectMessage>): () => void {
    this.directListeners.add(listener);
    return () => this.directListeners.delete(listener);
  }

  /**
   * Sends a tab message (presence, offer ack, signalling) on the open socket, once it is past
   * `ready`; false when there is none (the polling feed cannot carry them).
   */
  send(message: RealtimeClientMessage): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || this.currentState !== "connected") {
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }

  start(): void {
    if (this.running) {
      return;
    }
    this.running = true;
    this.attempt = 0;
    this.connect();
  }

  /** Close the socket and stop reconnecting; `forget` drops the position (sign-out). */
  stop(forget = false): void {
    this.running = false;
    this.clearTimer();
    this.clearRefreshTimer();
    if (this.currentState !== "disconnected") {
      this.setState("disconnecting");
    }
    this.stopPolling();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.detach(socket);
      socket.close(NORMAL_CLOSE);
    }
    if (forget) {
      this.lastPosition = null;
    }
    this.setState("disconnected");
  }

  private connect(): void {
    this.clearTimer();
    const token = this.options.getToken();
    if (!token) {
      this.scheduleReconnect();
      return;
    }
    this.setState(this.attempt === 0 && this.currentState !== "reconnecting" ? "connecting" : this.reconnectState());
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const after = this.lastPosition;
      socket.send(JSON.stringify(after === null ? { type: "auth", token } : { type: "auth", token, after }));
    };
    socket.onmessage = (event) => {
      this.receive(event.data);
    };
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (this.socket !== socket) {
        return;
      }
      this.socket = null;
      this.closed(event.code);
    };
  }

  private receive(data: unknown): void {
    if (typeof data !== "string") {
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    // A batch frame (the address asks for `frames=batch`): the events of one read, in order.
    if (Array.isArray(json)) {
      const batch = realtimeEventBatch.safeParse(json);
      for (const event of batch.success ? batch.data : []) {
        this.deliver(event);
      }
      return;
    }
    const parsed = realtimeServerMessage.safeParse(json);
    if (!parsed.success) {
      return;
    }
    const message = parsed.data;
    if (message.type === "ready" && "resync" in message) {
      this.stopPolling();
      this.attempt = 0;
      this.setState("connected");
      this.ready(message.position, message.resync);
      return;
    }
    if ("teamId" in message) {
      this.deliver(message);
      return;
    }
    if (message.type !== "ready") {
      for (const listener of this.directListeners) {
        listener(message);
      }
    }
  }

  /** Where the log stands (after a catch-up, or a resync: then the lists must be read again). */
  private ready(position: number, resync: boolean): void {
    const fresh = this.lastPosition === null;
    this.lastPosition = resync ? position : Math.max(this.lastPosition ?? 0, position);
    for (const listener of this.readyListeners) {
      listener({ position, resync, fresh });
    }
  }

  /** Each event once, in order, whichever way it came (socket, catch-up or polling). */
  private deliver(event: RealtimeEvent): void {
    if (this.lastPosition !== null && event.position <= this.lastPosition) {
      return;
    }
    this.lastPosition = event.position;
    for (const listener of this.eventListeners) {
      listener(event);
    }
  }

  private receivePage(page: EventsPage): void {
    if (page.resync || this.lastPosition === null) {
      this.ready(page.position, page.resync);
      return;
    }
    for (const event of page.events) {
      this.deliver(event);
    }
    this.lastPosition = Math.max(this.lastPosition ?? 0, page.position);
  }

  private stopPolling(): void {
    this.feed?.stop();
    this.feedHealth = null;
  }

  private closed(code: number): void {
    if (!this.running) {
      return;
    }
    if (code === REALTIME_CLOSE.sessionReplaced) {
      this.running = false;
      this.stopPolling();
      this.setState("connection-failed");
      this.options.onSessionReplaced();
      return;
    }
    if (code === REALTIME_CLOSE.unauthorized) {
      this.setState(this.reconnectState());
      void this.options.refresh().then(
        (ok) => {
          this.afterRefresh(ok);
        },
        () => {
          this.afterRefresh(false);
        },
      );
      return;
    }
    this.refreshAfterDrop();
    this.scheduleReconnect();
  }

  /**
   * Spec part 1 §4: a token refresh is tried 2 s after a disconnect, so the reconnection does not
   * present a token that expired meanwhile. Its answer is not judged here: a refresh that cannot
   * reach the server says nothing of the session, and an expired session shows itself at the
   * next authentication (4401, then the refresh that ends it).
   */
  private refreshAfterDrop(): void {
    if (this.refreshTimer !== null) {
      return;
    }
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      if (this.running) {
        void this.options.refresh().catch(() => false);
      }
    }, this.options.refreshAfterDropMs);
  }

  private clearRefreshTimer(): void {
    if (this.refreshTimer !== null) {
      clearTimeout(this.refreshTimer);
      this.refreshTimer = null;
    }
  }

  private afterRefresh(ok: boolean): void {
    if (!this.running) {
      return;
    }
    if (!ok) {
      this.running = false;
      this.stopPolling();
      this.setState("connection-failed");
      this.options.onSessionExpired();
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.running) {
      return;
    }
    const { baseDelayMs, maxDelayMs, jitter, random } = this.options;
    const delay = reconnectDelay(this.attempt, baseDelayMs, maxDelayMs, jitter, random);
    this.attempt += 1;
    // The socket keeps failing: the feed takes over (again, if it had given up) until it is back.
    if (this.feed && this.attempt >= this.options.pollAfter && !this.feed.isRunning) {
      this.feedHealth = null;
      this.feed.start();
    }
    this.setState(this.reconnectState());
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) {
        this.connect();
      }
    }, delay);
  }

  private reconnectState(): RealtimeState {
    if (this.feedHealth === "ok") {
      return "polling";
    }
    return this.feedHealth === "gave-up" || this.attempt >= this.options.failedAfter ? "connection-failed" : "reconnecting";
  }

  private clearTimer(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private detach(socket: SocketLike): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
  }

  private setState(state: RealtimeState): void {
    if (state === this.currentState) {
      return;
    }
    this.currentState = state;
    for (const listener of this.stateListeners) {
      listener(state);
    }
  }

  /** For tests and diagnostics: is a socket open right now? */
  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }
}
