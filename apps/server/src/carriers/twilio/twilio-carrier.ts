import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import {
  CarrierSendError,
  type Carrier,
  type CarrierHandler,
  type CarrierInboundEvent,
  type CarrierStatusEvent,
  type InboundResult,
  type OutboundMms,
  type OutboundSms,
} from "../carrier.ts";

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** Where Twilio reaches Relais (PUBLIC_URL): status callbacks and the URL that signatures cover. */
  publicUrl: string;
  /**
   * Another base for the REST API than https://api.twilio.com (TWILIO_API_BASE): tests point it
   * at a local stand-in, so no request ever leaves the machine.
   */
  apiBase?: string | undefined;
};

/** The REST host the SDK calls; every request to it is sent to `apiBase` instead when one is set. */
const TWILIO_API = "https://api.twilio.com";

/** Twilio accepts and forwards media up to 5 MB: a download past it is not one of theirs. */
const TWILIO_MEDIA_MAX_BYTES = 5 * 1024 * 1024;

/** Sends every SDK request to `base` instead of Twilio's own hosts, and refuses any other address (the voice carrier uses it too). */
export class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: 10_000 });
  }

  override async request<TData>(opts: RequestClient.RequestOptions<TData>) {
    if (!opts.uri.startsWith(`${TWILIO_API}/`)) throw new Error(`twilio carrier: unexpected request to ${opts.uri}`);
    return super.request<TData>({ ...opts, uri: `${this.base}${opts.uri.slice(TWILIO_API.length)}` });
  }
}

/** The reason the network gave, as stored on a failed message: "twilio-21211: Invalid 'To' Phone Number". */
export function twilioReason(code: number | string | null | undefined, message?: string | null): string {
  const prefix = code ? `twilio-${code}` : "twilio-error";
  return message ? `${prefix}: ${message}`.slice(0, 200) : prefix;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/**
 * Twilio's webhook signature check, for texts and calls alike: the URL signed is PUBLIC_URL +
 * the request's path and query, never the host the request arrived on (a proxy or an attacker
 * chooses that one).
 */
export function validTwilioSignature(
  authToken: string,
  publicUrl: string,
  signature: string | undefined,
  path: string,
  params: Record<string, unknown>,
): boolean {
  if (!signature) return false;
  return twilio.validateRequest(authToken, signature, `${trimSlash(publicUrl)}${path}`, params);
}

/**
 * Programmable Messaging through the official SDK (DESIGN §6). Outbound texts go through
 * `messages.create`; inbound texts and delivery statuses arrive as signed webhooks
 * (webhooks.ts), which call `receive` and `status`, turned into the same two handler calls as
 * the sandbox's.
 *
 * Idempotency: the Messages API has no idempotency header, so the guarantee is kept on our side.
 * The messaging service sends each key once (dispatch runs once per committed attempt, and a
 * retry is a new attempt with a new key); the durable job queue that will replace the in-process
 * dispatch retries with the same key and must first check the message's stored carrierMessageId,
 * sending only when it is still empty. The key also rides in the status callback URL, so a status
 * finds its message even before the sid is stored.
 */
export class TwilioCarrier implements Carrier {
  readonly kind = "twilio" as const;
  readonly publicUrl: string;
  private handler: CarrierHandler | null = null;
  private readonly client: twilio.Twilio;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly opts: TwilioOptions) {
    this.publicUrl = trimSlash(opts.publicUrl);
    this.client = twilio(opts.accountSid, opts.authToken, {
      ...(opts.apiBase ? { httpClient: new RedirectingRequestClient(trimSlash(opts.apiBase)) } : {}),
    });
  }

  setHandler(handler: CarrierHandler): void {
    this.handler = handler;
  }

  async sendSms(sms: OutboundSms): Promise<{ carrierMessageId: string }> {
    return this.create(sms, []);
  }

  /** An MMS: Twilio fetches each MediaUrl (the signed public links) and sends the files with the text. */
  async sendMms(mms: OutboundMms): Promise<{ carrierMessageId: string }> {
    return this.create(
      mms,
      mms.media.map((m) => m.url),
    );
  }

  private async create(sms: OutboundSms, mediaUrl: string[]): Promise<{ carrierMessageId: string }> {
    const statusCallback = `${this.publicUrl}/api/webhooks/twilio/status?key=${encodeURIComponent(sms.idempotencyKey)}`;
    try {
      const message = await this.client.messages.create({
        from: sms.from,
        to: sms.to,
        // A picture alone has no text: Twilio wants Body or MediaUrl, not an empty Body.
        ...(sms.body || mediaUrl.length === 0 ? { body: sms.body } : {}),
        ...(mediaUrl.length ? { mediaUrl } : {}),
        statusCallback,
      });
      return { carrierMessageId: message.sid };
    } catch (err) {
      if (err instanceof twilio.RestException) throw new CarrierSendError(twilioReason(err.code, err.message), err.status);
      throw new CarrierSendError(twilioReason(null, err instanceof Error ? err.message : String(err)), null);
    }
  }

  /** Whether `signature` (X-Twilio-Signature) signs these POST params for `path` (with its query) under PUBLIC_URL. */
  validSignature(signature: string | undefined, path: string, params: Record<string, unknown>): boolean {
    return validTwilioSignature(this.opts.authToken, this.publicUrl, signature, path, params);
  }

  /** An inbound text from the webhook, once its signature is checked; resolves after the durable insert. */
  async receive(event: CarrierInboundEvent): Promise<InboundResult> {
    if (!this.handler) throw new Error("twilio carrier: no handler registered");
    return this.track(this.handler.onInbound(event));
  }

  /**
   * The bytes of an inbound media file (a MediaUrl{N} of the webhook), fetched with the account's
   * credentials through the configured API base (the local stand-in in tests). Only URLs of this
   * account's resources at api.twilio.com are fetched; past TWILIO_MEDIA_MAX_BYTES it stops.
   */
  async fetchMedia(url: string): Promise<Buffer> {
    const prefix = `${TWILIO_API}/2010-04-01/Accounts/${this.opts.accountSid}/`;
    if (!url.startsWith(prefix)) throw new Error(`twilio carrier: refusing to fetch media outside the account: ${url}`);
    const target = this.opts.apiBase ? `${trimSlash(this.opts.apiBase)}${url.slice(TWILIO_API.length)}` : url;
    const credentials = Buffer.from(`${this.opts.accountSid}:${this.opts.authToken}`).toString("base64");
    // Twilio answers with a redirect to its media store; fetch drops the credentials on a redirect to another host.
    const res = await fetch(target, { headers: { authorization: `Basic ${credentials}` }, signal: AbortSignal.timeout(30_000) });
    if (!res.ok || !res.body) throw new Error(`twilio carrier: media answered ${res.status}`);
    // Node types a fetch body's chunks as `any`; they are bytes.
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > TWILIO_MEDIA_MAX_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw new Error(`twilio carrier: media over ${TWILIO_MEDIA_MAX_BYTES} bytes`);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  }

  /** A status callback, once its signature is checked. */
  async status(event: CarrierStatusEvent): Promise<void> {
    if (!this.handler) throw new Error("twilio carrier: no handler registered");
    await this.track(this.handler.onStatus(event));
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => undefined);
    return p;
  }
}

export function createTwilioCarrier(opts: TwilioOptions): TwilioCarrier {
  return new TwilioCarrier(opts);
}
