import { randomBytes, randomInt } from "node:crypto";
import type {
  Carrier,
  CarrierHandler,
  CarrierInboundEvent,
  CarrierStatusEvent,
  InboundResult,
  OutboundMedia,
  OutboundMms,
  OutboundSms,
} from "../carrier.ts";
import { SandboxPhoneLog } from "./phone-log.ts";

export type SandboxOptions = {
  /** Delay between two simulated status callbacks (sending → sent → delivered). */
  deliveryMs: number;
  /** Share of sends that fail (0 to 1), drawn per message. */
  failureRate: number;
};

export type SandboxOutboxEntry = {
  carrierMessageId: string;
  idempotencyKey: string;
  from: string;
  to: string;
  body: string;
  /** The files of an MMS, as the phone would fetch them (public signed links); empty for a text alone. */
  media: OutboundMedia[];
  status: "sending" | "sent" | "delivered" | "failed";
  failureReason: string | null;
  sentAt: Date;
};

/** How many texts the sandbox keeps in memory, oldest dropped first. */
const OUTBOX_MAX = 5000;

const newSid = () => `SM${randomBytes(16).toString("hex")}`;

/**
 * A simulated telephone network inside the process (DESIGN §6): sends land in an outbox the phone
 * simulator reads, statuses come back through the same handler a Twilio callback would reach, and
 * `receive` injects a text as if a phone sent it.
 */
export class SandboxCarrier implements Carrier {
  readonly kind = "sandbox" as const;
  private handler: CarrierHandler | null = null;
  private readonly outbox = new Map<string, SandboxOutboxEntry>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;
  /** What the simulated phones sent, for the phone simulator (the inbound route records there). */
  readonly phoneLog = new SandboxPhoneLog();

  constructor(
    private opts: SandboxOptions,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** How the network behaves now. */
  settings(): SandboxOptions {
    return { ...this.opts };
  }

  /** New delay and failure rate, from the next send on (texts under way keep their timers). */
  configure(next: SandboxOptions): void {
    this.opts = { deliveryMs: next.deliveryMs, failureRate: next.failureRate };
  }

  setHandler(handler: CarrierHandler): void {
    this.handler = handler;
  }

  /** Records the text under its idempotency key (the same key twice sends once), then simulates its statuses. */
  async sendSms(sms: OutboundSms): Promise<{ carrierMessageId: string }> {
    return this.send(sms, []);
  }

  /** An MMS: the same as a text, its files' links kept in the outbox for the simulated phone. */
  async sendMms(mms: OutboundMms): Promise<{ carrierMessageId: string }> {
    return this.send(mms, mms.media);
  }

  private send(sms: OutboundSms, media: OutboundMedia[]): { carrierMessageId: string } {
    const known = this.outbox.get(sms.idempotencyKey);
    if (known) return { carrierMessageId: known.carrierMessageId };
    const entry: SandboxOutboxEntry = {
      carrierMessageId: newSid(),
      idempotencyKey: sms.idempotencyKey,
      from: sms.from,
      to: sms.to,
      body: sms.body,
      media: media.map((m) => ({ contentType: m.contentType, url: m.url })),
      status: "sending",
      failureReason: null,
      sentAt: new Date(),
    };
    this.outbox.set(sms.idempotencyKey, entry);
    if (this.outbox.size > OUTBOX_MAX) {
      const oldest = this.outbox.keys().next().value;
      if (oldest !== undefined) this.outbox.delete(oldest);
    }
    const fails = this.opts.failureRate > 0 && Math.random() < this.opts.failureRate;
    this.later(this.opts.deliveryMs, () => void this.simulateDelivery(entry, fails));
    return { carrierMessageId: entry.carrierMessageId };
  }

  /**
   * A text from a phone to a clinic number, handled as a carrier webhook would be. A given
   * carrier id replays a delivery (a webhook retried by the network).
   */
  async receive(
    text: Omit<CarrierInboundEvent, "carrierMessageId"> & { carrierMessageId?: string },
  ): Promise<InboundResult & { carrierMessageId: string }> {
    if (!this.handler) throw new Error("sandbox carrier: no handler registered");
    const carrierMessageId = text.carrierMessageId ?? newSid();
    const result = await this.track(this.handler.onInbound({ ...text, carrierMessageId }));
    return { ...result, carrierMessageId };
  }

  /**
   * A status callback as the network would send it, through the same handler as the simulated
   * ones (tests use it to deliver statuses late, twice or out of order).
   */
  async callback(event: CarrierStatusEvent): Promise<void> {
    if (!this.handler) throw new Error("sandbox carrier: no handler registered");
    await this.track(this.handler.onStatus(event));
  }

  /** What the sandbox delivered (or tried to) to one phone, oldest first. */
  outboxFor(to: string): SandboxOutboxEntry[] {
    return [...this.outbox.values()].filter((e) => e.to === to);
  }

  /** Every entry; for tests. */
  allSent(): SandboxOutboxEntry[] {
    return [...this.outbox.values()];
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * "sent", then the final status one delay after "sent" was handled — not one delay after the
   * send: two timers racing under load could report "delivered" before "sent" was recorded.
   */
  private async simulateDelivery(entry: SandboxOutboxEntry, fails: boolean): Promise<void> {
    await this.report(entry, "sent");
    this.later(this.opts.deliveryMs, () =>
      fails ? void this.report(entry, "failed", "sandbox: simulated network failure") : void this.report(entry, "delivered"),
    );
  }

  /** Reports a status to the handler; resolves once it was handled (or failed, which is logged). */
  private async report(
    entry: SandboxOutboxEntry,
    status: "sent" | "delivered" | "failed",
    failureReason: string | null = null,
  ): Promise<void> {
    entry.status = status;
    entry.failureReason = failureReason;
    const handler = this.handler;
    if (!handler) return;
    await this.track(
      handler.onStatus({ carrierMessageId: entry.carrierMessageId, idempotencyKey: entry.idempotencyKey, status, failureReason }),
    ).catch(this.onError);
  }

  private later(ms: number, fn: () => void) {
    if (this.closed) return;
    // A little jitter, as a real network has, but "sent" always before "delivered".
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (!this.closed) fn();
      },
      ms + (ms > 0 ? randomInt(0, Math.max(1, Math.floor(ms / 10))) : 0),
    );
    this.timers.add(timer);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => undefined);
    return p;
  }
}

export function createSandboxCarrier(opts: SandboxOptions, onError?: (err: unknown) => void): SandboxCarrier {
  return new SandboxCarrier(opts, onError);
}
