import type { Db } from "../../db/database.ts";
import type { MessagingDeps } from "../messaging/index.ts";
import type { VoiceCarrier } from "./carrier.ts";

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** What the calls service works with: built once per app (app.ts) and kept for the carrier entry points. */
export type CallsDeps = {
  db: Db;
  owner: Db;
  carrier: VoiceCarrier;
  messaging: MessagingDeps;
  log: Log;
  /** Offers whose tab did not ack within this time are declined (decision 0021). */
  ackTimeoutMs: number;
  presenceTtlMs: number;
};

let current: CallsDeps | null = null;

/**
 * The calls deps of the app built last in this process. The carrier entry points
 * (receiveInboundCall, applyCarrierEvent) take no dependencies, so they find it here; a process
 * runs one app (tests build one per file).
 */
export function setCallsDeps(deps: CallsDeps | null): void {
  current = deps;
}

export function callsDeps(): CallsDeps {
  if (!current) throw new Error("the calls module is not started (buildApp registers it)");
  return current;
}
