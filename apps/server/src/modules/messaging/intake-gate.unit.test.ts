import { describe, expect, it } from "vitest";
import { createIntakeGate } from "./intake-gate.ts";

/** A report that runs until `finish` is called, noting how many ran beside it. */
function report(log: { running: number; most: number; order: number[] }, n: number) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const run = async () => {
    log.running++;
    log.most = Math.max(log.most, log.running);
    log.order.push(n);
    await done;
    log.running--;
    if (n === 3) throw new Error("report 3 failed");
    return n;
  };
  return { run, finish: () => finish() };
}

describe("the carrier reports' gate", () => {
  it("runs at most its limit at once, the rest in arrival order, and a failed report frees its place", async () => {
    const gate = createIntakeGate(2);
    const log = { running: 0, most: 0, order: [] as number[] };
    const reports = [1, 2, 3, 4, 5].map((n) => report(log, n));
    const results = reports.map((r) => gate(r.run).catch((err: unknown) => (err as Error).message));
    await Promise.resolve();
    expect(log.order).toEqual([1, 2]);
    reports[1]?.finish();
    reports[0]?.finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log.order).toEqual([1, 2, 3, 4]);
    reports[2]?.finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log.order).toEqual([1, 2, 3, 4, 5]);
    reports[3]?.finish();
    reports[4]?.finish();
    expect(await Promise.all(results)).toEqual([1, 2, "report 3 failed", 4, 5]);
    expect(log.most).toBe(2);
  });
});
