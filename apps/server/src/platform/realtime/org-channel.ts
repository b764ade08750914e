import type { FastifyBaseLogger } from "fastify";
import { IDLE_TIMEOUT_MS, REALTIME_CLOSE } from "@relais/shared";
import { withTenant, type Db } from "../../db/database.ts";
import { urgently } from "../../db/priority-pool.ts";
import { batchFrame, type Connection, type Outgoing } from "./connection.ts";
import { hubWire } from "./event-log.ts";
import { currentPosition, readEventsAfter, sessionsByIds, teamsOfUsers, type HubEvent } from "./event-repo.ts";
import { canSee } from "./visibility.ts";

/** Rows read per query when a node catches up with its organisation's log. */
const READ_BATCH = 500;
const RETRY_AFTER_FAILURE_MS = 1_000;
/**
 * Committed events held behind a transaction still open (decision 0017) are read again after
 * this, doubled at each read that is still held, up to HELD_RETRY_MAX_MS: most transactions end
 * within milliseconds, and a long one costs one small query per 50 ms while it lasts.
 */
const HELD_RETRY_MIN_MS = 2;
const HELD_RETRY_MAX_MS = 50;
/**
 * A read of one organisation's log starts at least this long per open socket after the previous
 * one's events were handed out, up to READ_SPACING_MAX_MS: a read costs a write to every socket
 * whatever the number of events it brings, so an organisation with a thousand open tabs rests
 * 10 ms between reads and hands each tab the events of that time together, instead of spending
 * the node on one write per socket per commit. Ten tabs: 0.1 ms, below a timer's reach, so never
 * waited (urgent reads never wait).
 */
const READ_SPACING_PER_SOCKET_MS = 0.01;
const READ_SPACING_MAX_MS = 20;

/** The close code for a socket whose session ended: replaced → 4440, anything else → 4401. */
function closeCodeFor(reason: string | null): number {
  return reason === "superseded" ? REALTIME_CLOSE.sessionReplaced : REALTIME_CLOSE.unauthorized;
}

/** Null while the session may go on; else the close code for its socket (as resolveCtx would answer). */
function sessionEnded(session: { revoked_at: Date | null; revoked_reason: string | null; last_seen_at: Date } | undefined): number | null {
  if (!session) return REALTIME_CLOSE.unauthorized;
  if (session.revoked_at) return closeCodeFor(session.revoked_reason);
  if (Date.now() - new Date(session.last_seen_at).getTime() > IDLE_TIMEOUT_MS) return REALTIME_CLOSE.unauthorized;
  return null;
}

/**
 * One organisation on one node: its open sockets and the node's read position in its log. A
 * signal makes it read the new rows ONCE (one query as the app role, scoped by RLS) and hand
 * each row to the sockets allowed to see it. Reads never overlap, so events go out in order.
 */
export class OrgChannel {
  readonly connections = new Set<Connection>();
  /** Resolves once the node knows where the log stands; rejects if it could not find out. */
  readonly ready: Promise<void>;
  private position = 0;
  private reading: Promise<void> | null = null;
  private again = false;
  /** The next read goes before the texts' work at the pool (see `poke`). */
  private urgentRead = false;
  private discarded = false;
  private heldRetryMs = HELD_RETRY_MIN_MS;
  private heldTimer: NodeJS.Timeout | null = null;
  /** When the last read's events were handed out (performance.now()), for the spacing of reads. */
  private lastReadAt = Number.NEGATIVE_INFINITY;
  /** Ends the spacing wait early: an urgent read, or the channel discarded. */
  private wake: (() => void) | null = null;

  constructor(
    readonly orgId: string,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    // Starts at the log's current position: what came before is each socket's own catch-up.
    this.ready = withTenant(db, orgId, (tx) => currentPosition(tx)).then((p) => {
      this.position = p;
    });
    // Handled here so a failure before anyone awaits it is not an unhandled rejection; the
    // hub awaits it on join and drops the channel when it fails.
    this.ready.catch(() => undefined);
  }

  /** The hub no longer routes to this channel: stop reading and retrying. */
  discard(): void {
    this.discarded = true;
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.wake?.();
  }

  /**
   * New events may have been committed: read them (now, or right after the read under way).
   * `urgent`: a call's change committed them on this node (decision 0049), so the read takes the
   * next free connection before the texts' work, as the change itself did (decision 0046).
   */
  poke(urgent = false): void {
    if (this.discarded) return;
    this.again = true;
    if (urgent) {
      this.urgentRead = true;
      this.wake?.();
    }
    this.reading ??= this.drain();
  }

  /** Resolves when no read is under way (for a clean shutdown). */
  async idle(): Promise<void> {
    await this.reading?.catch(() => undefined);
  }

  private async drain(): Promise<void> {
    let held = false;
    try {
      await this.ready;
      while (this.again) {
        this.again = false;
        let batch: { events: HubEvent[]; held: boolean };
        do {
          await this.spaced();
          if (this.discarded) return;
          const read = () => readEventsAfter(this.db, this.orgId, this.position, READ_BATCH);
          const urgent = this.urgentRead;
          this.urgentRead = false;
          batch = await (urgent ? urgently(read) : read());
          await this.deliver(batch.events);
          this.lastReadAt = performance.now();
        } while (batch.events.length === READ_BATCH);
        held = batch.held;
      }
    } catch (err) {
      this.log.warn({ err, orgId: this.orgId }, "realtime read failed; retrying");
      setTimeout(() => this.poke(), RETRY_AFTER_FAILURE_MS).unref();
    } finally {
      this.reading = null;
    }
    if (held) this.retryHeld();
    else this.heldRetryMs = HELD_RETRY_MIN_MS;
  }

