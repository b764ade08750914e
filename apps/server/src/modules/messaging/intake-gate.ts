import pLimit from "p-limit";

/**
 * How many carrier reports (inbound texts, delivery statuses) run at once in one server
 * process. The app pool holds 20 connections (db/database.ts) and each report holds one at a
 * time: with at most 8 of them, a burst of texts queues here, in order, while a call's offer,
 * a page load and the real-time hub still find connections free (issue 12 §7: the offer must
 * not wait behind texts). Below the gate's limit nothing waits; above it texts take longer, as
 * they would have in the pool's own queue, and none is dropped.
 */
export const CARRIER_REPORTS_AT_ONCE = 8;

export type IntakeGate = <T>(report: () => Promise<T>) => Promise<T>;

export function createIntakeGate(limit = CARRIER_REPORTS_AT_ONCE): IntakeGate {
  const gate = pLimit(limit);
  return (report) => gate(report);
}
