import type { Carrier } from "../../carriers/carrier.ts";
import type { Db } from "../../db/database.ts";
import type { CachedRows } from "../../platform/directory-cache.ts";
import { receiveInbound, type AfterInbound } from "./inbound-service.ts";
import type { MediaDeps } from "./media.ts";
import { applyCarrierStatus, type ContactHold } from "./outbound-service.ts";

/**
 * The messaging service of one app (app.ts builds it once): what its functions share. Where each
 * part lives: threads-service.ts (the inbox's threads and their reading), outbound-service.ts
 * (sending, the send job, delivery statuses, texts the system sends), inbound-service.ts (texts
 * contacts send, and the steps run after them), media.ts (files), call-message-service.ts and
 * email-message-service.ts (calls and emails in a thread), jobs.ts (the job worker's tasks).
 */

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** The messaging service of one app: its pool, its carrier, the sends still in flight, its inbound steps. */
export type MessagingDeps = {
  db: Db;
  carrier: Carrier;
  log: Log;
  pending: Set<Promise<void>>;
  afterInbound: readonly AfterInbound[];
  holds: readonly ContactHold[];
  /** Where media files are stored and how the network reaches them. */
  media: MediaDeps;
  /** Which team owns each clinic number, kept in memory with the directory (null: read every time). */
  phoneOwners: CachedRows<string> | null;
};

/**
 * Builds the messaging service and registers it as the carrier's handler: inbound texts and
 * delivery statuses, from the sandbox or a webhook, all go through receiveInbound/applyStatus.
 */
export function createMessaging(
  db: Db,
  carrier: Carrier,
  log: Log,
  opts: { afterInbound?: AfterInbound[]; holds?: ContactHold[]; media: MediaDeps; phoneOwners?: CachedRows<string> },
): MessagingDeps {
  const deps: MessagingDeps = {
    db,
    carrier,
    log,
    pending: new Set(),
    afterInbound: opts.afterInbound ?? [],
    holds: opts.holds ?? [],
    media: opts.media,
    phoneOwners: opts.phoneOwners ?? null,
  };
  carrier.setHandler({ onInbound: (e) => receiveInbound(deps, e), onStatus: (e) => applyCarrierStatus(deps, e) });
  return deps;
}

/** Waits for the sends in flight (app close), so none runs on a closed pool. */
export async function drainMessaging(deps: MessagingDeps): Promise<void> {
  while (deps.pending.size) await Promise.allSettled([...deps.pending]);
}
