import type { EventsPage } from "@relais/shared";

/** Spec part 1 §4 and §9: the thread list is polled every 2.5 s; polling stops after 5 failures in a row. */
export const POLL_INTERVAL_MS = 2_500;
const POLL_MAX_FAILURES = 5;

export type PollHealth = "ok" | "gave-up";

export interface PollingFeedOptions {
  /** GET messaging/v1/polling after the position (null: only where the log stands now). */
  fetchPage: (after: number | null, signal: AbortSignal) => Promise<EventsPage>;
  /** Read before each call: the socket and the feed share one position. */
  position: () => number | null;
  onPage: (page: EventsPage) => void;
  onHealth: (health: PollHealth) => void;
  intervalMs?: number;
  maxFailures?: number;
}

/**
 * The fallback when the socket cannot be opened (a proxy that refuses WebSockets, a network
 * that drops them): the same event log read by cursor. One call at a time; a page that says
 * more are waiting is followed at once.
 */
export class PollingFeed {
  private readonly intervalMs: number;
  private readonly maxFailures: number;
  private running = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: AbortController | null = null;

  constructor(private readonly options: PollingFeedOptions) {
    this.intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
    this.maxFailures = options.maxFailures ?? POLL_MAX_FAILURES;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Starts (again) with a fresh failure count; nothing when already running. */
  start(): void {
    if (this.running) {
      return;
    }
    this.running = true;
    this.failures = 0;
    void this.tick();
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.inFlight?.abort();
    this.inFlight = null;
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, delay);
  }

  private async tick(): Promise<void> {
    if (!this.running) {
      return;
    }
    const call = new AbortController();
    this.inFlight = call;
    let page: EventsPage;
    try {
      page = await this.options.fetchPage(this.options.position(), call.signal);
    } catch {
      // Stopped meanwhile (the socket is back): that answer is nobody's business any more.
      if (!this.running || this.inFlight !== call) {
        return;
      }
      this.inFlight = null;
      this.failures += 1;
      if (this.failures >= this.maxFailures) {
        this.running = false;
        this.options.onHealth("gave-up");
        return;
      }
      this.schedule(this.intervalMs);
      return;
    }
    if (!this.running || this.inFlight !== call) {
      return;
    }
    this.inFlight = null;
    this.failures = 0;
    this.options.onPage(page);
    this.options.onHealth("ok");
    this.schedule(page.hasMore ? 0 : this.intervalMs);
  }
}
