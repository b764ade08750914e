import { withTenant, type Db } from "../../db/database.ts";
import * as repo from "./repo.ts";

type Ack = { callId: string; userId: string };
type Log = { error: (obj: object, msg: string) => void };

/**
 * Offer acks, written a few at a time. Ten people rung send ten acks within milliseconds; each
 * alone would be a transaction of its own (four round trips). The ack only has to land before
 * the ack check (OFFER_ACK_TIMEOUT_MS, seconds away), so acks of one organisation arriving
 * within `delayMs` are written in one statement. A failed write is logged: the ack check then
 * declines those offers, the safe side (the others keep ringing, decision 0021).
 */
export class AckBatch {
  private readonly pending = new Map<string, Ack[]>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly delayMs = 15,
  ) {}

  add(orgId: string, ack: Ack): void {
    const list = this.pending.get(orgId);
    if (list) list.push(ack);
    else this.pending.set(orgId, [ack]);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.delayMs);
      // A pending flush never keeps a stopping process alive; the ack check covers a lost ack.
      this.timer.unref();
    }
  }

  /** Writes every ack received so far; resolves once they are committed. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches = [...this.pending];
    this.pending.clear();
    this.flushing = this.flushing.then(async () => {
      for (const [orgId, acks] of batches) {
        try {
          await withTenant(this.db, orgId, (tx) => repo.ackOffers(tx, orgId, acks));
        } catch (err) {
          this.log.error({ err, orgId, acks: acks.length }, "offer acks not written");
        }
      }
    });
    return this.flushing;
  }
}
