import { REALTIME_CLOSE, realtimeServerMessage, type RealtimeEvent } from "@relais/shared";

/** Connection states shown to the person (spec part 1 §4, conversation connection states). */
export type RealtimeState = "idle" | "connecting" | "connected" | "reconnecting" | "failed";

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
  /** Delays before reconnecting: 1 s, 2 s, 4 s … at most `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts in a row without reaching `ready` before the state reads `failed` (it keeps trying). */
  failedAfter?: number;
}

export interface ReadyInfo {
  position: number;
  resync: boolean;
}

type Listener<T> = (value: T) => void;

const OPEN = 1;
const NORMAL_CLOSE = 1000;

/** Delay before reconnect attempt `attempt` (0-based): base·2^attempt, capped. */
export function reconnectDelay(attempt: number, baseDelayMs = 1_000, maxDelayMs = 30_000): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt, 30));
}

function defaultSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}

/**
 * The one real-time connection of a tab (docs/api.md, Real time): authenticates with the access
 * token, resumes after the highest position seen (kept in memory: nothing lost, nothing doubled),
 * reconnects with a growing delay, refreshes the token on 4401 and reports 4440 (session replaced).
 */
export class RealtimeClient {
  private readonly options: Required<Omit<RealtimeClientOptions, "createSocket">> & { createSocket: SocketFactory };
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private attempt = 0;
  private lastPosition: number | null = null;
  private currentState: RealtimeState = "idle";
  private readonly stateListeners = new Set<Listener<RealtimeState>>();
  private readonly eventListeners = new Set<Listener<RealtimeEvent>>();
  private readonly readyListeners = new Set<Listener<ReadyInfo>>();

  constructor(options: RealtimeClientOptions) {
    this.options = {
      createSocket: defaultSocket,
      baseDelayMs: 1_000,
      maxDelayMs: 30_000,
      failedAfter: 5,
      ...options,
    };
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
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.detach(socket);
      socket.close(NORMAL_CLOSE);
    }
    if (forget) {
      this.lastPosition = null;
    }
    this.setState("idle");
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
    let parsed: ReturnType<typeof realtimeServerMessage.safeParse>;
    try {
      parsed = realtimeServerMessage.safeParse(JSON.parse(data));
    } catch {
      return;
    }
    if (!parsed.success) {
      return;
    }
    const message = parsed.data;
    if (message.type === "ready" && "resync" in message) {
      this.lastPosition = Math.max(this.lastPosition ?? 0, message.position);
      if (message.resync) {
        this.lastPosition = message.position;
      }
      this.attempt = 0;
      this.setState("connected");
      for (const listener of this.readyListeners) {
        listener({ position: message.position, resync: message.resync });
      }
      return;
    }
    if (!("teamId" in message)) {
      return;
    }
    if (this.lastPosition !== null && message.position <= this.lastPosition) {
      return;
    }
    this.lastPosition = message.position;
    for (const listener of this.eventListeners) {
      listener(message);
    }
  }

  private closed(code: number): void {
    if (!this.running) {
      return;
    }
    if (code === REALTIME_CLOSE.sessionReplaced) {
      this.running = false;
      this.setState("failed");
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
    this.scheduleReconnect();
  }

  private afterRefresh(ok: boolean): void {
    if (!this.running) {
      return;
    }
    if (!ok) {
      this.running = false;
      this.setState("failed");
      this.options.onSessionExpired();
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.running) {
      return;
    }
    const delay = reconnectDelay(this.attempt, this.options.baseDelayMs, this.options.maxDelayMs);
    this.attempt += 1;
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
    return this.attempt >= this.options.failedAfter ? "failed" : "reconnecting";
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