  /**
   * Waits until this read may start (READ_SPACING_PER_SOCKET_MS), unless it is urgent. Checked
   * against the clock again after each timer: a timer counts from the event loop's time, taken
   * when the loop's turn began, so after a turn spent handing a read to a thousand sockets it
   * fires early by that long.
   */
  private async spaced(): Promise<void> {
    const spacing = Math.min(READ_SPACING_MAX_MS, this.connections.size * READ_SPACING_PER_SOCKET_MS);
    const start = this.lastReadAt + spacing;
    let wait: number;
    while ((wait = start - performance.now()) >= 1 && !this.urgentRead && !this.discarded) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => this.wake?.(), wait);
        this.wake = () => {
          clearTimeout(timer);
          this.wake = null;
          resolve();
        };
      });
    }
  }

  /** Reads again soon: a committed event waits for an older transaction still open. */
  private retryHeld(): void {
    if (this.heldTimer || this.discarded) return;
    const delay = this.heldRetryMs;
    this.heldRetryMs = Math.min(HELD_RETRY_MAX_MS, delay * 2);
    this.heldTimer = setTimeout(() => {
      this.heldTimer = null;
      this.poke();
    }, delay);
    this.heldTimer.unref();
  }

  /**
   * One read's events to the sockets, in order, each socket's share at once (one frame, or its
   * frames written together). Cut at the two events the hub acts on itself: membership first, so
   * the event announcing it and every later one use the new teams; a revoked session's sockets
   * get everything before their revocation, then close.
   */
  private async deliver(events: HubEvent[]): Promise<void> {
    let start = 0;
    for (const [i, event] of events.entries()) {
      if (event.type === "team.membership" && event.userId) {
        this.fanOut(events.slice(start, i));
        start = i;
        await this.refreshTeams([event.userId]);
      } else if (event.type === "session.revoked") {
        this.fanOut(events.slice(start, i + 1));
        start = i + 1;
        this.closeRevoked(event);
      }
    }
    this.fanOut(events.slice(start));
  }

  /**
   * Events to every socket allowed to see them. Each event is encoded once for all sockets, and
   * each distinct batch frame once for all the sockets given the same events (ws would encode a
   * string again for every socket).
   */
  private fanOut(events: HubEvent[]): void {
    const last = events.at(-1);
    if (!last) return;
    // Encoded when a first socket may see it: an event nobody here sees is never encoded.
    const encoded: Outgoing[] = [];
    const outgoingOf = (event: HubEvent, i: number) => (encoded[i] ??= { position: event.position, wire: Buffer.from(hubWire(event)) });
    const frames = new Map<string, Buffer>();
    for (const conn of this.connections) {
      const seen: Outgoing[] = [];
      events.forEach((event, i) => {
        if (canSee(conn.viewer, event)) seen.push(outgoingOf(event, i));
      });
      if (seen.length === 0) continue;
      const key = seen.length === events.length ? "all" : seen.map((e) => e.position).join(",");
      conn.push(seen, () => {
        let frame = frames.get(key);
        if (!frame) frames.set(key, (frame = batchFrame(seen.map((e) => e.wire))));
        return frame;
      });
    }
    this.position = last.position;
  }

  /** The one event whose payload the hub reads itself: closes the revoked session's sockets. */
  private closeRevoked(event: HubEvent): void {
    const { sessionId, reason } = JSON.parse(event.payloadJson) as { sessionId?: unknown; reason?: unknown };
    for (const conn of this.connections) {
      if (conn.viewer.sessionId === sessionId) conn.close(closeCodeFor(typeof reason === "string" ? reason : null), "session ended");
    }
  }

  private async refreshTeams(userIds: string[]): Promise<void> {
    const teams = await withTenant(this.db, this.orgId, (tx) => teamsOfUsers(tx, this.orgId, userIds));
    for (const conn of this.connections) {
      const now = teams.get(conn.viewer.userId);
      if (now) conn.viewer.teamIds = now;
    }
  }

  /**
   * The periodic safety net: re-reads the log (a lost signal costs at most one sweep of delay),
   * closes sockets whose session ended by any path (logout, password change, idle, removal —
   * not only those announced by session.revoked), and refreshes everyone's teams.
   */
  async sweep(): Promise<void> {
    this.poke();
    const conns = [...this.connections];
    if (conns.length === 0) return;
    const sessionIds = [...new Set(conns.map((c) => c.viewer.sessionId))];
    const userIds = [...new Set(conns.map((c) => c.viewer.userId))];
    const { sessions, teams } = await withTenant(this.db, this.orgId, async (tx) => ({
      sessions: await sessionsByIds(tx, this.orgId, sessionIds),
      teams: await teamsOfUsers(tx, this.orgId, userIds),
    }));
    const byId = new Map(sessions.map((s) => [s.id, s]));
    for (const conn of conns) {
      const ended = sessionEnded(byId.get(conn.viewer.sessionId));
      if (ended) conn.close(ended, "session ended");
      else conn.viewer.teamIds = teams.get(conn.viewer.userId) ?? new Set();
    }
  }
}
