/**
 * The only place where Relais meets a telephone network (DESIGN §6). An adapter sends texts and
 * reports what the network tells it — inbound texts and delivery statuses — to the one handler
 * the messaging service registers. The sandbox adapter simulates the network inside the process;
 * the Twilio adapter turns signed webhooks into the same two calls.
 */

/** A send the network refused; `reason` is what the failed message records (e.g. "twilio-21211: …"). */
export class CarrierSendError extends Error {
  constructor(
    readonly reason: string,
    readonly status: number | null = null,
  ) {
    super(`the carrier refused the text: ${reason}`);
  }
}

export type OutboundSms = {
  from: string;
  to: string;
  body: string;
  /**
   * Names one send attempt. The same key twice sends once, so a step retried after a crash
   * between "record" and "send" never texts the contact twice.
   */
  idempotencyKey: string;
};

/** A file of an outbound MMS: where the network fetches it (a signed public link) and its type. */
export type OutboundMedia = { contentType: string; url: string };

/** A text with files (DESIGN §6 sendMms): the same idempotency rule as a text alone. */
export type OutboundMms = OutboundSms & { media: OutboundMedia[] };

/** A delivery status reported by the network after a send. */
export type CarrierStatusEvent = {
  carrierMessageId: string;
  /**
   * The key of the attempt, when the carrier hands it back (the sandbox does; Twilio will carry
   * it in the status callback URL): it finds the message even before its carrier id is stored.
   */
  idempotencyKey?: string | null;
  status: "sent" | "delivered" | "failed";
  failureReason?: string | null;
};

/**
 * A file that came with an inbound text. Its bytes are read only when the messaging service
 * stores it, after it has checked that the text is not a replayed delivery (Twilio: a download).
 */
export type InboundMedia = {
  /** The name the phone gave it, if any (Twilio gives none). */
  filename: string | null;
  read: () => Promise<Buffer>;
};

/** A text a phone sent to one of the organisation's numbers; its body may be empty when it carries media. */
export type CarrierInboundEvent = {
  carrierMessageId: string;
  from: string;
  to: string;
  body: string;
  media?: InboundMedia[];
};

export type InboundResult = { threadId: string; messageId: string } | { duplicate: true };

/** What the messaging service does with what the network reports. */
export type CarrierHandler = {
  onInbound: (event: CarrierInboundEvent) => Promise<InboundResult>;
  onStatus: (event: CarrierStatusEvent) => Promise<void>;
};

export interface Carrier {
  readonly kind: "sandbox" | "twilio";
  sendSms: (sms: OutboundSms) => Promise<{ carrierMessageId: string }>;
  /** A text with files, each fetched by the network from its public signed URL. */
  sendMms: (mms: OutboundMms) => Promise<{ carrierMessageId: string }>;
  /** The messaging service registers itself once, when the app is built. */
  setHandler: (handler: CarrierHandler) => void;
  /** Stops timers and waits for callbacks in flight (app close). */
  close: () => Promise<void>;
}
