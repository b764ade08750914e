import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import type { Carrier, CarrierHandler, OutboundMms, OutboundSms } from "../../carriers/carrier.ts";

/** One line of the file carrier's log: every attempt, and whether the network took it as new. */
export type FileCarrierAttempt = { key: string; to: string; body: string; sid: string; duplicate: boolean; at: number };

/**
 * A test network that outlives the server process (the crash test): it honours idempotency keys
 * like the sandbox, but remembers them in a file, appended synchronously on every attempt, so a
 * server killed with SIGKILL and started again meets the network it left. A key seen before is
 * answered with its first carrier id and logged as a duplicate attempt: nothing goes out twice.
 */
export class FileCarrier implements Carrier {
  readonly kind = "sandbox" as const;
  private readonly accepted = new Map<string, string>();

  constructor(
    private readonly file: string,
    private readonly delayMs = 0,
  ) {
    for (const a of readAttempts(file)) if (!a.duplicate) this.accepted.set(a.key, a.sid);
  }

  setHandler(_handler: CarrierHandler): void {}

  async sendSms(sms: OutboundSms): Promise<{ carrierMessageId: string }> {
    // The network's round trip: long enough that a kill lands while sends are under way.
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    const known = this.accepted.get(sms.idempotencyKey);
    const sid = known ?? `SM${randomBytes(16).toString("hex")}`;
    if (!known) this.accepted.set(sms.idempotencyKey, sid);
    const attempt: FileCarrierAttempt = {
      key: sms.idempotencyKey,
      to: sms.to,
      body: sms.body,
      sid,
      duplicate: known !== undefined,
      at: Date.now(),
    };
    appendFileSync(this.file, `${JSON.stringify(attempt)}\n`);
    return { carrierMessageId: sid };
  }

  async sendMms(mms: OutboundMms): Promise<{ carrierMessageId: string }> {
    return this.sendSms(mms);
  }

  async close(): Promise<void> {}
}

/**
 * The attempts logged so far. A line ends in a newline once written whole: an unfinished last
 * one (read while it is being appended, or torn by a kill) is not an attempt yet.
 */
export function readAttempts(file: string): FileCarrierAttempt[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, "utf8");
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as FileCarrierAttempt);
}
